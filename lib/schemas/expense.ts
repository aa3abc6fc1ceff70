/**
 * Fatture d'acquisto (spec §3 Purchase invoice, "expense"): one schema shared by the form 'Inserimento / Modifica
 * fattura di acquisto' and POST /api/expenses[/{id}] (multipart, JSON field "expense", with the parts
 * electronicInvoiceXmlFileContent, electronicInvoiceOriginalFileContent and filesContent[index]).
 *
 * Money is integer cents, names as the spec's JSON: withholdingTaxPercentage ('Ritenuta d'acconto') and
 * withholdingTaxPercentagePlus ('Altra ritenuta') are AMOUNTS despite their names (columns withholding_tax_amount
 * and withholding_tax_amount_plus).
 *
 * Displayed total (spec §3: taxable + totalVat + both withholding amounts), decision: the withholding amounts are
 * signed as they enter what is owed to the supplier. A ritenuta the buyer keeps (and pays to the Erario itself) is
 * written NEGATIVE (e.g. −200,00 on a fee of 1.000,00), so the spec's sum is the amount due to the supplier (the
 * FatturaPA's netto a pagare: ImportoTotaleDocumento − ImportoRitenuta) and the deadlines are scheduled on it; a
 * positive figure adds to what is owed. An imported file therefore stores −ImportoRitenuta.
 */
import { z } from "zod";
import { attachmentsInput, attachmentsResponse } from "./attachment";
import { defineApi, optionSchema, recordFields } from "./entity";
import { centsField, dateField, optionalDate, optionalEntityRef, optionalText, requiredRef, rowIdentity, versionField } from "./fields";
import { checkPaidDeadline } from "./invoice";

/** Fatture d'acquisto: GET/POST /api/expenses…, JSON field "expense". */
export const expenseApi = defineApi({ field: "expense", url: "/api/expenses", table: "expenses" });

export const EXPENSE_DEADLINE_STATES = ["Da saldare", "Stornato", "Saldato"] as const;
export type ExpenseDeadlineState = (typeof EXPENSE_DEADLINE_STATES)[number];
/** spec §9: a new deadline is 'Da saldare'; the smallest amount is 1 (cent). */
export const DEFAULT_DEADLINE_STATE: ExpenseDeadlineState = "Da saldare";
export const MIN_DEADLINE_AMOUNT = 1;

/** Multipart parts of a save beside `expense` and filesContent[index]. */
export const XML_FILE_PART = "electronicInvoiceXmlFileContent";
export const ORIGINAL_FILE_PART = "electronicInvoiceOriginalFileContent";

/** The spec's messages (§5 Purchase invoice, §4) and ours. */
export const EXPENSE_MESSAGES = {
  documentDate: 'Il campo "Data documento" è richiesto',
  documentDateInvalid: 'Il campo "Data documento" non è una data valida',
  contact: 'Il campo "Fornitore" è richiesto',
  contactUnknown: "Il fornitore scelto non esiste",
  bankAccountUnknown: "Il conto corrente scelto non esiste",
  paymentModalityUnknown: "La modalità di pagamento scelta non esiste",
  deadlineBankAccountUnknown: "Il conto corrente della scadenza non esiste",
  taxable: 'Il campo "Imponibile" non è un importo valido',
  totalVat: 'Il campo "IVA" non è un importo valido',
  withholding: 'Il campo "Ritenuta d\'acconto" non è un importo valido',
  withholdingPlus: 'Il campo "Altra ritenuta" non è un importo valido',
  currency: "Valuta non supportata: solo EUR",
  deadlineAmount: 'Non raggiunto il minimo da inserire nel campo "Importo"',
  deadlineDate: 'Il campo "Data scadenza" è richiesto',
  deadlineDateInvalid: 'Il campo "Data scadenza" non è una data valida',
  deadlineState: 'Il campo "Stato scadenza" è richiesto',
  paymentDateInvalid: 'Il campo "Data pagamento" non è una data valida',
  notFound: "Fattura di acquisto non trovata",
  xmlNotFound: "La fattura di acquisto non ha il file XML della fattura elettronica",
  originalNotFound: "La fattura di acquisto non ha il file originale della fattura elettronica",
  duplicated: "Fattura di acquisto duplicata",
  deleteDeadline: "Confermi la cancellazione? (Non sarà comunque effettiva fino al salvataggio)",
  confirmDuplicate: "Confermi la duplicazione?",
  duplicateDone: (name: string) => `Creazione fattura di acquisto ${name} riuscita`,
} as const;

const enumError = (message: string) => ({ error: () => message });

/** A deadline row (Scadenze of the purchase invoice). The payment date is kept only in 'Saldato' (spec §4). */
export const expenseDeadlineSchema = z
  .object({
    ...rowIdentity,
    /** Answered for the Scadenziario; on a save the supplier of the invoice is always the deadline's contact. */
    contact: optionalEntityRef,
    amount: z
      .number({ error: EXPENSE_MESSAGES.deadlineAmount })
      .int(EXPENSE_MESSAGES.deadlineAmount)
      .min(MIN_DEADLINE_AMOUNT, EXPENSE_MESSAGES.deadlineAmount)
      .max(1e15, EXPENSE_MESSAGES.deadlineAmount),
    deadlineDate: dateField(EXPENSE_MESSAGES.deadlineDate, EXPENSE_MESSAGES.deadlineDateInvalid),
    deadlineState: z.enum(EXPENSE_DEADLINE_STATES, enumError(EXPENSE_MESSAGES.deadlineState)),
    paymentDate: optionalDate(EXPENSE_MESSAGES.paymentDateInvalid),
    bankAccount: optionalEntityRef,
    description: optionalText(1000),
  })
  .superRefine(checkPaidDeadline)
  .transform((d) => ({ ...d, paymentDate: d.deadlineState === "Saldato" ? d.paymentDate : null }));
