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
import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import { checkRef, defineEntity, ref, replaceChildRows, type ChildrenDef } from "@/db/entity";
import { lockCounter, setCounter, takeNextInto } from "@/db/counters";
import {
  activities,
  bankAccounts,
  contacts,
  counters,
  documentDeadlines,
  documentRows,
  documents,
  documentStateLogs,
  invoiceSectionals,
  items,
  paymentModalities,
  services,
  timeEntries,
  users,
  vatRates,
  type Contact,
  type Document,
  type DocumentRowRecord,
  type InvoiceSectional,
  type Tenant,
} from "@/db/schema";
import { intEq, intIn, lit, type TenantScope } from "@/db/scope";
import { ApiError, BadRequestError, ValidationError } from "@/lib/errors";
import { STAMP_AMOUNT, type CalculationResult } from "@/lib/fiscal/calculate";
import { TIPI_DOCUMENTO } from "@/lib/fiscal/codes";
import { checkNumberDateOrder, formatInvoiceNumber } from "@/lib/fiscal/numbering";
import { formatMoney } from "@/lib/format";
import { defineGrid } from "@/lib/grid/define";
import { buyerOf, calculate, fiscalRowsOf, fiscalSettingsOf, totalsOf, totalsWithSteps, vatSummaryOf, type CalculationContext } from "@/lib/invoice-calculation";
import { italianDate, todayInRome } from "@/lib/rome-time";
import { contactApi } from "@/lib/schemas/contact";
import type { EntityRef } from "@/lib/schemas/fields";
import type { SectionalTypology } from "@/lib/schemas/lookup-enums";
import {
  DEADLINE_STATES,
  EDITABLE_STATES,
  CONVERTED_STATE_LABELS,
  convertedStateLabel,
  INVOICE_MESSAGES,
  LOCKED_KINDS,
  PA_DOCUMENT_TYPES,
  SALES_DOCUMENT_TYPES,
  STATES_BY_KIND,
  invoiceApi,
  invoiceListParams,
  invoiceResponse,
  invoiceSchema,
  type DocumentKind,
  type DocumentState,
  type InvoiceCalculationInput,
  type InvoiceDeadlineInput,
  type InvoiceFormData,
  type InvoiceInput,
  type InvoiceJson,
  type InvoiceListParams,
  type InvoiceRowInput,
  type InvoiceTotals,
} from "@/lib/schemas/invoice";
import { activityLabel, toInvoiceSql } from "./activities";
import { bankAccountEntity, bankAccountToString } from "./bank-accounts";
import { contactEntity } from "./contacts";
import { netCreditNote, unnetCreditNote } from "./credit-notes";
import { deadlineRows, scheduleDeadlines } from "./deadline-schedule";
import { invoiceSectionalEntity, invoiceSectionalToString } from "./invoice-sectionals";
import { paymentModalityEntity } from "./payment-modalities";
import { vatRateToString } from "./vat-rates";

const KIND_NAMES: Record<DocumentKind, string> = { INVOICE: "Fattura", CREDIT_NOTE: "Nota di credito", PROFORMA: "Proforma", QUOTE: "Preventivo" };

/** 'Fattura 12/A del 05/03/2026', 'Fattura (bozza) del 05/03/2026'. */
export const documentLabel = (d: Pick<Document, "kind" | "numberText" | "date">) => `${KIND_NAMES[d.kind]} ${d.numberText ?? "(bozza)"} del ${italianDate(d.date)}`;

/**
 * Paid: the state Pagata, or deadlines all settled (Saldato, or Stornato) with at least one Saldato. One aggregate over
 * the document's own deadlines per listed row (EXISTS … OR … NOT EXISTS made the planner hash every Saldato deadline
 * of the tenant on each page: bench:documents).
 */
const paidSql = sql<boolean>`(${documents.state} = 'Pagata' or coalesce((select bool_and(${documentDeadlines.deadlineState} <> 'Da saldare') and bool_or(${documentDeadlines.deadlineState} = 'Saldato')
  from ${documentDeadlines} where ${documentDeadlines.tenantId} = ${documents.tenantId} and ${documentDeadlines.documentId} = ${documents.id}), false))`;

/** The earliest deadline still to be paid (Da saldare). */
const nextDeadlineSql = sql<string | null>`(select min(${documentDeadlines.deadlineDate}) from ${documentDeadlines} where ${documentDeadlines.tenantId} = ${documents.tenantId} and ${documentDeadlines.documentId} = ${documents.id} and ${documentDeadlines.deadlineState} = 'Da saldare')`;

const convertedTarget = alias(documents, "converted_target");

/**
 * Stato as the lists show it: the stored state, or for a converted quote or proforma 'Convertito in fattura' /
 * 'Convertito in proforma' (CONVERTED_STATE_LABELS; the stored states stay the spec's, the conversion is
 * converted_to_id). Filtering and sorting the column read this text too.
 */
const displayedStateSql = sql<string>`case when ${documents.convertedToId} is null then ${documents.state} else coalesce((select case ${convertedTarget.kind}
  when 'PROFORMA' then ${lit(CONVERTED_STATE_LABELS.PROFORMA)} else ${lit(CONVERTED_STATE_LABELS.INVOICE)} end
  from ${documents} ${sql.identifier("converted_target")} where ${convertedTarget.tenantId} = ${documents.tenantId} and ${convertedTarget.id} = ${documents.convertedToId}), ${documents.state}) end`;

/**
 * The footer's money (decision): issued money only, so a Bozza counts nowhere (it is not due, and may be thrown away),
 * and a credit note counts negative (it takes back what its invoice charged): the /fatture footer is what the listed
 * invoices net of their credit notes are worth, as the home page and Statistiche count them.
 */
const issuedSignedSum = (column: PgColumn) =>
  sql`coalesce(sum(case when ${documents.state} = 'Bozza' then 0 when ${documents.kind} = 'CREDIT_NOTE' then -${column} else ${column} end), 0)`;

