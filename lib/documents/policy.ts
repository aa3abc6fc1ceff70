/**
 * What each kind of sales document is (preventivo, proforma, fattura, nota di credito): one policy per kind, read by
 * the server (db/documents/), the PDF, the form and the grids instead of asking `kind === …` in each place. A new
 * rule about a kind is a new line here, not a new branch somewhere.
 *
 * No server import: the form and the grids read it in the browser.
 */
import type { TipoDocumento } from "@/lib/fiscal/codes";
import { INVOICE_MESSAGES, INVOICE_STATES, PROFORMA_STATES, QUOTE_STATES, type DocumentKind, type DocumentState } from "@/lib/schemas/invoice";

export interface KindPolicy {
  /** The kind in a label: 'Fattura 12/A del 05/03/2026'. */
  name: string;
  /** The kind inside a sentence ('convertito in fattura'), and with its article ('in allegato la fattura'). */
  word: string;
  withArticle: string;
  /** The page's create button and the form's titles. */
  words: { create: string; insert: string; edit: string };
  /** The states a document of this kind may take. */
  states: readonly DocumentState[];
  /** Locked once issued (state neither Bozza nor Scartata): a fiscal document is corrected by a credit note. */
  lockedWhenIssued: boolean;
  /** Why an issued one cannot be edited, and how it is corrected (an invoice by a credit note, a credit note by a new invoice). */
  lockedMessage: string;
  /**
   * The series its numbers run in, one per sectional and year: "doc:<series>:<sectional or 0>:<year>". Each kind has
   * its own (a credit note's TD04 numbers may repeat an invoice's: SDI's duplicate check 00404 tells them apart).
   */
  series: string;
  /** Its TipoDocumento when it has a FatturaPA file (null: never sent to SDI, the lists show no 'Tipo documento'). */
  documentType: TipoDocumento | null;
  /** Has a FatturaPA XML (download, zip, e-mail attachment, pre-check). */
  xml: boolean;
  /** The PDF: title, the word before the buyer, the notice under the title, whether its deadlines are printed. */
  pdf: { title: string; recipient: string; notice: "proforma" | null; deadlines: boolean; stampWording: boolean };
  /** The tenant's default 'Dettagli' text for a new document. */
  details: "invoiceDetails" | "invoiceProformaDetails";
  /** The kinds it converts into, once ('Converti in …'). */
  conversions: readonly DocumentKind[];
  /** A credit note can be made from it (an issued invoice). */
  creditNoteFrom: boolean;
  /** It corrects an invoice, which its XML (DatiFattureCollegate) and its PDF name; it cannot be issued without one. */
  correctsInvoice: boolean;
  /** Its sign in every sum of issued money (a credit note takes back what an invoice billed). */
  sign: 1 | -1;
  /** Its deadlines: money to collect (incoming), to give back (outgoing), or none (a quote asks for no payment). */
  deadlines: "incoming" | "outgoing" | null;
  /** Its deadlines are listed in the Scadenziario, once numbered (a proforma's are a request, not a credit). */
  scadenziario: boolean;
  /** Its Lavoro rows mark the job's hours invoiced (only an invoice bills them). */
  marksJobs: boolean;
  /** May be the model of a planned operation. */
  plannedTemplate: boolean;
  /** The kinds its page lists beside it (/fatture shows the credit notes with the invoices). */
  listedWith: readonly DocumentKind[];
}

