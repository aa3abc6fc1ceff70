/**
 * Payment deadlines (scadenze) from a payment modality's rows (rules §5.2–5.3) and from a
 * received invoice's DatiPagamento.
 */
import { allocate, type Cents, type PercentInput } from "@/lib/money";
import { addDays, addMonths, endOfMonth, isIsoDate, startOfMonth } from "./dates";
import type { ModalitaPagamento } from "./codes";

/** The product's expiration types. */
export type ExpirationType = "Dalla data fattura" | "Fine mese" | "Dal primo del mese";

export interface PaymentModalityRow {
  expirationType: ExpirationType;
  /** "Dopo quanti giorni" (≥ 0). */
  paymentDay: number;
  /** "Dopo quanti mesi" (≥ 0). */
  monthsAfter: number;
  /** Share of the amount, percent ("100", "33,33"); rows must sum to 100. */
  amountPercentage: PercentInput;
}

export interface Deadline {
  dueDate: string;
  amount: Cents;
  /** Human explanation, e.g. "Fine mese: 31/01/2025 + 1 mese → 28/02/2025 + 10 giorni". */
  explanation: string;
  method?: ModalitaPagamento;
}

function it(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/**
 * Due date of one row:
 * - Dalla data fattura: invoice date + months (day clamped to month end) + days;
 * - Fine mese: last day of (invoice month + months), then + days;
 * - Dal primo del mese: first day of (invoice month + months), then + days.
 */
export function dueDateFor(invoiceDate: string, row: Pick<PaymentModalityRow, "expirationType" | "paymentDay" | "monthsAfter">): string {
  if (!isIsoDate(invoiceDate)) throw new Error(`Data fattura non valida: "${invoiceDate}"`);
  const { paymentDay, monthsAfter } = row;
  if (!Number.isInteger(paymentDay) || paymentDay < 0) throw new Error('Il campo "Dopo quanti giorni" deve essere un numero intero');
  if (!Number.isInteger(monthsAfter) || monthsAfter < 0) throw new Error('Il campo "Dopo quanti mesi" deve essere un numero intero');
  switch (row.expirationType) {
    case "Dalla data fattura":
      return addDays(addMonths(invoiceDate, monthsAfter), paymentDay);
    case "Fine mese":
      return addDays(endOfMonth(addMonths(startOfMonth(invoiceDate), monthsAfter)), paymentDay);
    case "Dal primo del mese":
      return addDays(addMonths(startOfMonth(invoiceDate), monthsAfter), paymentDay);
    default:
      throw new Error(`Tipo di scadenza sconosciuto: ${String((row as { expirationType: unknown }).expirationType)}`);
  }
}

/**
 * Instalments of `amount` (normally the netto a pagare) over the modality rows: each share is
 * round2(amount × % / 100) half-up and the last instalment takes the remainder.
 */
export function computeDeadlines(invoiceDate: string, amount: Cents, rows: readonly PaymentModalityRow[], method?: ModalitaPagamento): Deadline[] {
  if (rows.length === 0) throw new Error("La modalità di pagamento non ha righe di scadenza");
  const amounts = allocate(amount, rows.map((r) => r.amountPercentage));
  return rows.map((row, i) => {
    const dueDate = dueDateFor(invoiceDate, row);
    const parts: string[] = [];
    const anchor =
      row.expirationType === "Fine mese" ? "fine mese" : row.expirationType === "Dal primo del mese" ? "primo del mese" : "data fattura";
    parts.push(`${row.expirationType}: ${it(invoiceDate)}`);
    if (row.monthsAfter) parts.push(`+ ${row.monthsAfter} ${row.monthsAfter === 1 ? "mese" : "mesi"}`);
    parts.push(`(${anchor})`);
    if (row.paymentDay) parts.push(`+ ${row.paymentDay} ${row.paymentDay === 1 ? "giorno" : "giorni"}`);
    parts.push(`→ ${it(dueDate)}`);
    if (i === rows.length - 1 && rows.length > 1) parts.push("(ultima rata: resto dell'importo)");
    return { dueDate, amount: amounts[i], explanation: parts.join(" "), ...(method ? { method } : {}) };
  });
}

/** Condizioni di pagamento for the XML: TP03 advance, TP01 instalments, TP02 one payment. */
export function paymentConditionFor(instalments: number, isAdvance = false): "TP01" | "TP02" | "TP03" {
  if (isAdvance) return "TP03";
  return instalments > 1 ? "TP01" : "TP02";
}

/** A DettaglioPagamento as read from a received invoice (amounts in cents). */
export interface ReceivedPaymentDetail {
  method: string;
  amount: Cents;
  dueDate?: string;
  referenceDate?: string;
  termDays?: number;
}

/**
 * Deadlines of a received invoice: the declared DataScadenzaPagamento, else
 * DataRiferimentoTerminiPagamento (or the invoice date) + GiorniTerminiPagamento, else the
 * invoice date itself.
 */
export function deadlinesFromReceived(invoiceDate: string, details: readonly ReceivedPaymentDetail[]): Deadline[] {
  return details.map((d) => {
    if (d.dueDate) return { dueDate: d.dueDate, amount: d.amount, explanation: "Data di scadenza indicata in fattura", method: d.method as ModalitaPagamento };
    const ref = d.referenceDate ?? invoiceDate;
    const days = d.termDays ?? 0;
    return {
      dueDate: addDays(ref, days),
      amount: d.amount,
      explanation: `${d.referenceDate ? "Data di riferimento" : "Data fattura"} ${it(ref)} + ${days} giorni`,
      method: d.method as ModalitaPagamento,
    };
  });
}
