/**
 * Documenti di vendita (fatture, note di credito, proforma, preventivi): one model, one schema shared by the
 * invoice form and POST /api/invoices[/{id}] (multipart, JSON field "invoice"). Totals are the server's
 * (read-only in the answer); the number is given by the server when the document leaves Bozza.
 */
import { z } from "zod";
import type { TipoDocumento } from "@/lib/fiscal/codes";
import { todayInRome } from "@/lib/rome-time";
import { attachmentsInput, attachmentsResponse } from "./attachment";
import { defineApi, optionSchema, recordFields } from "./entity";
import { centsField, dateField, decimalString, optionalDate, optionalEntityRef, optionalText, requiredRef, rowIdentity, versionField } from "./fields";

/** Documenti: GET/POST /api/invoices…, JSON field "invoice" (every kind; the list takes addedParams { kind }). */
export const invoiceApi = defineApi({ field: "invoice", url: "/api/invoices", table: "documents" });

export const DOCUMENT_KINDS = ["QUOTE", "PROFORMA", "INVOICE", "CREDIT_NOTE"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const INVOICE_STATES = ["Bozza", "Emessa", "Inviata allo SDI", "Consegnata", "Scartata", "Pagata"] as const;
export const PROFORMA_STATES = ["Bozza", "Emessa", "Pagata"] as const;
export const QUOTE_STATES = ["Bozza", "Emessa", "Accettato", "Rifiutato"] as const;
export const DOCUMENT_STATES = ["Bozza", "Emessa", "Inviata allo SDI", "Consegnata", "Scartata", "Pagata", "Accettato", "Rifiutato"] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
/** The SDI state of an invoice or credit note (issue 31; null: never sent), apart from its life cycle: db/documents/sdi.ts. */
export const SDI_STATES = ["Inviata allo SDI", "Consegnata", "Mancata consegna", "Scartata", "Accettata", "Rifiutata", "Decorrenza termini"] as const;
export type SdiState = (typeof SDI_STATES)[number];

export const DOCUMENT_ROW_TYPES = ["LAVORO", "PRODOTTO", "SERVIZIO", "GENERICA", "SEZIONE"] as const;
export type DocumentRowType = (typeof DOCUMENT_ROW_TYPES)[number];

export const DEADLINE_STATES = ["Da saldare", "Stornato", "Saldato"] as const;
export type DeadlineState = (typeof DEADLINE_STATES)[number];

/** What a 'Saldato' deadline needs, wherever it is set (the Scadenziario's 'Segna come saldata', the documents' forms). */
export const PAID_DEADLINE_MESSAGES = {
  paymentDateRequired: 'Il campo "Data pagamento" è richiesto per segnare la scadenza come saldata',
  paymentDateFuture: "La data di pagamento non può essere successiva a oggi",
} as const;

/**
 * Why a deadline cannot be 'Saldato' on this payment date, or undefined when it can: the day it was paid is
 * required and not after today (Europe/Rome). A paid deadline without it would be missing from what Statistiche
 * count as collected or paid by payment day. The Scadenziario's transition and the documents' forms both ask it.
 */
export function paidDeadlineProblem(paymentDate: string | null | undefined, today: string = todayInRome()): string | undefined {
  if (!paymentDate) return PAID_DEADLINE_MESSAGES.paymentDateRequired;
  if (paymentDate > today) return PAID_DEADLINE_MESSAGES.paymentDateFuture;
  return undefined;
}

/** The forms' deadline rows: paidDeadlineProblem on a row set 'Saldato', reported on its payment date. */
export function checkPaidDeadline(d: { deadlineState: string; paymentDate: string | null }, ctx: z.RefinementCtx): void {
  const problem = d.deadlineState === "Saldato" ? paidDeadlineProblem(d.paymentDate) : undefined;
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["paymentDate"] });
}

/** 'Fattura emessa per' of the Documento PA card (DatiOrdineAcquisto, DatiContratto, DatiConvenzione). */
export const PA_DOCUMENT_TYPES = ["Ordine acquisto", "Contratto", "Convenzione"] as const;
export type PaDocumentType = (typeof PA_DOCUMENT_TYPES)[number];

