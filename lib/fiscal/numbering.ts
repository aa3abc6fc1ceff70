/**
 * Invoice numbering: a progressive per sectional and year, with the sectional's suffix
 * ("12/A"), and the optional date-order rule (rules §7).
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

/** Reads "12/A" back to { progressive: 12, suffix: "A" }; null when it does not start with a number. */
export function parseInvoiceNumber(numero: string): { progressive: number; suffix: string | null } | null {
  const m = /^(\d+)(?:\/(.+))?$/.exec(numero.trim());
  if (!m) return null;
  return { progressive: Number(m[1]), suffix: m[2] ?? null };
}

/** Next progressive in a sectional for the year of `date`: max of that year's numbers + 1. */
export function nextProgressive(existing: readonly NumberedDocument[], date: string): number {
  const year = date.slice(0, 4);
  let max = 0;
  for (const d of existing) if (d.date.slice(0, 4) === year && d.progressive > max) max = d.progressive;
  return max + 1;
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

/** Duplicate check as the SDI does it (00404): same year of date and same Numero; TD04 may reuse a non-TD04 number. */
export function isDuplicateNumber(
  existing: readonly { numero: string; date: string; tipoDocumento: string }[],
  candidate: { numero: string; date: string; tipoDocumento: string },
): boolean {
  const year = candidate.date.slice(0, 4);
  return existing.some(
    (e) =>
      e.numero === candidate.numero &&
      e.date.slice(0, 4) === year &&
      (e.tipoDocumento === "TD04") === (candidate.tipoDocumento === "TD04"),
  );
}

function itDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
