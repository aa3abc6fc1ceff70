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
import { TIPI_DOCUMENTO } from "@/lib/fiscal/codes";
import { attachmentsInput, attachmentsResponse } from "./attachment";
import { defineApi, optionSchema, recordFields } from "./entity";
import { centsField, dateField, optionalDate, optionalEntityRef, optionalText, requiredRef, rowIdentity, versionField } from "./fields";
import { checkPaidDeadline } from "./invoice";

/** Fatture d'acquisto: GET/POST /api/expenses…, JSON field "expense". */
export const expenseApi = defineApi({ field: "expense", url: "/api/expenses", table: "expenses" });

export const EXPENSE_DEADLINE_STATES = ["Da saldare", "Stornato", "Saldato"] as const;

/** The FatturaPA 1.2.3 TipoDocumento values a received file may carry (TD04 and TD08 are credits from the supplier). */
export const EXPENSE_DOCUMENT_TYPES = ["TD01", "TD02", "TD03", "TD04", "TD05", "TD06", "TD07", "TD08", "TD09", "TD16", "TD17", "TD18", "TD19", "TD20", "TD21", "TD22", "TD23", "TD24", "TD25", "TD26", "TD27", "TD28", "TD29"] as const;
export type ExpenseDocumentType = (typeof EXPENSE_DOCUMENT_TYPES)[number];
export type ExpenseDeadlineState = (typeof EXPENSE_DEADLINE_STATES)[number];
/** spec §9: a new deadline is 'Da saldare'; the smallest amount is 1 (cent). */
export const DEFAULT_DEADLINE_STATE: ExpenseDeadlineState = "Da saldare";
export const MIN_DEADLINE_AMOUNT = 1;

/**
 * TipoDocumento of a received CREDIT (issue 28): TD04 (nota di credito), TD08 (nota di credito semplificata). The
 * supplier owes it back: never an amount to pay (the import, the Scadenziario, the supplier's balance read this list).
 */
export const RECEIVED_CREDIT_TYPES = ["TD04", "TD08"] as const;
export const isReceivedCredit = (documentType: string | null | undefined) => (RECEIVED_CREDIT_TYPES as readonly string[]).includes(documentType ?? "");

/** The simplified invoice's types (DPR 633/72 art. 21-bis), which lib/fiscal/codes.ts (the ordinary schema's) lacks. */
const SIMPLIFIED_TYPES: Record<string, string> = { TD07: "Fattura semplificata", TD08: "Nota di credito semplificata", TD09: "Nota di debito semplificata" };
/** 'TD04 Nota di credito': the list's and the form's label of a TipoDocumento (an unknown code as it is). */
export function documentTypeLabel(code: string): string {
  const label = (TIPI_DOCUMENTO as Record<string, string>)[code] ?? SIMPLIFIED_TYPES[code];
  return label ? `${code} ${label}` : code;
}

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
  documentType: 'Il campo "Tipo documento" non è valido',
  splitPaymentVat: 'Il campo "IVA in scissione dei pagamenti" non è un importo valido',
  documentAdjustment: 'Il campo "Sconti e arrotondamenti del documento" non è un importo valido',
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
   * The FatturaPA TipoDocumento (issue 28). Absent: kept on an update, TD01 on a create. A credit from the supplier
   * (TD04, TD08) is saved with its amounts negative whatever sign they are typed with (db/queries/expenses.ts).
   */
  documentType: z.enum(EXPENSE_DOCUMENT_TYPES, { error: EXPENSE_MESSAGES.documentType }).optional(),
  /**
   * Split payment: the part of the total not owed to the supplier (the VAT paid to the State). Absent: kept on an
   * update (an imported split-payment invoice edited keeps it), 0 on a create. The JSON's amountDue (total less it)
   * is read-only: sent back, it is ignored.
   */
  splitPaymentVat: centsField(EXPENSE_MESSAGES.splitPaymentVat).optional(),
  /** Document-level discounts, surcharges and rounding (an imported file's): part of the total. Absent: kept. */
  documentAdjustment: centsField(EXPENSE_MESSAGES.documentAdjustment).optional(),
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
export function expenseTotal(e: { taxable: number; totalVat: number; withholdingTaxPercentage: number; withholdingTaxPercentagePlus: number; documentAdjustment?: number }): number {
  return e.taxable + e.totalVat + (e.documentAdjustment ?? 0) + e.withholdingTaxPercentage + e.withholdingTaxPercentagePlus;
}

/** What is owed to the supplier: the total less the split-payment VAT (paid to the State). */
export function expenseAmountDue(e: Parameters<typeof expenseTotal>[0] & { splitPaymentVat?: number }): number {
  return expenseTotal(e) - (e.splitPaymentVat ?? 0);
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
  /** The bank movement that paid it (issue 32, Banca), or null. */
  bankMovement: z.object({ id: z.number().int(), bookingDate: z.string(), description: z.string(), amount: z.number().int() }).nullable().optional(),
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
  /** TipoDocumento (TD01…); TD04/TD08 are credits, with negative amounts. */
  documentType: z.string(),
  /** Document-level discounts and rounding, part of the total. */
  documentAdjustment: z.number().int(),
  /** Split payment: the part of the total paid to the State, not to the supplier. */
  splitPaymentVat: z.number().int(),
  /** Read-only: what is owed to the supplier, the total less splitPaymentVat (expenseAmountDue). */
  amountDue: z.number().int(),
  /** Of an imported file: "verificata" | "presente, non verificata" | "assente"; null when not imported. */
  signature: z.string().nullable(),
  /** The supplier's identifiers our checks refuse but SDI delivered (Italian warnings). */
  supplierWarnings: z.array(z.string()),
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