export const DOCUMENT_POLICY: Readonly<Record<DocumentKind, KindPolicy>> = {
  QUOTE: {
    name: "Preventivo",
    word: "preventivo",
    withArticle: "il preventivo",
    words: { create: "Nuovo preventivo", insert: "Inserimento preventivo", edit: "Modifica preventivo" },
    states: QUOTE_STATES,
    lockedWhenIssued: false,
    lockedMessage: INVOICE_MESSAGES.locked,
    series: "quote",
    documentType: null,
    xml: false,
    pdf: { title: "Preventivo", recipient: "Spett.le", notice: null, deadlines: false, stampWording: false },
    details: "invoiceDetails",
    conversions: ["PROFORMA", "INVOICE"],
    creditNoteFrom: false,
    correctsInvoice: false,
    sign: 1,
    deadlines: null,
    scadenziario: false,
    marksJobs: false,
    plannedTemplate: false,
    listedWith: ["QUOTE"],
  },
  PROFORMA: {
    name: "Proforma",
    word: "proforma",
    withArticle: "la fattura proforma",
    words: { create: "Nuova fattura proforma", insert: "Inserimento fattura proforma", edit: "Modifica fattura proforma" },
    states: PROFORMA_STATES,
    lockedWhenIssued: false,
    lockedMessage: INVOICE_MESSAGES.locked,
    series: "proforma",
    documentType: null,
    xml: false,
    pdf: { title: "Fattura proforma", recipient: "Cliente", notice: "proforma", deadlines: true, stampWording: true },
    details: "invoiceProformaDetails",
    conversions: ["INVOICE"],
    creditNoteFrom: false,
    correctsInvoice: false,
    sign: 1,
    deadlines: "incoming",
    scadenziario: false,
    marksJobs: false,
    plannedTemplate: true,
    listedWith: ["PROFORMA"],
  },
  INVOICE: {
    name: "Fattura",
    word: "fattura",
    withArticle: "la fattura",
    words: { create: "Nuova fattura", insert: "Inserimento fattura", edit: "Modifica fattura" },
    states: INVOICE_STATES,
    lockedWhenIssued: true,
    lockedMessage: INVOICE_MESSAGES.locked,
    series: "invoice",
    documentType: "TD01",
    xml: true,
    pdf: { title: "Fattura", recipient: "Cliente", notice: null, deadlines: true, stampWording: true },
    details: "invoiceDetails",
    conversions: [],
    creditNoteFrom: true,
    correctsInvoice: false,
    sign: 1,
    deadlines: "incoming",
    scadenziario: true,
    marksJobs: true,
    plannedTemplate: true,
    listedWith: ["INVOICE", "CREDIT_NOTE"],
  },
  CREDIT_NOTE: {
    name: "Nota di credito",
    word: "nota di credito",
    withArticle: "la nota di credito",
    words: { create: "Nuova nota di credito", insert: "Inserimento nota di credito", edit: "Modifica nota di credito" },
    states: INVOICE_STATES,
    lockedWhenIssued: true,
    lockedMessage: INVOICE_MESSAGES.lockedCreditNote,
    series: "credit_note",
    documentType: "TD04",
    xml: true,
    pdf: { title: "Nota di credito", recipient: "Cliente", notice: null, deadlines: true, stampWording: true },
    details: "invoiceDetails",
    conversions: [],
    creditNoteFrom: false,
    correctsInvoice: true,
    sign: -1,
    deadlines: "outgoing",
    scadenziario: true,
    marksJobs: false,
    plannedTemplate: false,
    listedWith: ["INVOICE", "CREDIT_NOTE"],
  },
};

export const policyOf = (kind: DocumentKind): KindPolicy => DOCUMENT_POLICY[kind];

const kindsWhere = (test: (p: KindPolicy) => boolean): DocumentKind[] => (Object.keys(DOCUMENT_POLICY) as DocumentKind[]).filter((k) => test(DOCUMENT_POLICY[k]));

/** The kinds with a FatturaPA file, locked once issued, a planned operation may copy, the Scadenziario lists. */
export const XML_KINDS: readonly DocumentKind[] = kindsWhere((p) => p.xml);
export const LOCKED_KINDS: readonly DocumentKind[] = kindsWhere((p) => p.lockedWhenIssued);
export const TEMPLATE_KINDS: readonly DocumentKind[] = kindsWhere((p) => p.plannedTemplate);
export const SCADENZIARIO_KINDS: readonly DocumentKind[] = kindsWhere((p) => p.scadenziario);

/** The states in which a locked kind may still be edited: a draft, or a file SDI discarded (corrected and sent again). */
export const EDITABLE_STATES: readonly DocumentState[] = ["Bozza", "Scartata"];

/** Whether the document refuses edits: a kind locked when issued, past Bozza and not Scartata. */
export const isLocked = (d: { kind: DocumentKind; state: DocumentState }): boolean => DOCUMENT_POLICY[d.kind].lockedWhenIssued && !EDITABLE_STATES.includes(d.state);

/** A state of the kind? */
export const stateAllowed = (kind: DocumentKind, state: DocumentState): boolean => DOCUMENT_POLICY[kind].states.includes(state);

/** The TipoDocumento a new document of the kind starts with (TD01 for the kinds without a file: stored, never sent). */
export const defaultDocumentType = (kind: DocumentKind): TipoDocumento => DOCUMENT_POLICY[kind].documentType ?? "TD01";

/**
 * The invoice a document corrects, as its XML and PDF name it: the invoice it was made from (numbered), else the
 * number and date typed in the form; null for a kind that corrects nothing, or when neither is known.
 */
export function correctedInvoiceOf(
  doc: { kind: DocumentKind; correctedInvoiceNumber: string; correctedInvoiceDate: string | null },
  source: { kind: DocumentKind; numberText: string | null; date: string } | null | undefined,
): { number: string; date: string | null } | null {
  if (!DOCUMENT_POLICY[doc.kind].correctsInvoice) return null;
  if (source?.numberText && DOCUMENT_POLICY[source.kind].creditNoteFrom) return { number: source.numberText, date: source.date };
  const typed = doc.correctedInvoiceNumber.trim();
  return typed ? { number: typed, date: doc.correctedInvoiceDate } : null;
}