/** TipoDocumento offered on sales documents. */
export const SALES_DOCUMENT_TYPES = ["TD01", "TD02", "TD03", "TD04", "TD05", "TD06", "TD24", "TD25", "TD26", "TD27"] as const satisfies readonly TipoDocumento[];
export type SalesDocumentType = (typeof SALES_DOCUMENT_TYPES)[number];

/** The spec's messages (§5 Purchase invoice deadlines, the Job's 'Cliente') and ours. */
export const INVOICE_MESSAGES = {
  contact: 'Il campo "Cliente" è richiesto',
  contactUnknown: "Il cliente scelto non esiste",
  date: 'Il campo "Data documento" è richiesto',
  dateInvalid: 'Il campo "Data documento" non è una data valida',
  kind: "Tipo di documento non valido",
  documentType: 'Il campo "Tipo documento" non è valido',
  state: "Stato del documento non valido",
  stateForKind: "Stato non previsto per questo tipo di documento",
  sectionalUnknown: "Il sezionale scelto non esiste",
  sectionalDisabled: "Il sezionale scelto è disabilitato",
  bankAccountUnknown: "Il conto corrente scelto non esiste",
  paymentModalityUnknown: "La modalità di pagamento scelta non esiste",
  inpsRevenge: 'Il campo "Rivalsa INPS %" non è un numero decimale corretto',
  professionistFund: 'Il campo "Cassa professionisti %" non è un numero decimale corretto',
  withholdingTaxPercentage: 'Il campo "Ritenuta d\'acconto %" non è un numero decimale corretto',
  stampAmount: 'Il campo "Valore marca da bollo virtuale" non è un importo valido',
  paDocumentDate: 'Il campo "Data documento PA" non è una data valida',
  rowType: 'Il campo "Tipo riga" è richiesto',
  rowActivity: 'Il campo "Lavoro" è richiesto',
  rowItem: 'Il campo "Prodotto" è richiesto',
  rowService: 'Il campo "Servizio" è richiesto',
  rowDescription: 'Il campo "Descrizione in fattura" è richiesto',
  rowQuantity: 'Il campo "Quantità" non è un numero decimale corretto',
  rowAmount: 'Il campo "Importo" non è un importo valido',
  rowVat: 'Il campo "Aliquota" è richiesto',
  rowActivityUnknown: "Il lavoro scelto non esiste o non è di questo cliente",
  rowItemUnknown: "Il prodotto scelto non esiste",
  rowServiceUnknown: "Il servizio scelto non esiste",
  rowVatUnknown: "L'aliquota IVA scelta non esiste",
  deadlineAmount: 'Non raggiunto il minimo da inserire nel campo "Importo"',
  deadlineDate: 'Il campo "Data scadenza" è richiesto',
  deadlineState: 'Il campo "Stato scadenza" è richiesto',
  deadlineBankAccountUnknown: "Il conto corrente della scadenza non esiste",
  deadlinesSum: (total: string, net: string) => `La somma delle scadenze (${total}) deve essere uguale al netto a pagare (${net})`,
  notFound: "Documento non trovato",
  plannedTemplate: "Il documento è il modello di un'operazione pianificata: elimina l'operazione o scegli un altro modello prima di eliminarlo",
  locked: "Il documento è emesso e non può essere modificato: per correggerlo emettere una nota di credito",
  lockedCreditNote: "La nota di credito è emessa e non può essere modificata: per correggerla emettere una nuova fattura",
  notLast: "Il documento non è l'ultimo della sua serie: per correggerlo emettere una nota di credito",
  sentToSdi: "Il documento è stato inviato allo SDI: per correggerlo emettere una nota di credito",
  backToDraft: "Un documento numerato non può tornare in Bozza",
  numberedMove: "Il documento è numerato: la serie (tipo, sezionale e anno della data) non può cambiare",
  stateChanged: "Stato aggiornato",
  correctedInvoiceNeeded: "Indicare la fattura che la nota di credito rettifica (numero e data)",
  correctedInvoiceDate: 'Il campo "Data fattura rettificata" non è una data valida',
} as const;

