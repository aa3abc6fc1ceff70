/**
 * Invoice numbering: the text of a number with the sectional's suffix ("12/A") and the date-order rule (rules §7).
 * The progressive itself is never computed here: the documents take it from their series' counter row, locked in the
 * saving transaction (db/counters.ts takeNextInto), because a max + 1 over the stored numbers races between two saves.
 */

export interface NumberedDocument {
  /** Progressive within sectional and year (1, 2, 3 …). */
  progressive: number;
  /** yyyy-mm-dd */
  date: string;
}

/** "12" or "12/A": the Numero written in the XML (≤ 20 ASCII chars, at least one digit). */
export function formatInvoiceNumber(progressive: number, suffix?: string | null): string {
  if (!Number.isSafeInteger(progressive) || progressive < 1) throw new Error("Il numero progressivo deve essere un intero positivo");
  const s = (suffix ?? "").trim();
  const n = s ? `${progressive}/${s}` : String(progressive);
  if (n.length > 20) throw new Error("Il numero della fattura non può superare 20 caratteri");
  if (!/^[\x20-\x7e]+$/.test(n)) throw new Error("Il suffisso del sezionale può contenere solo caratteri ASCII");
  return n;
}

/**
 * Date-order rule (tenant flag invoiceCheckNumerationDates): within a sectional and year a
 * higher number must not carry an earlier date, nor a lower number a later date.
 * Returns the Italian message, or null when the date is allowed.
 */
export function checkNumberDateOrder(existing: readonly NumberedDocument[], candidate: NumberedDocument): string | null {
  const year = candidate.date.slice(0, 4);
  for (const d of existing) {
    if (d.date.slice(0, 4) !== year || d.progressive === candidate.progressive) continue;
    if (d.progressive < candidate.progressive && d.date > candidate.date) {
      return `La data deve essere uguale o successiva al ${itDate(d.date)}, data della fattura n. ${d.progressive}`;
    }
    if (d.progressive > candidate.progressive && d.date < candidate.date) {
      return `La data deve essere uguale o precedente al ${itDate(d.date)}, data della fattura n. ${d.progressive}`;
    }
  }
  return null;
}

function itDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
