/** The documents' list (GET /api/invoices, addedParams { kind }) and the SQL of its computed columns. */
import "server-only";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import { contacts, documentDeadlines, documents, invoiceSectionals } from "@/db/schema";
import { lit } from "@/db/scope";
import { defineGrid } from "@/lib/grid/define";
import { CONVERTED_STATE_LABELS, DOCUMENT_KINDS, invoiceListParams, type InvoiceListParams } from "@/lib/schemas/invoice";
import { policyOf } from "@/lib/documents/policy";
import { deletableSql } from "./numbering";

/**
 * Paid: the state Pagata, or deadlines all settled (Saldato, or Stornato) with at least one Saldato. One aggregate over
 * the document's own deadlines per listed row (EXISTS … OR … NOT EXISTS made the planner hash every Saldato deadline
 * of the tenant on each page: bench:documents).
 */
export const paidSql = sql<boolean>`(${documents.state} = 'Pagata' or coalesce((select bool_and(${documentDeadlines.deadlineState} <> 'Da saldare') and bool_or(${documentDeadlines.deadlineState} = 'Saldato')
  from ${documentDeadlines} where ${documentDeadlines.tenantId} = ${documents.tenantId} and ${documentDeadlines.documentId} = ${documents.id}), false))`;

/** The earliest deadline still to be paid (Da saldare). */
export const nextDeadlineSql = sql<string | null>`(select min(${documentDeadlines.deadlineDate}) from ${documentDeadlines} where ${documentDeadlines.tenantId} = ${documents.tenantId} and ${documentDeadlines.documentId} = ${documents.id} and ${documentDeadlines.deadlineState} = 'Da saldare')`;

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
const NEGATIVE_KINDS = DOCUMENT_KINDS.filter((k) => policyOf(k).sign < 0);
/** A document's amount with its kind's sign (policy.ts `sign`: a credit note's negative), for every sum of issued money. */
export const signedByKind = (amount: SQL | PgColumn): SQL => sql`case when ${documents.kind} in (${sql.join(NEGATIVE_KINDS.map(lit), sql`, `)}) then -${amount} else ${amount} end`;
const issuedSignedSum = (column: PgColumn) => sql`coalesce(sum(case when ${documents.state} = 'Bozza' then 0 else ${signedByKind(column)} end), 0)`;

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
  // at 1366×768 (the side menu open) every default column is in view, Stato and Pagata included: Imponibile and IVA
  // are hidden (Totale and Netto a pagare stay), the column chooser shows them; the phone card takes the customer,
  // the netto a pagare and the state
  columns: [
    { field: "id", header: "Id", type: "integer", sql: documents.id, hidden: true, width: 80 },
    { field: "number", header: "Numero", type: "text", sql: documents.numberText, searchable: true, fixed: true, width: 90 },
    { field: "date", header: "Data", type: "date", sql: documents.date, width: 93 },
    { field: "contact", header: "Cliente", type: "entity", sql: documents.contactId, label: contacts.name, optionsUrl: "/api/contacts/get-filtered-list?role=CUSTOMER", searchable: true, width: 170, phone: "title" },
    { field: "documentType", header: "Tipo documento", type: "text", sql: documents.documentType, width: 106 },
    { field: "sectional", header: "Sezionale", type: "entity", sql: documents.sectionalId, label: invoiceSectionals.name, optionsUrl: "/api/invoice-sectionals/get-filtered-list", hidden: true, width: 120 },
    { field: "taxable", header: "Imponibile", type: "currency", sql: documents.taxable, hidden: true, width: 110 },
    { field: "totalVat", header: "IVA", type: "currency", sql: documents.totalVat, hidden: true, width: 100 },
    { field: "total", header: "Totale", type: "currency", sql: documents.total, width: 110, phone: "none" },
    { field: "netToPay", header: "Netto a pagare", type: "currency", sql: documents.netToPay, width: 110, phone: "amount" },
    // 'Inviata allo SDI' whole; the quotes' and proformas' pages widen it for 'Convertito in proforma' (columnsForKind)
    { field: "state", header: "Stato", type: "text", sql: displayedStateSql, width: 135, phone: "badge" },
    // the SDI state (issue 31; empty: never sent), a badge; the pages of kinds without a file drop it (columnsForKind).
    // Hidden by default: at 1366×768 with the side menu open the default columns fill the grid (tests/e2e/lists-layout),
    // so the column chooser offers it; the form shows the SDI state above the document, and Stato follows the receipts
    // where it means the same (db/documents/sdi.ts)
    { field: "sdiState", header: "Stato SDI", type: "text", sql: documents.sdiState, hidden: true, width: 120 },
    { field: "paid", header: "Pagata", type: "boolean", sql: paidSql, width: 80 },
    { field: "nextDeadline", header: "Prossima scadenza", type: "date", sql: nextDeadlineSql, width: 105 },
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