/**
 * The state a converted quote or proforma shows (form badge, lists' Stato column) instead of its stored one (decision:
 * the stored states stay the spec's; the conversion is the document's convertedTo, and this text is derived from it).
 */
export const CONVERTED_STATE_LABELS = { INVOICE: "Convertito in fattura", PROFORMA: "Convertito in proforma" } as const;
export const convertedStateLabel = (targetKind: DocumentKind): string =>
  targetKind === "PROFORMA" ? CONVERTED_STATE_LABELS.PROFORMA : CONVERTED_STATE_LABELS.INVOICE;

const enumError = (required: string, invalid: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null || iss.input === "" ? required : invalid) });

/** A quantity: a non-negative decimal with up to 8 decimals ("1", "2.5", "0,75"), as a dot string. */
const quantityField = z
  .union([z.string(), z.number()], { error: INVOICE_MESSAGES.rowQuantity })
  .optional()
  .transform((v, ctx) => {
    const s = v === undefined ? "1" : String(v).trim().replace(",", ".");
    if (s === "") return "1";
    if (!/^\d{1,12}(\.\d{1,8})?$/.test(s)) {
      ctx.addIssue({ code: "custom", message: INVOICE_MESSAGES.rowQuantity });
      return z.NEVER;
    }
    return s;
  });

/** A row of the Righe table ('Inserimento riga' / 'Modifica riga'). */
export const invoiceRowSchema = z
  .object({
    ...rowIdentity,
    rowType: z.enum(DOCUMENT_ROW_TYPES, enumError(INVOICE_MESSAGES.rowType, INVOICE_MESSAGES.rowType)),
    activity: optionalEntityRef,
    item: optionalEntityRef,
    service: optionalEntityRef,
    description: optionalText(5000),
    hideAmount: z.boolean().optional().default(false),
    quantity: quantityField,
    /** Unit price (cents). A Lavoro row left without it takes what the job has to invoice. */
    amount: centsField(INVOICE_MESSAGES.rowAmount).nullable().optional().transform((v) => v ?? null),
    vat: optionalEntityRef,
    advance: z.boolean().optional().default(false),
    withholding: z.boolean().optional().default(false),
  })
  .superRefine((r, ctx) => {
    const need = (ok: unknown, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", message });
    };
    if (r.rowType === "LAVORO") need(r.activity, INVOICE_MESSAGES.rowActivity);
    if (r.rowType === "PRODOTTO") need(r.item, INVOICE_MESSAGES.rowItem);
    if (r.rowType === "SERVIZIO") need(r.service, INVOICE_MESSAGES.rowService);
    if (r.rowType === "GENERICA" || r.rowType === "SEZIONE") need(r.description, INVOICE_MESSAGES.rowDescription);
    if (r.rowType !== "SEZIONE" && !r.hideAmount) need(r.vat, INVOICE_MESSAGES.rowVat);
  });
export type InvoiceRowInput = z.infer<typeof invoiceRowSchema>;

/** A deadline of the Scadenze card. */
export const invoiceDeadlineSchema = z
  .object({
    ...rowIdentity,
    deadlineDate: dateField(INVOICE_MESSAGES.deadlineDate),
    amount: z.number({ error: INVOICE_MESSAGES.deadlineAmount }).int(INVOICE_MESSAGES.deadlineAmount).min(1, INVOICE_MESSAGES.deadlineAmount).max(1e15, INVOICE_MESSAGES.deadlineAmount),
    deadlineState: z.enum(DEADLINE_STATES, enumError(INVOICE_MESSAGES.deadlineState, INVOICE_MESSAGES.deadlineState)),
    paymentDate: optionalDate(),
    bankAccount: optionalEntityRef,
    description: optionalText(1000),
  })
  .superRefine(checkPaidDeadline);
export type InvoiceDeadlineInput = z.infer<typeof invoiceDeadlineSchema>;

const percent = (message: string) => decimalString(message, { empty: "0.00", min: 0, max: 100 });