/** The documents list (GET /api/invoices, addedParams { kind }), with the totals of the filtered set in the footer. */
export const invoicesGrid = defineGrid<InvoiceListParams>({
  name: "invoices",
  table: documents,
  params: invoiceListParams,
  baseWhere: ({ kind }) => (kind === undefined ? undefined : Array.isArray(kind) ? inArray(documents.kind, kind) : eq(documents.kind, kind)),
  defaultSort: [
    { colId: "date", sort: "desc" },
    { colId: "id", sort: "desc" },
  ],
  exportFileName: "documenti",
  joins: [
    { table: contacts, on: eq(documents.contactId, contacts.id) },
    { table: invoiceSectionals, on: eq(documents.sectionalId, invoiceSectionals.id) },
  ],
  columns: [
    { field: "id", header: "Id", type: "integer", sql: documents.id, hidden: true, width: 80 },
    { field: "number", header: "Numero", type: "text", sql: documents.numberText, searchable: true, fixed: true, width: 100 },
    { field: "date", header: "Data", type: "date", sql: documents.date, width: 110 },
    { field: "contact", header: "Cliente", type: "entity", sql: documents.contactId, label: contacts.name, optionsUrl: "/api/contacts/get-filtered-list?role=CUSTOMER", searchable: true, width: 240 },
    { field: "documentType", header: "Tipo documento", type: "text", sql: documents.documentType, width: 110 },
    { field: "sectional", header: "Sezionale", type: "entity", sql: documents.sectionalId, label: invoiceSectionals.name, optionsUrl: "/api/invoice-sectionals/get-filtered-list", hidden: true, width: 120 },
    { field: "taxable", header: "Imponibile", type: "currency", sql: documents.taxable, width: 120 },
    { field: "totalVat", header: "IVA", type: "currency", sql: documents.totalVat, width: 110 },
    { field: "total", header: "Totale", type: "currency", sql: documents.total, width: 120 },
    { field: "netToPay", header: "Netto a pagare", type: "currency", sql: documents.netToPay, width: 130 },
    { field: "state", header: "Stato", type: "text", sql: displayedStateSql, width: 130 },
    { field: "paid", header: "Pagata", type: "boolean", sql: paidSql, width: 90 },
    { field: "nextDeadline", header: "Prossima scadenza", type: "date", sql: nextDeadlineSql, width: 130 },
    { field: "details", header: "Dettagli", type: "text", sql: documents.details, searchable: true, hidden: true, width: 240 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: documents.createdAt, hidden: true, width: 160 },
    // what the row's 'Elimina' needs (components/invoices/invoices-grid.tsx keeps it out of the column chooser)
    { field: "deletable", header: "Eliminabile", type: "boolean", sql: deletableSql(), hidden: true, exportable: false, sortable: false, filterable: false, width: 90 },
  ],
  totals: [
    { field: "taxable", sql: issuedSignedSum(documents.taxable) },
    { field: "totalVat", sql: issuedSignedSum(documents.totalVat) },
    { field: "total", sql: issuedSignedSum(documents.total) },
    { field: "netToPay", sql: issuedSignedSum(documents.netToPay) },
  ],
});

// ---------------------------------------------------------------------------------------------
// Rows and deadlines: written by the hooks (their answer carries the labels of their references)

type RowValues = InvoiceRowInput & { amount: number };

const rowsDef: ChildrenDef<RowValues & { id?: number }, DocumentRowRecord> = {
  table: documentRows,
  parent: documentRows.documentId,
  orderBy: [documentRows.position, documentRows.id],
  values: (r, position) => ({
    position,
    rowType: r.rowType,
    activityId: r.rowType === "LAVORO" ? (r.activity?.id ?? null) : null,
    itemId: r.rowType === "PRODOTTO" ? (r.item?.id ?? null) : null,
    serviceId: r.rowType === "SERVIZIO" ? (r.service?.id ?? null) : null,
    description: r.description,
    hideAmount: r.hideAmount,
    quantity: r.quantity,
    amount: r.amount,
    vatRateId: r.vat?.id ?? null,
    advance: r.advance,
    withholding: r.withholding,
  }),
  json: (r) => r,
};

const deadlinesDef = deadlineRows(documentDeadlines.documentId);

const rowActivity = alias(activities, "row_activity");

async function rowsOf(scope: TenantScope, documentId: number): Promise<InvoiceJson["rows"]> {
  const rows = await scope
    .select({
      r: documentRows,
      activityNumber: rowActivity.activityNumber,
      activityName: rowActivity.name,
      itemName: items.name,
      serviceName: services.name,
      // what the rate's label needs (a narrower select is cheaper to build and to read)
      vat: { rate: vatRates.rate, description: vatRates.description, natura: vatRates.natura },
    })
    .from(documentRows)
    .leftJoin(rowActivity, eq(documentRows.activityId, rowActivity.id))
    .leftJoin(items, eq(documentRows.itemId, items.id))
    .leftJoin(services, eq(documentRows.serviceId, services.id))
    .leftJoin(vatRates, eq(documentRows.vatRateId, vatRates.id))
    .where(intEq(documentRows.documentId, documentId))
    .orderBy(asc(documentRows.position), asc(documentRows.id));
  return rows.map(({ r, activityNumber, activityName, itemName, serviceName, vat }) => ({
    id: r.id,
    rowType: r.rowType,
    activity: r.activityId && activityName !== null ? { id: r.activityId, toString: activityLabel({ activityNumber: activityNumber!, name: activityName }) } : null,
    item: r.itemId && itemName !== null ? { id: r.itemId, toString: itemName } : null,
    service: r.serviceId && serviceName !== null ? { id: r.serviceId, toString: serviceName } : null,
    description: r.description,
    hideAmount: r.hideAmount,
    quantity: trimQuantity(r.quantity),
    amount: Number(r.amount),
    vat: r.vatRateId && vat ? { id: r.vatRateId, toString: vatRateToString(vat) } : null,
    advance: r.advance,
    withholding: r.withholding,
  }));
}

/** "1.50000000" → "1.5" (the form shows what was typed). */
function trimQuantity(q: string): string {
  return q.includes(".") ? q.replace(/0+$/, "").replace(/\.$/, "") : q;
}

