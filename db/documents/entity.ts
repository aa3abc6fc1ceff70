/**
 * Documenti di vendita (ROLE_DOCUMENT): quotes, proformas, invoices and credit notes, one entity over
 * `documents` with its rows, deadlines and state history.
 *
 * Beyond the standard entity:
 * - Totals: every save recomputes them with lib/fiscal calculateDocument from the stored rows (their VAT
 *   rates read from the tenant's table), the document's percentages and the customer (PA, split payment,
 *   sostituto d'imposta), and stores them for the lists and reports. The cassa type and the ritenuta's
 *   causale do not change any amount: the calculation uses TC01 and "A"; the XML options dialog gives the real ones.
 * - Deadlines: an input without deadlines gets them from the payment modality (computeDeadlines on the netto a
 *   pagare; without a modality one deadline on the document date); given ones must add up to the netto a pagare.
 *   Quotes have none.
 * - Numbering (decision): a document gets its number when it leaves Bozza — saved with another state or moved by
 *   set-state — never while it is a Bozza (a draft can be thrown away without leaving a gap). The series is
 *   (tenant, kind, sectional, year of the date): its counter row ("doc:<kind>:<sectional or 0>:<year>") is locked
 *   in the saving transaction, as its last statements (finalize: takeNext, then the document's number), so concurrent
 *   issues queue for those few statements only and get consecutive numbers; the unique
 *   index documents_series_number_key is the last word. With the tenant's invoiceCheckNumerationDates a date out of
 *   order with the neighbouring numbers is refused (checkNumberDateOrder). Buyer and seller are snapshotted then.
 *   A numbered document keeps its series (kind, sectional, year) and never goes back to Bozza.
 * - Delete: a document never numbered, or the last of its series (the counter goes back by one); otherwise 409.
 * - Lock: an issued invoice or credit note (state neither Bozza nor Scartata) refuses updates (409): it is
 *   corrected by a credit note; a Scartata one is corrected and sent again with its number and date.
 * - Lavoro rows of an INVOICE mark, when saved, the job's billable uninvoiced time entries invoiced (hourly job) or
 *   the job invoiced (fixed price); the row remembers what it marked, and removing the row (or the document, or
 *   changing its job) gives it back. A Lavoro row sent without an amount takes what the job has to invoice
 *   (toInvoiceSql), or keeps its stored amount when it is an existing row of the same job.
 * - Every state change (and the creation) is written to document_state_logs in the save's transaction.
 */
import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { defineEntity, ref } from "@/db/entity";
import { contacts, documents } from "@/db/schema";
import { TIPI_DOCUMENTO } from "@/lib/fiscal/codes";
import { contactApi } from "@/lib/schemas/contact";
import {
  DEADLINE_STATES,
  convertedStateLabel,
  INVOICE_MESSAGES,
  PA_DOCUMENT_TYPES,
  SALES_DOCUMENT_TYPES,
  invoiceApi,
  invoiceResponse,
  invoiceSchema,
  type InvoiceFormData,
  type InvoiceJson,
} from "@/lib/schemas/invoice";
import { bankAccountEntity } from "@/db/queries/bank-accounts";
import { contactEntity } from "@/db/queries/contacts";
import { invoiceSectionalEntity } from "@/db/queries/invoice-sectionals";
import { paymentModalityEntity } from "@/db/queries/payment-modalities";
import { documentLabel } from "./label";
import { invoicesGrid } from "./grid";
import { deadlinesOf, rowsOf } from "./rows";
import { isDeletable } from "./numbering";
import { afterWrite, beforeDelete, beforeWrite, finalize, linkedDocument, type LinkedJson } from "./save";
import { documentHistory } from "./history";
import { hasSigningCertificate } from "@/db/queries/sdi-channel-settings";
import { sdiEventsOf } from "./sdi";
import { calculationContext, defaultVatOf, draftCustomer, draftOf } from "./draft";
import { defaultDocumentType, policyOf } from "@/lib/documents/policy";
import { DOCUMENT_KINDS } from "@/lib/schemas/invoice";