/**
 * 'Inserimento fattura' / 'Modifica fattura' (and the other kinds). kind is fixed at creation (an update
 * keeps the stored one); deadlines left empty are computed from the payment modality on the netto a pagare,
 * given ones must add up to it; state is checked against the kind by the server.
 */
export const invoiceSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: INVOICE_MESSAGES.kind }).optional().default("INVOICE"),
  documentType: z.enum(SALES_DOCUMENT_TYPES, { error: INVOICE_MESSAGES.documentType }).optional(),
  sectional: optionalEntityRef,
  date: dateField(INVOICE_MESSAGES.date, INVOICE_MESSAGES.dateInvalid),
  state: z.enum(DOCUMENT_STATES, { error: INVOICE_MESSAGES.state }).optional().default("Bozza"),
  contact: requiredRef(INVOICE_MESSAGES.contact),
  bankAccount: optionalEntityRef,
  paymentModality: optionalEntityRef,
  address: optionalText(1000),
  details: optionalText(5000),
  inpsRevenge: percent(INVOICE_MESSAGES.inpsRevenge).optional().default("0.00"),
  professionistFund: percent(INVOICE_MESSAGES.professionistFund).optional().default("0.00"),
  withholdingTaxApply: z.boolean().optional().default(false),
  withholdingTaxPercentage: percent(INVOICE_MESSAGES.withholdingTaxPercentage).optional().default("0.00"),
  stampBorneByIssuer: z.boolean().optional().default(false),
  // the law's bollo, 2.00 (lib/fiscal/calculate.ts reads a stored 0 the same way)
  stampAmount: centsField(INVOICE_MESSAGES.stampAmount, { min: 0 }).optional().default(200),
  publicAdministration: z.boolean().optional().default(false),
  paDocument: z
    .object({
      type: z.enum(PA_DOCUMENT_TYPES, { error: "Valore non valido per \"Fattura emessa per\"" }).nullable().optional().transform((v) => v ?? null),
      number: optionalText(20),
      date: optionalDate(INVOICE_MESSAGES.paDocumentDate),
      cig: optionalText(15),
      cup: optionalText(15),
    })
    .nullable()
    .optional()
    .transform((v) => v ?? { type: null, number: "", date: null, cig: "", cup: "" }),
  /**
   * A credit note's corrected invoice typed in (number and date), when it was not made from it: required, one or the
   * other, to issue the credit note; ignored on the other kinds.
   */
  correctedInvoice: z
    .object({ number: optionalText(20), date: optionalDate(INVOICE_MESSAGES.correctedInvoiceDate) })
    .nullable()
    .optional()
    .transform((v) => v ?? { number: "", date: null }),
  rows: z.array(invoiceRowSchema, { error: "Righe non valide" }).max(2000, "Troppe righe (massimo 2.000)").optional().default([]),
  deadlines: z.array(invoiceDeadlineSchema, { error: "Scadenze non valide" }).max(500, "Troppe scadenze (massimo 500)").optional().default([]),
  /** Note e allegati: the files the document keeps (lib/schemas/attachment.ts); absent leaves them as they are. */
  files: attachmentsInput,
  version: versionField,
});
export type InvoiceInput = z.infer<typeof invoiceSchema>;

/** POST /api/invoices/get-calculated-fields: the form's document as it is (the customer may still be missing). */
export const invoiceCalculationSchema = invoiceSchema.extend({ contact: optionalEntityRef, deadlines: z.unknown().optional() });
export type InvoiceCalculationInput = z.infer<typeof invoiceCalculationSchema>;

/** POST /api/invoices/set-state/{id} (JSON field "invoiceState"). */
export const invoiceStateSchema = z.object({
  state: z.enum(DOCUMENT_STATES, { error: INVOICE_MESSAGES.state }),
  version: versionField,
});