async function deadlinesOf(scope: TenantScope, documentId: number): Promise<InvoiceJson["deadlines"]> {
  const rows = await scope
    .select({ d: documentDeadlines, bank: { bankAccountType: bankAccounts.bankAccountType, bankName: bankAccounts.bankName, code: bankAccounts.code } })
    .from(documentDeadlines)
    .leftJoin(bankAccounts, eq(documentDeadlines.bankAccountId, bankAccounts.id))
    .where(intEq(documentDeadlines.documentId, documentId))
    .orderBy(asc(documentDeadlines.position), asc(documentDeadlines.id));
  return rows.map(({ d, bank }) => ({
    id: d.id,
    deadlineDate: d.deadlineDate,
    amount: Number(d.amount),
    deadlineState: d.deadlineState,
    paymentDate: d.paymentDate,
    bankAccount: d.bankAccountId && bank ? { id: d.bankAccountId, toString: bankAccountToString(bank) } : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Calculation

interface ResolvedVat {
  rate: string;
  natura: string | null;
}

const totalsColumns = (t: InvoiceTotals) => ({
  taxable: t.taxable,
  totalVat: t.totalVat,
  inpsRevengeAmount: t.inpsRevengeAmount,
  professionistFundAmount: t.professionistFundAmount,
  withholdingTaxAmount: t.withholdingTaxAmount,
  stampTotal: t.stampAmount,
  total: t.total,
  netToPay: t.netToPay,
});

// ---------------------------------------------------------------------------------------------
// References inside the document

interface RowRefs {
  vats: Map<number, ResolvedVat>;
}

/** Every reference of the rows belongs to the tenant (a job also to the document's customer): else 400. */
async function checkRowRefs(tx: TenantScope, rows: readonly InvoiceRowInput[], contactId: number | null): Promise<RowRefs> {
  const ids = (pick: (r: InvoiceRowInput) => { id: number } | null | undefined, type?: InvoiceRowInput["rowType"]) => [
    ...new Set(rows.filter((r) => !type || r.rowType === type).flatMap((r) => (pick(r) ? [pick(r)!.id] : []))),
  ];
  const missing = async (table: typeof items | typeof services, wanted: number[], message: string) => {
    if (!wanted.length) return;
    const found = await tx.select({ id: table.id }).from(table).where(intIn(table.id, wanted));
    if (found.length !== wanted.length) throw new ValidationError([message]);
  };
  await missing(items, ids((r) => r.item, "PRODOTTO"), INVOICE_MESSAGES.rowItemUnknown);
  await missing(services, ids((r) => r.service, "SERVIZIO"), INVOICE_MESSAGES.rowServiceUnknown);
  const jobIds = ids((r) => r.activity, "LAVORO");
  if (jobIds.length) {
    const found = await tx.select({ id: activities.id, contactId: activities.contactId }).from(activities).where(intIn(activities.id, jobIds));
    if (found.length !== jobIds.length || found.some((j) => contactId !== null && j.contactId !== contactId)) throw new ValidationError([INVOICE_MESSAGES.rowActivityUnknown]);
  }
  const vatIds = ids((r) => r.vat);
  const vats = new Map<number, ResolvedVat>();
  if (vatIds.length) {
    const found = await tx.select({ id: vatRates.id, rate: vatRates.rate, natura: vatRates.natura }).from(vatRates).where(intIn(vatRates.id, vatIds));
    if (found.length !== vatIds.length) throw new ValidationError([INVOICE_MESSAGES.rowVatUnknown]);
    for (const v of found) vats.set(v.id, { rate: v.rate, natura: v.natura });
  }
  return { vats };
}

/** What a Lavoro row without an amount bills: the job's 'Da fatturare' (cents). */
async function toInvoiceOf(tx: TenantScope, activityId: number): Promise<number> {
  // joined, so drizzle qualifies the columns inside toInvoiceSql (a single-table select writes them bare)
  const [r] = await tx.select({ toInvoice: toInvoiceSql }).from(activities).innerJoin(contacts, eq(activities.contactId, contacts.id)).where(eq(activities.id, activityId));
  return Number(r?.toInvoice ?? 0);
}

/** The rows with their amounts settled (a Lavoro row without one: its stored amount, else the job's Da fatturare). */
async function resolveRows(tx: TenantScope, rows: readonly InvoiceRowInput[], existingRows: readonly DocumentRowRecord[]): Promise<RowValues[]> {
  const stored = new Map(existingRows.map((r) => [r.id, r]));
  const out: RowValues[] = [];
  for (const r of rows) {
    let amount = r.amount;
    if (amount === null) {
      const before = r.id !== undefined ? stored.get(r.id) : undefined;
      if (r.rowType === "LAVORO" && r.activity && before && before.activityId === r.activity.id) amount = Number(before.amount);
      else if (r.rowType === "LAVORO" && r.activity) amount = await toInvoiceOf(tx, r.activity.id);
      else amount = 0;
    }
    out.push({ ...r, amount: r.hideAmount ? 0 : amount });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Numbering

function seriesKey(d: { kind: DocumentKind; sectionalId: number | null; year: number }): string {
  return `doc:${d.kind.toLowerCase()}:${d.sectionalId ?? 0}:${d.year}`;
}

/**
 * A column of the document being read, written with its table's name: inside the counter's subquery below an
 * unqualified name would be the counter's own (a single-table select writes columns bare).
 */
function outer(c: PgColumn): SQL {
  return sql`${documents}.${sql.identifier(c.name)}`;
}

/** seriesKey of the document being read, in SQL (the same text: 'doc:<kind>:<sectional or 0>:<year>'). */
function seriesKeySql(): SQL {
  return sql`'doc:' || lower(${outer(documents.kind)}) || ':' || coalesce(${outer(documents.sectionalId)}, 0) || ':' || ${outer(documents.year)}`;
}

/**
 * Whether a document can be deleted: never numbered, or the last numbered of its series (its number is the series'
 * counter, which the deletion moves back by one: no gap); any other is corrected by a credit note. The one rule of
 * beforeDelete (isDeletable), of the JSON's `deletable` (the form's 'Elimina') and of the list's column of the same
 * name (the grid's). A function (hoisted): the grid above is declared before this section.
 */
function deletableSql(): SQL<boolean> {
  return sql<boolean>`(${outer(documents.number)} is null or ${outer(documents.number)} = (select ${counters.value} from ${counters} where ${counters.tenantId} = ${outer(documents.tenantId)} and ${counters.key} = ${seriesKeySql()}))`;
}

/** deletableSql of one document (false for an id the tenant does not have). */
async function isDeletable(scope: TenantScope, id: number): Promise<boolean> {
  const [r] = await scope.select({ deletable: deletableSql() }).from(documents).where(intEq(documents.id, id));
  return r?.deletable === true;
}

const yearOf = (date: string) => Number(date.slice(0, 4));

const sameSeries = (d: { kind: DocumentKind; sectionalId: number | null; year: number }): SQL =>
  and(eq(documents.kind, d.kind), sql`coalesce(${documents.sectionalId}, 0) = ${d.sectionalId ?? 0}`, eq(documents.year, d.year), sql`${documents.number} is not null`)!;

/** With invoiceCheckNumerationDates: the date must fit between the neighbouring numbers of the series. */
async function checkDateOrder(tx: TenantScope, tenant: Tenant, d: { kind: DocumentKind; sectionalId: number | null; year: number; number: number; date: string }): Promise<void> {
  if (!tenant.invoiceCheckNumerationDates) return;
  const [[before], [after]] = await Promise.all([
    tx.select({ number: documents.number, date: documents.date }).from(documents).where(sameSeries(d), lt(documents.number, d.number)).orderBy(desc(documents.number)).limit(1),
    tx.select({ number: documents.number, date: documents.date }).from(documents).where(sameSeries(d), gt(documents.number, d.number)).orderBy(asc(documents.number)).limit(1),
  ]);
  const neighbours = [before, after].flatMap((n) => (n ? [{ progressive: n.number!, date: n.date }] : []));
  const message = checkNumberDateOrder(neighbours, { progressive: d.number, date: d.date });
  if (message) throw new ValidationError([message]);
}

/** The sectional chosen in the form: of the tenant (else 400); to issue a document on it, not disabled. */
async function sectionalOf(tx: TenantScope, chosen: EntityRef | null | undefined): Promise<InvoiceSectional | null> {
  if (!chosen) return null;
  const s = await tx.find(invoiceSectionals, chosen.id);
  if (!s) throw new ValidationError([INVOICE_MESSAGES.sectionalUnknown]);
  return s;
}

/** What issuing needs to know before the number is taken (the series, its suffix). */
interface SeriesOf {
  kind: DocumentKind;
  sectionalId: number | null;
  suffix: string;
  date: string;
}

function seriesFor(kind: DocumentKind, sectional: InvoiceSectional | null, date: string): SeriesOf {
  if (sectional?.disabled) throw new ValidationError([INVOICE_MESSAGES.sectionalDisabled]);
  return { kind, sectionalId: sectional?.id ?? null, suffix: sectional?.suffix ?? "", date };
}

/**
 * The next number of the series, written on the document: the counter row is incremented and locked by one
 * statement and stays locked until the transaction commits, so this runs last in a save (finalize) and concurrent
 * issues on one series queue for these few statements only. A date out of order rolls the whole save back.
 */
async function numberDocument(tx: TenantScope, tenant: Tenant, row: Document, s: SeriesOf): Promise<Document> {
  const series = { kind: s.kind, sectionalId: s.sectionalId, year: yearOf(s.date) };
  const suffix = s.suffix.trim();
  // the counter incremented and the number written by one statement (the counter's lock held to the commit)
  const written = (await takeNextInto(tx, seriesKey(series), documents, row.id, (value) => ({
    number: value,
    numberText: suffix ? sql`${value}::text || ${lit(`/${suffix}`)}` : sql`${value}::text`,
  }))) as Document;
  const number = written.number!;
  // the rules of a number's text (ASCII, at most 20 characters): a text out of them rolls the save back
  if (formatInvoiceNumber(number, s.suffix) !== written.numberText) throw new Error("numero del documento non valido");
  await checkDateOrder(tx, tenant, { ...series, number, date: s.date });
  return { ...row, number, numberText: written.numberText };
}

function sellerSnapshot(t: Tenant) {
  return { denomination: t.denomination, fiscalCode: t.fiscalCode, vat: t.vat, address: t.address, postalCode: t.postalCode, city: t.city, province: t.province, taxRegime: t.taxRegime, phone: t.phone, email: t.email };
}

function buyerSnapshot(c: Contact) {
  return {
    name: c.name,
    kind: c.kind,
    companyName: c.companyName,
    firstName: c.firstName,
    lastName: c.lastName,
    vatCountry: c.vatCountry,
    vatNumber: c.vatNumber,
    fiscalCode: c.fiscalCode,
    address: c.address,
    postalCode: c.postalCode,
    city: c.city,
    province: c.province,
    country: c.country,
    email: c.email,
    pec: c.pec,
    sdiCode: c.sdiCode,
    publicAdministration: c.publicAdministration,
    splitPayment: c.splitPayment,
    withholdingAgent: c.withholdingAgent,
  };
}

/** The snapshots of a document leaving Bozza: later edits of the tenant or the customer never change it. */
const snapshots = (tenant: Tenant, contact: Contact) => ({ sellerSnapshot: sellerSnapshot(tenant), buyerSnapshot: buyerSnapshot(contact) });

function checkStateForKind(kind: DocumentKind, state: DocumentState): void {
  if (!STATES_BY_KIND[kind].includes(state)) throw new ValidationError([INVOICE_MESSAGES.stateForKind]);
}

const isLocked = (d: Pick<Document, "kind" | "state">) => LOCKED_KINDS.includes(d.kind) && !EDITABLE_STATES.includes(d.state);

// ---------------------------------------------------------------------------------------------
// Lavoro rows: marking the job's time invoiced, and giving it back

async function unmark(tx: TenantScope, row: DocumentRowRecord): Promise<void> {
  if (row.invoicedTimeEntryIds?.length) await tx.updateWhere(timeEntries, inArray(timeEntries.id, row.invoicedTimeEntryIds), { invoiced: false, version: sql`${timeEntries.version} + 1` });
  if (row.invoicedActivity && row.invoicedActivityId !== null) await tx.updateWhere(activities, eq(activities.id, row.invoicedActivityId), { invoiced: false, version: sql`${activities.version} + 1` });
  await tx.updateWhere(documentRows, eq(documentRows.id, row.id), { invoicedActivityId: null, invoicedTimeEntryIds: null, invoicedActivity: false });
}

async function mark(tx: TenantScope, row: DocumentRowRecord): Promise<void> {
  const job = await tx.find(activities, row.activityId!);
  if (!job) return;
  let entryIds: number[] = [];
  let fixed = false;
  if (job.paymentType === "Lavoro pagato a corpo") {
    fixed = !job.invoiced;
    if (fixed) await tx.updateWhere(activities, eq(activities.id, job.id), { invoiced: true, version: sql`${activities.version} + 1` });
  } else {
    entryIds = await tx.updateWhere(
      timeEntries,
      and(eq(timeEntries.activityId, job.id), eq(timeEntries.billable, true), eq(timeEntries.invoiced, false), sql`${timeEntries.minutes} is not null`),
      { invoiced: true, version: sql`${timeEntries.version} + 1` },
    );
  }
  await tx.updateWhere(documentRows, eq(documentRows.id, row.id), { invoicedActivityId: job.id, invoicedTimeEntryIds: entryIds, invoicedActivity: fixed });
}

/** After the rows are written: an invoice's Lavoro rows mark their job (once per row and job). */
async function markRows(tx: TenantScope, doc: Document): Promise<void> {
  if (doc.kind !== "INVOICE") return;
  const rows = await tx.list(documentRows, { where: and(eq(documentRows.documentId, doc.id), eq(documentRows.rowType, "LAVORO")), orderBy: [asc(documentRows.position)] });
  for (const r of rows) if (r.activityId !== null && r.invoicedActivityId === null) await mark(tx, r);
}

/** Before the rows are replaced: rows going away, or no longer on the same job, give back what they marked. */
async function unmarkLeaving(tx: TenantScope, existingRows: readonly DocumentRowRecord[], input: readonly InvoiceRowInput[]): Promise<void> {
  const kept = new Map(input.flatMap((r) => (r.id !== undefined ? [[r.id, r] as const] : [])));
  for (const r of existingRows) {
    if (r.invoicedActivityId === null) continue;
    const next = kept.get(r.id);
    if (next && next.rowType === "LAVORO" && next.activity?.id === r.invoicedActivityId) continue;
    await unmark(tx, r);
  }
}

// ---------------------------------------------------------------------------------------------
// The save

interface Prepared {
  kind: DocumentKind;
  rows: RowValues[];
  deadlines: InvoiceDeadlineInput[];
  existingRows: DocumentRowRecord[];
  tenant: Tenant;
  /** The series to number the document in at the end of the save (it leaves Bozza now). */
  issue: SeriesOf | null;
}

/** What beforeWrite settled for afterWrite (the same input object travels through one save). */
const prepared = new WeakMap<object, Prepared>();

interface Computed {
  calc: CalculationResult;
  totals: InvoiceTotals;
  rows: RowValues[];
  contact: Contact | null;
}

/** The customer chosen in the form: a customer of the tenant, else 400. */
async function customerOf(tx: TenantScope, chosen: EntityRef | null | undefined): Promise<Contact | null> {
  const contact = chosen ? ((await tx.find(contacts, chosen.id)) ?? null) : null;
  if (chosen && (!contact || !contact.isCustomer)) throw new ValidationError([INVOICE_MESSAGES.contactUnknown]);
  return contact;
}

/** Totals of a document as the form holds it (also get-calculated-fields); `contact`: the customer already read. */
async function compute(tx: TenantScope, tenant: Tenant, input: InvoiceCalculationInput, existingRows: readonly DocumentRowRecord[], customer?: Contact | null): Promise<Computed> {
  const contact = customer !== undefined ? customer : await customerOf(tx, input.contact);
  const { vats } = await checkRowRefs(tx, input.rows, contact?.id ?? null);
  const rows = await resolveRows(tx, input.rows, existingRows);
  const calc = calculate(fiscalRowsOf(rows, vats), fiscalSettingsOf(tenant, input), buyerOf(contact, input.publicAdministration), input.stampBorneByIssuer);
  return { calc, totals: totalsOf(calc), rows, contact };
}

/** Deadlines from the payment modality on the netto a pagare (one on the document date without a modality). */
async function deadlinesFor(tx: TenantScope, kind: DocumentKind, date: string, netToPay: number, paymentModalityId: number | null, bankAccount: EntityRef | null): Promise<InvoiceDeadlineInput[]> {
  if (kind === "QUOTE") return [];
  const base = { deadlineState: "Da saldare" as const, paymentDate: null, bankAccount: bankAccount ? { id: bankAccount.id, toString: undefined } : null, description: "" };
  return (await scheduleDeadlines(tx, date, netToPay, paymentModalityId, INVOICE_MESSAGES.paymentModalityUnknown)).map((d) => ({ ...base, ...d }));
}

/**
 * Each reference is read once (the columns returned here are the hook's word, so the declaration's refs are not
 * checked again): the customer, the sectional, the payment modality (by the schedule when it gives deadlines), the
 * bank accounts, the rows' references. The number is not taken here but in finalize, the save's last statements.
 */
async function beforeWrite(tx: TenantScope, input: InvoiceInput, existing: Document | undefined): Promise<Partial<typeof documents.$inferInsert>> {
  const kind = existing?.kind ?? input.kind;
  checkStateForKind(kind, input.state);
  if (existing && isLocked(existing)) throw new ApiError(409, INVOICE_MESSAGES.locked);
  // the references, read together (pipelined on PostgreSQL), refused with their own messages in the form's order
  const schedule = kind !== "QUOTE" && input.deadlines.length === 0;
  const [contact, sectional, checkedModalityId, bankAccountId, , tenant, existingRows] = await inOrder([
    customerOf(tx, input.contact),
    sectionalOf(tx, input.sectional),
    schedule ? Promise.resolve(null) : checkRef(tx, paymentModalities, input.paymentModality, INVOICE_MESSAGES.paymentModalityUnknown),
    checkRef(tx, bankAccounts, input.bankAccount, INVOICE_MESSAGES.bankAccountUnknown),
    Promise.all(input.deadlines.map((d) => checkRef(tx, bankAccounts, d.bankAccount, INVOICE_MESSAGES.deadlineBankAccountUnknown))),
    tx.getTenant(),
    existing ? tx.list(documentRows, { where: eq(documentRows.documentId, existing.id) }) : Promise.resolve([]),
  ] as const);
  const paymentModalityId = schedule ? (input.paymentModality?.id ?? null) : checkedModalityId;
  const { totals, rows } = await compute(tx, tenant, input, existingRows, contact);

  let deadlines = input.deadlines;
  if (kind === "QUOTE") deadlines = [];
  else if (schedule) {
    deadlines = await deadlinesFor(tx, kind, input.date, totals.netToPay, paymentModalityId, input.bankAccount ?? null);
    // nothing to schedule (netto a pagare zero): the modality is still checked against the tenant
    if (!deadlines.length) await checkRef(tx, paymentModalities, input.paymentModality, INVOICE_MESSAGES.paymentModalityUnknown);
  } else {
    const sum = deadlines.reduce((s, d) => s + d.amount, 0);
    if (sum !== totals.netToPay) throw new ValidationError([INVOICE_MESSAGES.deadlinesSum(formatMoney(sum), formatMoney(totals.netToPay))]);
  }

  const year = yearOf(input.date);
  const sectionalId = sectional?.id ?? null;
  let issue: SeriesOf | null = null;
  if (existing?.number != null) {
    if (input.state === "Bozza") throw new ValidationError([INVOICE_MESSAGES.backToDraft]);
    if (existing.year !== year || (existing.sectionalId ?? null) !== sectionalId) throw new ValidationError([INVOICE_MESSAGES.numberedMove]);
    if (existing.date !== input.date) await checkDateOrder(tx, tenant, { kind, sectionalId, year, number: existing.number, date: input.date });
  } else if (input.state !== "Bozza") {
    issue = seriesFor(kind, sectional, input.date);
    await checkCorrectedInvoice(tx, kind, existing?.sourceDocumentId ?? null, input.correctedInvoice);
  }
  prepared.set(input, { kind, rows, deadlines, existingRows, tenant, issue });
  return {
    kind,
    year,
    ...totalsColumns(totals),
    contactId: contact!.id,
    sectionalId,
    paymentModalityId,
    bankAccountId,
    ...(issue ? snapshots(tenant, contact!) : {}),
  };
}

async function afterWrite(tx: TenantScope, row: Document, input: InvoiceInput, existing: Document | undefined): Promise<void> {
  const p = prepared.get(input);
  if (!p) throw new Error("documento: salvataggio senza preparazione");
  await unmarkLeaving(tx, p.existingRows, existing ? input.rows : []);
  const deadlines = p.deadlines.map((d) => ({ ...d, contactId: row.contactId }));
  const marks = p.rows.some((r) => r.rowType === "LAVORO" && r.activity);
  if (!existing && !marks) {
    // a new document: rows, deadlines and the first state, one INSERT each, issued together
    await Promise.all([replaceChildRows(tx, rowsDef, row.id, p.rows, true), replaceChildRows(tx, deadlinesDef, row.id, deadlines, true), logState(tx, row.id, null, row.state)]);
    return;
  }
  // a new document owns no rows yet: ids sent with a create are ignored, the rows go in one statement
  await replaceChildRows(tx, rowsDef, row.id, p.rows, !existing);
  if (marks) await markRows(tx, row);
  await replaceChildRows(tx, deadlinesDef, row.id, deadlines, !existing);
  if (!existing || existing.state !== row.state) await logState(tx, row.id, existing?.state ?? null, row.state);
  // a credit note issued now nets its invoice's open deadlines (before the answer reads the deadlines; a new document
  // has no source: copies are linked after their creation)
  if (p.issue && row.kind === "CREDIT_NOTE") await netCreditNote(tx, row, documentLabel);
}

/**
 * Promise.all that, when several fail, throws the first failure in the list's order (not in time), so the message a
 * save answers with does not depend on which statement came back first.
 */
async function inOrder<const P extends readonly Promise<unknown>[]>(promises: P): Promise<{ -readonly [K in keyof P]: Awaited<P[K]> }> {
  const settled = await Promise.allSettled(promises);
  for (const s of settled) if (s.status === "rejected") throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as never;
}

/** Last: the number, when the document leaves Bozza with this save. */
async function finalize(tx: TenantScope, row: Document, input: InvoiceInput): Promise<Document | void> {
  const p = prepared.get(input);
  prepared.delete(input);
  if (p?.issue) return numberDocument(tx, p.tenant, row, p.issue);
}

async function logState(tx: TenantScope, documentId: number, before: DocumentState | null, after: DocumentState): Promise<void> {
  // the code's own values, written into the statement (db/scope.ts lit): one round trip
  await tx.insert(documentStateLogs, { documentId: lit(documentId), stateBefore: lit(before), stateAfter: lit(after), userId: lit(tx.actor?.userId ?? null) } as never);
}

async function beforeDelete(tx: TenantScope, row: Document): Promise<void> {
  // an issued credit note that netted its invoice gives the netted deadlines back (the invoice locked before the
  // counter, in the order an issue takes them; a refusal below rolls it back)
  if (row.kind === "CREDIT_NOTE" && row.number !== null) await unnetCreditNote(tx, row);
  // a numbered document's counter is locked first: the rule then reads a value no issue or deletion can move
  const key = row.number !== null ? seriesKey(row) : null;
  const current = key !== null ? await lockCounter(tx, key) : 0;
  if (!(await isDeletable(tx, row.id))) throw new ApiError(409, INVOICE_MESSAGES.notLast);
  if (key !== null) await setCounter(tx, key, current - 1);
  for (const r of await tx.list(documentRows, { where: eq(documentRows.documentId, row.id) })) if (r.invoicedActivityId !== null) await unmark(tx, r);
}

const EMPTY_TOTALS: InvoiceTotals = { taxable: 0, totalVat: 0, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 0, netToPay: 0 };

/**
 * What the form needs to show the totals live with the server's own calculation (lib/invoice-calculation.ts):
 * the tenant's regime, every VAT rate of the tenant (inactive ones too: an old row may carry one) and the customer.
 */
async function calculationContext(scope: TenantScope, contactId: number | null): Promise<CalculationContext> {
  const tenant = await scope.getTenant();
  const vats = await scope.list(vatRates, { orderBy: [asc(vatRates.id)] });
  const contact = contactId !== null ? await scope.find(contacts, contactId) : undefined;
  return {
    tenant: { taxRegime: tenant.taxRegime, fiscalCode: tenant.fiscalCode },
    vats: vats.map((v) => ({ id: v.id, rate: v.rate, natura: v.natura })),
    customer: contact ? customerForCalculation(contact) : null,
  };
}

export const customerForCalculation = (c: Pick<Contact, "kind" | "vatNumber" | "publicAdministration" | "splitPayment" | "withholdingAgent" | "country" | "vatCountry">) => ({
  kind: c.kind,
  vatNumber: c.vatNumber,
  publicAdministration: c.publicAdministration,
  splitPayment: c.splitPayment,
  withholdingAgent: c.withholdingAgent,
  // a buyer abroad never withholds (lib/fiscal/calculate.ts whyBuyerCannotWithhold)
  country: c.country,
  vatCountry: c.vatCountry,
});

/**
 * The customer of create-form-data: ?contact={id} (the issue's name; the form asks it when the customer changes), or
 * ?contactId= (create-from-activities, earlier callers). A contact that is missing, of another tenant or not a
 * customer gives none (the form starts empty, as without the parameter).
 */
async function draftCustomer(scope: TenantScope, query: URLSearchParams): Promise<Contact | undefined> {
  const id = Number(query.get("contact") ?? query.get("contactId"));
  const contact = Number.isSafeInteger(id) && id > 0 ? await scope.find(contacts, id) : undefined;
  return contact?.isCustomer ? contact : undefined;
}

/**
 * The customer's 'Tipologia di clienti' (the sectionals' typology). Contacts are typed by `kind`, COMPANY or PERSON
 * (db/schema/contacts.ts), and carry a VAT number only when they have one ("" otherwise, lib/schemas/contact.ts):
 * a PERSON without a VAT number is a private person, 'Persone fisiche'; a COMPANY, or a PERSON with a VAT number
 * (a sole trader, a professional: invoiced as a business), 'Persone giuridiche'. The calculation's buyerOf tells a
 * consumer the same way.
 */
export function sectionalTypologyOf(c: Pick<Contact, "kind" | "vatNumber">): Exclude<SectionalTypology, "Tutti"> {
  return c.kind === "PERSON" && c.vatNumber === "" ? "Persone fisiche" : "Persone giuridiche";
}

/**
 * The sectional a new document starts on: for a customer, an enabled sectional of its typology (the default among
 * several, then by name); else the tenant's default sectional, enabled; else none. One query.
 */
async function draftSectional(scope: TenantScope, customer: Contact | undefined): Promise<InvoiceSectional | undefined> {
  const typology = customer ? sectionalTypologyOf(customer) : null;
  const isDefault = eq(invoiceSectionals.defaultSectional, true);
  const [sectional] = await scope.list(invoiceSectionals, {
    where: and(eq(invoiceSectionals.disabled, false), typology ? or(eq(invoiceSectionals.typology, typology), isDefault) : isDefault),
    orderBy: [...(typology ? [sql`(${invoiceSectionals.typology} = ${typology}) desc`] : []), desc(invoiceSectionals.defaultSectional), asc(invoiceSectionals.name), asc(invoiceSectionals.id)],
    limit: 1,
  });
  return sectional;
}

/**
 * A new document (create-form-data?kind=&contact=): the tenant's settings and, for a customer, its defaults —
 * address, payment modality (else the tenant's), bank account, PA flag and the sectional of its typology; its split
 * payment (which the document's JSON has no field for) reaches the form in formData.calculation.customer.
 */
async function draftOf(scope: TenantScope, query: URLSearchParams) {
  const kindParam = query.get("kind");
  const kind: DocumentKind = kindParam === "QUOTE" || kindParam === "PROFORMA" || kindParam === "CREDIT_NOTE" ? kindParam : "INVOICE";
  const tenant = await scope.getTenant();
  const customer = await draftCustomer(scope, query);
  const sectional = await draftSectional(scope, customer);
  const modalityId = customer?.customerPaymentModalityId ?? tenant.paymentModalityId;
  return {
    kind,
    documentType: kind === "CREDIT_NOTE" ? "TD04" : "TD01",
    number: null,
    date: todayInRome(),
    state: "Bozza",
    contact: customer ? { id: customer.id, toString: customer.name } : null,
    sectional: sectional ? { id: sectional.id, toString: invoiceSectionalToString(sectional) } : null,
    bankAccount: await bankAccountEntity.optionOf(scope, customer?.customerBankAccountId ?? null),
    paymentModality: await paymentModalityEntity.optionOf(scope, modalityId),
    address: customer ? [customer.address, [customer.postalCode, customer.city, customer.province ? `(${customer.province})` : ""].filter(Boolean).join(" ")].filter(Boolean).join(", ") : "",
    details: kind === "PROFORMA" ? tenant.invoiceProformaDetails : tenant.invoiceDetails,
    inpsRevenge: tenant.inpsRevenge,
    professionistFund: tenant.professionistFund,
    withholdingTaxApply: tenant.withholdingTaxApply,
    withholdingTaxPercentage: tenant.withholdingTaxPercentage,
    // the bollo is the law's on every document; the tenant's 'Marca da bollo a proprio carico' (stampApply) only
    // says who bears it: the issuer, or (unticked) the customer through the 'Imposta di bollo' row
    stampBorneByIssuer: tenant.stampApply,
    stampAmount: tenant.stampAmount > 0 ? tenant.stampAmount : STAMP_AMOUNT,
    publicAdministration: customer?.publicAdministration ?? false,
    paDocument: { type: null, number: "", date: null, cig: "", cup: "" },
    rows: [],
    deadlines: [],
    totals: EMPTY_TOTALS,
  };
}

type LinkedJson = { ref: { id: number; toString: string }; kind: DocumentKind };

/** A linked document (source, conversion) as a reference, labelled as it is now ('Fattura 3 del …'), and its kind. */
async function linkedDocument(scope: TenantScope, id: number | null): Promise<LinkedJson | null> {
  const d = id !== null ? await scope.find(documents, id) : undefined;
  return d ? { ref: { id: d.id, toString: documentLabel(d) }, kind: d.kind } : null;
}

/**
 * A credit note leaves Bozza only naming the invoice it corrects (it goes to DatiFattureCollegate): made from it
 * (sourceDocumentId: a numbered invoice), or its number and date typed in (correctedInvoice). Else 400; a Bozza is
 * saved without it.
 */
async function checkCorrectedInvoice(tx: TenantScope, kind: DocumentKind, sourceDocumentId: number | null, typed: { number: string; date: string | null }): Promise<void> {
  if (kind !== "CREDIT_NOTE") return;
  if (typed.number.trim() !== "" && typed.date) return;
  const source = sourceDocumentId !== null ? await tx.find(documents, sourceDocumentId) : undefined;
  if (source?.kind === "INVOICE" && source.number !== null) return;
  throw new BadRequestError(INVOICE_MESSAGES.correctedInvoiceNeeded, [INVOICE_MESSAGES.correctedInvoiceNeeded]);
}

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
    documentType: i.documentType ?? existing?.documentType ?? ((existing?.kind ?? i.kind) === "CREDIT_NOTE" ? "TD04" : "TD01"),
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
    correctedInvoiceNumber: (existing?.kind ?? i.kind) === "CREDIT_NOTE" ? i.correctedInvoice.number : "",
    correctedInvoiceDate: (existing?.kind ?? i.kind) === "CREDIT_NOTE" ? i.correctedInvoice.date : null,
  }),
  json: (d, { refs, derived }) => ({
    id: d.id,
    version: d.version,
    kind: d.kind,
    documentType: d.documentType,
    number: d.numberText,
    date: d.date,
    state: d.state,
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
  }),
  selectable: {
    search: (t) => sql`${documents.numberText} ilike ${t.startsWith}`,
    orderBy: [desc(documents.date), desc(documents.id)],
    filter: (params) => {
      const kind = params.get("kind");
      return kind === "INVOICE" || kind === "CREDIT_NOTE" || kind === "PROFORMA" || kind === "QUOTE" ? eq(documents.kind, kind) : undefined;
    },
  },
  hooks: { beforeWrite, afterWrite, finalize, beforeDelete },
  example: { details: "Documento di prova", kind: "INVOICE", date: "2026-03-02", state: "Bozza", rows: [{ rowType: "GENERICA", description: "Riga descrittiva", hideAmount: true }] },
  exampleRefs: { contact: { example: contactEntity.example, api: contactApi } },
});

/**
 * POST /api/invoices/get-calculated-fields: the totals with their working and the deadlines the modality gives,
 * for the document as the form holds it (nothing is saved; the references are checked like a save's).
 */
export async function calculatedFields(scope: TenantScope, input: InvoiceCalculationInput, id?: number) {
  const tenant = await scope.getTenant();
  await checkRef(scope, paymentModalities, input.paymentModality, INVOICE_MESSAGES.paymentModalityUnknown);
  await checkRef(scope, bankAccounts, input.bankAccount, INVOICE_MESSAGES.bankAccountUnknown);
  const existingRows = id !== undefined ? await scope.list(documentRows, { where: eq(documentRows.documentId, (await scope.getOrThrow(documents, id, INVOICE_MESSAGES.notFound)).id) }) : [];
  const { calc, totals } = await compute(scope, tenant, input, existingRows);
  const deadlines = await deadlinesFor(scope, input.kind, input.date, totals.netToPay, input.paymentModality?.id ?? null, input.bankAccount ?? null);
  const bankAccount = await bankAccountEntity.optionOf(scope, input.bankAccount?.id ?? null);
  return {
    totals: totalsWithSteps(calc),
    summary: vatSummaryOf(calc),
    notes: calc.notes,
    isForfettario: calc.isForfettario,
    deadlines: deadlines.map((d) => ({ deadlineDate: d.deadlineDate, amount: d.amount, deadlineState: d.deadlineState, paymentDate: null, bankAccount })),
  };
}

/**
 * POST /api/invoices/set-state/{id}: a state of the document's kind. Leaving Bozza gives the number (and the
 * snapshots) in this transaction; a numbered document never goes back to Bozza. With `version`, a stale one is a 409.
 */
export async function setDocumentState(scope: TenantScope, id: number, state: DocumentState, version?: number): Promise<InvoiceJson> {
  return scope.transaction(async (tx) => {
    const doc = await tx.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
    checkStateForKind(doc.kind, state);
    if (doc.state === state) return invoiceEntity.toJson(tx, doc);
    if (doc.number !== null && state === "Bozza") throw new ValidationError([INVOICE_MESSAGES.backToDraft]);
    if (doc.number !== null || state === "Bozza") {
      const row = await tx.update(documents, id, version, { state });
      await logState(tx, id, doc.state, state);
      return invoiceEntity.toJson(tx, row);
    }
    // leaving Bozza: a credit note names its invoice; snapshots now, the number last (the counter's lock held for the
    // fewest statements); a credit note made from an invoice nets it in between
    await checkCorrectedInvoice(tx, doc.kind, doc.sourceDocumentId, { number: doc.correctedInvoiceNumber, date: doc.correctedInvoiceDate });
    const tenant = await tx.getTenant();
    const contact = await tx.getOrThrow(contacts, doc.contactId, INVOICE_MESSAGES.contactUnknown);
    const series = seriesFor(doc.kind, doc.sectionalId === null ? null : ((await tx.find(invoiceSectionals, doc.sectionalId)) ?? null), doc.date);
    const row = await tx.update(documents, id, version, { state, ...snapshots(tenant, contact) });
    await logState(tx, id, doc.state, state);
    if (row.kind === "CREDIT_NOTE") await netCreditNote(tx, row, documentLabel);
    return invoiceEntity.toJson(tx, await numberDocument(tx, tenant, row, series));
  });
}

/** The document's history of states and sends (oldest first), with who made each change. */
export async function documentHistory(scope: TenantScope, id: number) {
  await scope.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
  const logs = await scope
    .select({ log: documentStateLogs, firstName: users.firstName, lastName: users.lastName })
    .from(documentStateLogs)
    .leftJoin(users, eq(documentStateLogs.userId, users.id))
    .where(eq(documentStateLogs.documentId, id))
    .orderBy(asc(documentStateLogs.created), asc(documentStateLogs.id));
  return logs.map(({ log: l, firstName, lastName }) => ({
    stateBefore: l.stateBefore,
    stateAfter: l.stateAfter,
    note: l.note,
    created: new Date(l.created).toISOString(),
    userId: l.userId,
    user: l.userId !== null ? `${firstName ?? ""} ${lastName ?? ""}`.trim() : null,
  }));
}