export const invoiceEntity = defineEntity({
  api: invoiceApi,
  role: "ROLE_DOCUMENT",
  table: documents,
  input: invoiceSchema,
  response: invoiceResponse,
  grid: invoicesGrid,
  label: documentLabel,
  messages: {
    notFound: INVOICE_MESSAGES.notFound,
    inUse: "Il documento è collegato ad altri dati: non può essere eliminato",
    inUseBy: { planned_operations_template_fk: INVOICE_MESSAGES.plannedTemplate },
    // two issues of one series at the same moment queue on the counter; the index is the last word
    unique: { documents_series_number_key: "Numero già usato nella serie: riprova" },
  },
  refs: {
    contact: ref(documents.contactId, contactEntity, INVOICE_MESSAGES.contactUnknown, eq(contacts.isCustomer, true)),
    sectional: ref(documents.sectionalId, invoiceSectionalEntity, INVOICE_MESSAGES.sectionalUnknown),
    bankAccount: ref(documents.bankAccountId, bankAccountEntity, INVOICE_MESSAGES.bankAccountUnknown),
    paymentModality: ref(documents.paymentModalityId, paymentModalityEntity, INVOICE_MESSAGES.paymentModalityUnknown),
  },
  // Note e allegati: `files` in the JSON, saved with the document (db/entity.ts, db/queries/attachments.ts)
  attachments: { kind: "document", field: "files" },
  derived: async (scope, row) => {
    const [rows, deadlines, deletable, source, convertedTo] = await Promise.all([
      rowsOf(scope, row.id),
      deadlinesOf(scope, row.id),
      isDeletable(scope, row.id),
      linkedDocument(scope, row.sourceDocumentId),
      linkedDocument(scope, row.convertedToId),
    ]);
    return { rows, deadlines, deletable, source, convertedTo };
  },
  values: (i, existing) => ({
    documentType: i.documentType ?? existing?.documentType ?? defaultDocumentType(existing?.kind ?? i.kind),
    date: i.date,
    state: i.state,
    address: i.address,
    details: i.details,
    inpsRevenge: i.inpsRevenge,
    professionistFund: i.professionistFund,
    withholdingTaxApply: i.withholdingTaxApply,
    withholdingTaxPercentage: i.withholdingTaxPercentage,
    stampBorneByIssuer: i.stampBorneByIssuer,
    stampAmount: i.stampAmount,
    publicAdministration: i.publicAdministration,
    paDocumentType: i.paDocument.type,
    paDocumentNumber: i.paDocument.number,
    paDocumentDate: i.paDocument.date,
    paCig: i.paDocument.cig,
    paCup: i.paDocument.cup,
    // a credit note's corrected invoice as typed (the other kinds have none)
    correctedInvoiceNumber: policyOf(existing?.kind ?? i.kind).correctsInvoice ? i.correctedInvoice.number : "",
    correctedInvoiceDate: policyOf(existing?.kind ?? i.kind).correctsInvoice ? i.correctedInvoice.date : null,
  }),
  json: (d, { refs, derived }) => ({
    id: d.id,
    version: d.version,
    kind: d.kind,
    documentType: d.documentType,
    number: d.numberText,
    date: d.date,
    state: d.state,
    sdiState: d.sdiState,
    contact: refs.contact!,
    sectional: refs.sectional ?? null,
    bankAccount: refs.bankAccount ?? null,
    paymentModality: refs.paymentModality ?? null,
    address: d.address,
    details: d.details,
    inpsRevenge: d.inpsRevenge,
    professionistFund: d.professionistFund,
    withholdingTaxPercentage: d.withholdingTaxPercentage,
    withholdingTaxApply: d.withholdingTaxApply,
    stampBorneByIssuer: d.stampBorneByIssuer,
    stampAmount: Number(d.stampAmount),
    publicAdministration: d.publicAdministration,
    paDocument: { type: d.paDocumentType ?? null, number: d.paDocumentNumber, date: d.paDocumentDate, cig: d.paCig, cup: d.paCup },
    correctedInvoice: { number: d.correctedInvoiceNumber, date: d.correctedInvoiceDate },
    source: (derived.source as LinkedJson | null)?.ref ?? null,
    convertedTo: (derived.convertedTo as LinkedJson | null)?.ref ?? null,
    displayedState: derived.convertedTo ? convertedStateLabel((derived.convertedTo as LinkedJson).kind) : d.state,
    rows: derived.rows as InvoiceJson["rows"],
    deadlines: derived.deadlines as InvoiceJson["deadlines"],
    totals: {
      taxable: Number(d.taxable),
      totalVat: Number(d.totalVat),
      inpsRevengeAmount: Number(d.inpsRevengeAmount),
      professionistFundAmount: Number(d.professionistFundAmount),
      withholdingTaxAmount: Number(d.withholdingTaxAmount),
      stampAmount: Number(d.stampTotal),
      total: Number(d.total),
      netToPay: Number(d.netToPay),
    },
    // 'Elimina' is offered only where the server would delete it (deletableSql)
    deletable: derived.deletable as boolean,
    rowColor: d.rowColor,
    toString: documentLabel(d),
  }),
  draft: draftOf,
  formData: async (scope, row, query): Promise<InvoiceFormData> => ({
    documentTypes: SALES_DOCUMENT_TYPES.map((value) => ({ value, label: TIPI_DOCUMENTO[value] })),
    states: ["Bozza", "Emessa", "Inviata allo SDI", "Consegnata", "Scartata", "Pagata", "Accettato", "Rifiutato"],
    deadlineStates: DEADLINE_STATES,
    paDocumentTypes: PA_DOCUMENT_TYPES,
    // a new document for a customer (create-form-data?contact=): its flags, split payment among them
    calculation: await calculationContext(scope, row ? row.contactId : ((await draftCustomer(scope, query ?? new URLSearchParams()))?.id ?? null)),
    history: row ? await documentHistory(scope, row.id) : [],
    // the messages SDI sent about its files (db/documents/sdi.ts), NS's errors explained
    sdiEvents: row && policyOf(row.kind).xml ? await sdiEventsOf(scope, row.id) : [],
    // the channel signs before sending when the tenant has a certificate: the button says 'Firma e invia'
    sdiSigns: row && policyOf(row.kind).xml ? await hasSigningCertificate(scope) : false,
    // the rate a new row starts with (a saved Bozza gets rows too)
    defaultVat: await defaultVatOf(scope, await scope.getTenant()),
  }),
  selectable: {
    search: (t) => sql`${documents.numberText} ilike ${t.startsWith}`,
    orderBy: [desc(documents.date), desc(documents.id)],
    filter: (params) => {
      const kind = params.get("kind");
      const known = DOCUMENT_KINDS.find((k) => k === kind);
      return known ? eq(documents.kind, known) : undefined;
    },
  },
  hooks: { beforeWrite, afterWrite, finalize, beforeDelete },
  example: { details: "Documento di prova", kind: "INVOICE", date: "2026-03-02", state: "Bozza", rows: [{ rowType: "GENERICA", description: "Riga descrittiva", hideAmount: true }] },
  exampleRefs: { contact: { example: contactEntity.example, api: contactApi } },
});