export const invoiceTotalsSchema = z.object({
  taxable: z.number().int(),
  totalVat: z.number().int(),
  inpsRevengeAmount: z.number().int(),
  professionistFundAmount: z.number().int(),
  withholdingTaxAmount: z.number().int(),
  stampAmount: z.number().int(),
  total: z.number().int(),
  netToPay: z.number().int(),
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

/** A document as the API answers it (totals server-computed, read-only). */
export const invoiceResponse = z.object({
  ...recordFields,
  kind: z.enum(DOCUMENT_KINDS),
  documentType: z.string(),
  /** "12/A"; null while Bozza. */
  number: z.string().nullable(),
  date: z.string(),
  state: z.enum(DOCUMENT_STATES),
  /** The SDI state (null: never sent): db/documents/sdi.ts. */
  sdiState: z.enum(SDI_STATES).nullable(),
  contact: optionSchema,
  sectional: optionSchema.nullable(),
  bankAccount: optionSchema.nullable(),
  paymentModality: optionSchema.nullable(),
  address: z.string(),
  details: z.string(),
  inpsRevenge: z.string(),
  professionistFund: z.string(),
  withholdingTaxPercentage: z.string(),
  withholdingTaxApply: z.boolean(),
  stampBorneByIssuer: z.boolean(),
  stampAmount: z.number().int(),
  publicAdministration: z.boolean(),
  paDocument: z.object({ type: z.enum(PA_DOCUMENT_TYPES).nullable(), number: z.string(), date: z.string().nullable(), cig: z.string(), cup: z.string() }),
  rows: z.array(
    z.object({
      id: z.number().int(),
      tempId: z.union([z.string(), z.number()]).optional(),
      rowType: z.enum(DOCUMENT_ROW_TYPES),
      activity: optionSchema.nullable(),
      item: optionSchema.nullable(),
      service: optionSchema.nullable(),
      description: z.string(),
      hideAmount: z.boolean(),
      quantity: z.string(),
      amount: z.number().int(),
      vat: optionSchema.nullable(),
      advance: z.boolean(),
      withholding: z.boolean(),
    }),
  ),
  deadlines: z.array(
    z.object({
      id: z.number().int(),
      tempId: z.union([z.string(), z.number()]).optional(),
      deadlineDate: z.string(),
      amount: z.number().int(),
      deadlineState: z.enum(DEADLINE_STATES),
      paymentDate: z.string().nullable(),
      bankAccount: optionSchema.nullable(),
      /** The bank movement that paid it (issue 32, Banca), or null. */
      bankMovement: z.object({ id: z.number().int(), bookingDate: z.string(), description: z.string(), amount: z.number().int() }).nullable().optional(),
    }),
  ),
  totals: invoiceTotalsSchema,
  /** A credit note's corrected invoice as typed (empty on the other kinds). */
  correctedInvoice: z.object({ number: z.string(), date: z.string().nullable() }),
  /** The document this one was copied from (converted from, credit note of, duplicate of, template), or null. */
  source: optionSchema.nullable(),
  /** A quote's or proforma's conversion (it happens once), or null. */
  convertedTo: optionSchema.nullable(),
  /** The state the form and the lists show: the stored one, or 'Convertito in fattura' / 'Convertito in proforma'. */
  displayedState: z.string(),
  /** The server would delete it: never numbered, or the last numbered of its series ('Elimina' is offered only then). */
  deletable: z.boolean(),
  files: attachmentsResponse,
});
export type InvoiceJson = z.infer<typeof invoiceResponse>;

/**
 * List parameters (addedParams): the kind, or kinds, of the page: /fatture lists ["INVOICE", "CREDIT_NOTE"],
 * /fatture-proforma "PROFORMA", /preventivi "QUOTE".
 */
export const invoiceListParams = z.object({
  kind: z
    .union([z.enum(DOCUMENT_KINDS), z.array(z.enum(DOCUMENT_KINDS)).min(1).max(DOCUMENT_KINDS.length)], { error: INVOICE_MESSAGES.kind })
    .optional(),
});
export type InvoiceListParams = z.infer<typeof invoiceListParams>;

/** One SDI message applied to a document, as its form shows it. */
export interface SdiEventJson {
  id: number;
  type: "RC" | "NS" | "MC" | "NE" | "DT" | "AT";
  label: string;
  fileName: string;
  transmittedFileName: string;
  identificativoSdi: string;
  messageDate: string | null;
  esito: string | null;
  signatureResult: "valida" | "non valida" | "assente";
  signatureDetail: string;
  errors: { code: string; description: string; suggestion?: string; explanation: string }[];
  via: "upload" | "pec";
  sdiStateAfter: SdiState | null;
  createdAt: string;
}

export interface InvoiceFormData {
  documentTypes: { value: SalesDocumentType; label: string }[];
  states: readonly DocumentState[];
  deadlineStates: readonly DeadlineState[];
  paDocumentTypes: readonly PaDocumentType[];
  /** The document's history (Note e allegati): states, sends by e-mail; empty for a new document. */
  history: { stateBefore: DocumentState | null; stateAfter: DocumentState; note: string | null; created: string; user: string | null }[];
  /** The SDI messages about its files (issue 31, db/documents/sdi.ts), oldest first; NS's errors with the Italian explanation. */
  sdiEvents?: SdiEventJson[];
  /** The tenant has a signing certificate: 'Invia allo SDI' signs first and reads 'Firma e invia' (issue 31). */
  sdiSigns?: boolean;
  /** The tenant, its VAT rates and the document's customer: the totals computed live (lib/invoice-calculation.ts). */
  calculation: {
    tenant: { taxRegime: string; fiscalCode: string };
    vats: { id: number; rate: string; natura: string | null }[];
    customer: { kind: string; vatNumber: string; publicAdministration: boolean; splitPayment: boolean; withholdingAgent: boolean; country?: string; vatCountry?: string } | null;
  };
  /** The tenant's usual VAT rate, a new row's Aliquota (22%, or N2.2 for a forfettario; db/documents/draft.ts defaultVatOf). */
  defaultVat?: { id: number; toString: string } | null;
}

/** The E-invoice XML options dialog (spec §3, §5): POST /api/invoices/download-electronic-invoice-xml/{id}, JSON field "xmlOptions". */
export const XML_OPTIONS_MESSAGES = {
  previdential: 'Il campo "Cassa previdenziale" è richiesto',
  paymentCausal: 'Il campo "Causale pagamento ritenuta" è richiesto',
  previdentialInvalid: 'Il campo "Cassa previdenziale" non è valido',
  paymentCausalInvalid: 'Il campo "Causale pagamento ritenuta" non è valido',
} as const;

/**
 * previdential: TipoCassa (TC01–TC21) of the document's Cassa professionisti; paymentCausal: CausalePagamento of its
 * ritenuta. Each is required only when the document has that figure (checked by the server against the stored totals).
 */
export const xmlOptionsSchema = z
  .object({
    previdential: z.string().trim().max(10).nullable().optional().transform((v) => v || null),
    paymentCausal: z.string().trim().max(10).nullable().optional().transform((v) => v || null),
  })
  .nullable()
  .optional()
  .transform((v) => v ?? { previdential: null, paymentCausal: null });
export type XmlOptionsInput = z.infer<typeof xmlOptionsSchema>;

/** The answers of the copies (convert, credit-note, duplicate) and their refusals. */
export const INVOICE_ACTION_MESSAGES = {
  converted: (to: string) => `Documento convertito in ${to}`,
  creditNoteCreated: "Nota di credito creata",
  duplicated: "Documento duplicato",
  convertTarget: 'Il parametro "to" deve essere INVOICE o PROFORMA',
  convertSource: "Si possono convertire in fattura solo proforma e preventivi, in proforma solo i preventivi",
  creditNoteSource: "Una nota di credito si crea solo da una fattura emessa",
  alreadyConverted: (label: string) => `Il documento è già stato convertito in ${label}`,
  xmlKind: "La fattura elettronica si genera solo per fatture e note di credito",
  xmlDraft: "Il documento è in Bozza: emetterlo (numerarlo) prima di generare la fattura elettronica",
  precheck: "La fattura elettronica sarebbe scartata dallo SDI: correggere il documento",
  xsd: "Il file generato non è valido secondo lo schema FatturaPA",
} as const;