export type ExpenseDeadlineInput = z.infer<typeof expenseDeadlineSchema>;

const money = (message: string) => centsField(message).optional().default(0);

const expenseFields = {
  documentNumber: optionalText(50),
  documentDate: dateField(EXPENSE_MESSAGES.documentDate, EXPENSE_MESSAGES.documentDateInvalid),
  contact: requiredRef(EXPENSE_MESSAGES.contact),
  bankAccount: optionalEntityRef,
  paymentModality: optionalEntityRef,
  details: optionalText(5000),
  taxable: money(EXPENSE_MESSAGES.taxable),
  totalVat: money(EXPENSE_MESSAGES.totalVat),
  /** 'Ritenuta d'acconto': an amount in cents, negative when withheld (see the module's comment). */
  withholdingTaxPercentage: money(EXPENSE_MESSAGES.withholding),
  /** 'Altra ritenuta': an amount in cents, negative when withheld. */
  withholdingTaxPercentagePlus: money(EXPENSE_MESSAGES.withholdingPlus),
  currency: z.literal("EUR", { error: EXPENSE_MESSAGES.currency }).optional().default("EUR"),
  /**
   * The Scadenze. Absent: computed from the payment modality on the amount due (as get-calculated-fields does);
   * given (even empty): kept as sent.
   */
  deadlines: z.array(expenseDeadlineSchema, { error: "Scadenze non valide" }).max(500, "Troppe scadenze (massimo 500)").optional(),
  /** Allegati (lib/schemas/attachment.ts): absent leaves them as they are. */
  files: attachmentsInput,
  /**
   * The received e-invoice files: false removes the stored file; true or absent keeps it. A part
   * electronicInvoiceXmlFileContent / electronicInvoiceOriginalFileContent replaces it.
   */
  hasXmlInvoiceFile: z.boolean().optional(),
  hasOriginalInvoiceFile: z.boolean().optional(),
  version: versionField,
};

export const expenseSchema = z.object(expenseFields);
export type ExpenseInput = z.infer<typeof expenseSchema>;

/** POST /api/expenses/get-calculated-fields: the form's invoice as it is (supplier and date may still be missing). */
export const expenseCalculationSchema = z.object({
  ...expenseFields,
  documentDate: optionalDate(EXPENSE_MESSAGES.documentDateInvalid),
  contact: optionalEntityRef,
  deadlines: z.unknown().optional(),
  files: z.unknown().optional(),
});
export type ExpenseCalculationInput = z.infer<typeof expenseCalculationSchema>;

/** What the supplier is owed, the spec's displayed total: taxable + totalVat + both (signed) withholding amounts. */
export function expenseTotal(e: { taxable: number; totalVat: number; withholdingTaxPercentage: number; withholdingTaxPercentagePlus: number }): number {
  return e.taxable + e.totalVat + e.withholdingTaxPercentage + e.withholdingTaxPercentagePlus;
}

export const expenseDeadlineResponse = z.object({
  id: z.number().int(),
  tempId: z.union([z.string(), z.number()]).optional(),
  contact: optionSchema.nullable(),
  amount: z.number().int(),
  deadlineDate: z.string(),
  deadlineState: z.enum(EXPENSE_DEADLINE_STATES),
  paymentDate: z.string().nullable(),
  bankAccount: optionSchema.nullable(),
  description: z.string(),
  version: z.number().int(),
});
export type ExpenseDeadlineJson = z.infer<typeof expenseDeadlineResponse>;

/** A purchase invoice as the API answers it. */
export const expenseResponse = z.object({
  ...recordFields,
  documentNumber: z.string(),
  documentDate: z.string(),
  contact: optionSchema,
  bankAccount: optionSchema.nullable(),
  paymentModality: optionSchema.nullable(),
  details: z.string(),
  taxable: z.number().int(),
  totalVat: z.number().int(),
  withholdingTaxPercentage: z.number().int(),
  withholdingTaxPercentagePlus: z.number().int(),
  /** Read-only: the displayed total (expenseTotal). */
  total: z.number().int(),
  currency: z.string(),
  deadlines: z.array(expenseDeadlineResponse),
  files: attachmentsResponse,
  hasOriginalInvoiceFile: z.boolean(),
  hasXmlInvoiceFile: z.boolean(),
});
export type ExpenseJson = z.infer<typeof expenseResponse>;

/** get-calculated-fields' deadlines: new rows (no id) for the form. */
export interface CalculatedExpenseDeadline {
  contact: { id: number; toString: string } | null;
  amount: number;
  deadlineDate: string;
  deadlineState: ExpenseDeadlineState;
  paymentDate: null;
  bankAccount: { id: number; toString: string } | null;
  description: string;
}

export interface ExpenseFormData {
  /** The first suppliers (the select asks GET /api/contacts/get-filtered-list?role=SUPPLIER for more). */
  contacts: { id: number; toString: string }[];
  bankAccounts: { id: number; toString: string }[];
  paymentModalities: { id: number; toString: string }[];
  deadlineStates: readonly ExpenseDeadlineState[];
  /** The Allegati list's switches and limit (spec §6: canUpload, canDelete, editable; §9: 100 MB). */
  files: { canUpload: boolean; canDelete: boolean; editable: boolean; maxBytes: number };
}
