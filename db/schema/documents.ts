import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { activities } from "./activities";
import { bankAccounts } from "./bank-accounts";
import { bytea, cents, createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { contacts } from "./contacts";
import { expenses } from "./expenses";
import { invoiceSectionals } from "./invoice-sectionals";
import { items, services } from "./items";
import { paymentModalities } from "./payment-modalities";
import { tenants } from "./tenants";
import { users } from "./users";
import { vatRates } from "./vat-rates";

import type { DeadlineState, DocumentKind, DocumentRowType, DocumentState, PaDocumentType, SdiState } from "../../lib/schemas/invoice";

/**
 * The numbered invoices and credit notes (a numbered document has left Bozza): the predicate of the partial index
 * documents_tenant_report_idx and the invoice report's condition, one text for both, so the planner matches them
 * (written with literals: a bound parameter would not match the index's predicate).
 */
export const issuedSalesOf = (t: { kind: AnyPgColumn; number: AnyPgColumn; state: AnyPgColumn }) =>
  sql`${t.kind} in ('INVOICE', 'CREDIT_NOTE') and ${t.number} is not null and ${t.state} <> 'Bozza'`;

/** The paid deadlines of documents and expenses: the predicate of document_deadlines_tenant_paid_idx and the report's condition. */
export const paidDeadlinesOf = (t: { deadlineState: AnyPgColumn; direction: AnyPgColumn }) => sql`${t.deadlineState} = 'Saldato' and ${t.direction} is not null`;

/** What a document's snapshot of a party holds (buyer or seller, taken when it leaves Bozza). */
export type PartySnapshot = Record<string, unknown>;

/**
 * Documenti di vendita: quotes, proformas, invoices and credit notes in one table (kind). number is the
 * progressive of the series (tenant, kind, sectional, year) given when the document leaves Bozza, from a
 * counter row locked in the saving transaction (db/documents/numbering.ts); numberText is what the document
 * shows ("12/A"). Totals are the server's calculation (lib/fiscal calculateDocument), stored for the list
 * and the reports. The customer is a restricting reference. The sectional is checked against the tenant
 * by the entity (invoice_sectionals has no (tenant_id, id) key): a plain restricting reference.
 */
export const documents = pgTable(
  "documents",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    kind: text("kind").$type<DocumentKind>().notNull(),
    /** TipoDocumento (TD01, TD04, TD06, TD24, …). */
    documentType: text("document_type").notNull().default("TD01"),
    sectionalId: integer("sectional_id").references((): AnyPgColumn => invoiceSectionals.id, { onDelete: "restrict" }),
    /** Progressive in the series; null while Bozza. */
    number: integer("number"),
    /** "12/A"; null while Bozza. */
    numberText: text("number_text"),
    year: integer("year").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    state: text("state").$type<DocumentState>().notNull().default("Bozza"),
    contactId: integer("contact_id").notNull(),
    bankAccountId: integer("bank_account_id"),
    paymentModalityId: integer("payment_modality_id"),
    address: text("address").notNull().default(""),
    details: text("details").notNull().default(""),
    inpsRevenge: numeric("inps_revenge", { precision: 7, scale: 2 }).notNull().default("0"),
    professionistFund: numeric("professionist_fund", { precision: 7, scale: 2 }).notNull().default("0"),
    withholdingTaxApply: boolean("withholding_tax_apply").notNull().default(false),
    withholdingTaxPercentage: numeric("withholding_tax_percentage", { precision: 7, scale: 2 }).notNull().default("0"),
    stampBorneByIssuer: boolean("stamp_borne_by_issuer").notNull().default(false),
    /** Valore marca da bollo virtuale (cents); 0: no stamp. */
    stampAmount: cents("stamp_amount").notNull().default(0),
    publicAdministration: boolean("public_administration").notNull().default(false),
    paDocumentType: text("pa_document_type").$type<PaDocumentType>(),
    paDocumentNumber: text("pa_document_number").notNull().default(""),
    paDocumentDate: date("pa_document_date", { mode: "string" }),
    paCig: text("pa_cig").notNull().default(""),
    paCup: text("pa_cup").notNull().default(""),
    // totals (cents), the server's calculation
    taxable: cents("taxable").notNull().default(0),
    totalVat: cents("total_vat").notNull().default(0),
    inpsRevengeAmount: cents("inps_revenge_amount").notNull().default(0),
    professionistFundAmount: cents("professionist_fund_amount").notNull().default(0),
    withholdingTaxAmount: cents("withholding_tax_amount").notNull().default(0),
    stampTotal: cents("stamp_total").notNull().default(0),
    total: cents("total").notNull().default(0),
    netToPay: cents("net_to_pay").notNull().default(0),
    buyerSnapshot: jsonb("buyer_snapshot").$type<PartySnapshot>(),
    sellerSnapshot: jsonb("seller_snapshot").$type<PartySnapshot>(),
    /**
     * The document this one was copied from: converted from (a quote or proforma), credit note of (the invoice it
     * corrects), duplicate of, or a planned operation's template.
     */
    sourceDocumentId: integer("source_document_id"),
    /**
     * A quote's or proforma's one conversion (QUOTE→PROFORMA, QUOTE→INVOICE, PROFORMA→INVOICE): set by
     * db/documents/copy.ts convertDocument with the source locked, so a second conversion is refused;
     * cleared when that document is deleted (the source may be converted again). Migration 0033.
     */
    convertedToId: integer("converted_to_id"),
    /**
     * The invoice a credit note corrects, typed in the form when the credit note was not made from it (then the
     * source is that invoice): its number and date go to the XML's DatiFattureCollegate.
     */
    correctedInvoiceNumber: text("corrected_invoice_number").notNull().default(""),
    correctedInvoiceDate: date("corrected_invoice_date", { mode: "string" }),
    /** The FatturaPA file offered for sending (IT…_xxxxx.xml) and its bytes: built once, the same file every later time. */
    electronicInvoiceFileName: text("electronic_invoice_file_name"),
    electronicInvoiceXml: bytea("electronic_invoice_xml"),
    electronicInvoiceCreated: timestamp("electronic_invoice_created", { withTimezone: true }),
    /**
     * The SDI state (issue 31, migration 0039): null (never sent), 'Inviata allo SDI', 'Consegnata', 'Mancata consegna',
     * 'Scartata', 'Accettata', 'Rifiutata', 'Decorrenza termini'; moved by db/documents/sdi.ts, never backwards.
     */
    sdiState: text("sdi_state").$type<SdiState>(),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // the lists (/fatture-proforma, /preventivi): one kind, newest first. The list orders by date DESC, id DESC, which is
    // NULLS FIRST in PostgreSQL: an index with Drizzle's default NULLS LAST cannot give that order (every page sorted them all)
    index("documents_tenant_kind_date_idx").on(t.tenantId, t.kind, t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // /fatture lists two kinds (INVOICE, CREDIT_NOTE): kind IN (…) takes its order only from an index led by the date
    index("documents_tenant_date_idx").on(t.tenantId, t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // a customer's documents (in use check, customer form)
    index("documents_tenant_contact_idx").on(t.tenantId, t.contactId),
    // the Scadenziario's count and totals read each deadline's document for its kind and number only: an index-only
    // lookup, so the planner joins a period's thousands of deadlines by nested loop instead of hashing every document
    index("documents_tenant_id_kind_number_idx").on(t.tenantId, t.id, t.kind, t.number),
    // Statistiche (ReportInvoiceManager): the period's numbered invoices and credit notes by day and customer with their
    // totals, index-only (the condition is the report's own: issuedSalesOf)
    index("documents_tenant_report_idx").on(t.tenantId, t.date, t.kind, t.contactId, t.total, t.totalVat).where(issuedSalesOf(t)),
    // no gap and no duplicate: the counter gives the number, this index is the last word
    uniqueIndex("documents_series_number_key").on(t.tenantId, t.kind, sql`coalesce(${t.sectionalId}, 0)`, t.year, t.number).where(sql`${t.number} is not null`),
    tenantKey("documents_tenant_id_key", t),
    sameTenant("documents_contact_fk", t.tenantId, t.contactId, contacts).onDelete("restrict"),
    sameTenant("documents_bank_account_fk", t.tenantId, t.bankAccountId, bankAccounts).onDelete("set null"),
    sameTenant("documents_payment_modality_fk", t.tenantId, t.paymentModalityId, paymentModalities).onDelete("set null"),
    foreignKey({ name: "documents_source_fk", columns: [t.tenantId, t.sourceDocumentId], foreignColumns: [t.tenantId, t.id] }).onDelete("set null"),
    foreignKey({ name: "documents_converted_to_fk", columns: [t.tenantId, t.convertedToId], foreignColumns: [t.tenantId, t.id] }).onDelete("set null"),
    uniqueIndex("documents_converted_to_key").on(t.tenantId, t.convertedToId).where(sql`${t.convertedToId} is not null`),
    check("documents_kind_check", sql`${t.kind} in ('QUOTE', 'PROFORMA', 'INVOICE', 'CREDIT_NOTE')`),
    check("documents_number_text_check", sql`(${t.number} is null) = (${t.numberText} is null)`),
    check("documents_sdi_state_check", sql`${t.sdiState} in ('Inviata allo SDI', 'Consegnata', 'Mancata consegna', 'Scartata', 'Accettata', 'Rifiutata', 'Decorrenza termini')`),
    // receipts are matched by the file name this product gave (db/documents/sdi.ts)
    index("documents_tenant_einvoice_file_idx").on(t.tenantId, t.electronicInvoiceFileName).where(sql`${t.electronicInvoiceFileName} is not null`),
  ],
);

/** Righe of a document, in order. Lavoro rows remember what they marked invoiced (undone when the row goes). */
export const documentRows = pgTable(
  "document_rows",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    documentId: integer("document_id").notNull(),
    position: integer("position").notNull().default(0),
    rowType: text("row_type").$type<DocumentRowType>().notNull(),
    activityId: integer("activity_id"),
    itemId: integer("item_id"),
    serviceId: integer("service_id"),
    description: text("description").notNull().default(""),
    hideAmount: boolean("hide_amount").notNull().default(false),
    /** Decimal quantity, up to 8 decimals. */
    quantity: numeric("quantity", { precision: 20, scale: 8 }).notNull().default("1"),
    /** Unit price (cents). */
    amount: cents("amount").notNull().default(0),
    vatRateId: integer("vat_rate_id"),
    /** Non imponibile (per anticipazione). */
    advance: boolean("advance").notNull().default(false),
    /** Applicare ritenuta d'acconto e contributi. */
    withholding: boolean("withholding").notNull().default(false),
    /** The job whose time this row marked invoiced (an invoice's Lavoro row), and what it marked. */
    invoicedActivityId: integer("invoiced_activity_id"),
    /** The time entries this row marked invoiced (hourly job). */
    invoicedTimeEntryIds: jsonb("invoiced_time_entry_ids").$type<number[]>(),
    /** The row marked the fixed-price job invoiced. */
    invoicedActivity: boolean("invoiced_activity").notNull().default(false),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index("document_rows_tenant_document_idx").on(t.tenantId, t.documentId, t.position),
    // is this job, product, service or rate used by a document?
    index("document_rows_tenant_activity_idx").on(t.tenantId, t.activityId),
    index("document_rows_tenant_item_idx").on(t.tenantId, t.itemId),
    index("document_rows_tenant_service_idx").on(t.tenantId, t.serviceId),
    index("document_rows_tenant_vat_idx").on(t.tenantId, t.vatRateId),
    sameTenant("document_rows_document_fk", t.tenantId, t.documentId, documents).onDelete("cascade"),
    sameTenant("document_rows_activity_fk", t.tenantId, t.activityId, activities).onDelete("restrict"),
    sameTenant("document_rows_item_fk", t.tenantId, t.itemId, items).onDelete("restrict"),
    sameTenant("document_rows_service_fk", t.tenantId, t.serviceId, services).onDelete("restrict"),
    sameTenant("document_rows_vat_rate_fk", t.tenantId, t.vatRateId, vatRates).onDelete("restrict"),
    check("document_rows_type_check", sql`${t.rowType} in ('LAVORO', 'PRODOTTO', 'SERVIZIO', 'GENERICA', 'SEZIONE')`),
  ],
);

/**
 * Scadenze: of a sales document (document_id) or of a purchase invoice (expense_id), exactly one of the two: the
 * Scadenziario lists both from this one table (to collect, to pay).
 */
export const documentDeadlines = pgTable(
  "document_deadlines",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    documentId: integer("document_id"),
    expenseId: integer("expense_id"),
    /**
     * 'IN' (to collect: a numbered invoice's), 'OUT' (to pay: a purchase invoice's, a numbered credit note's) or null
     * (not listed: a Bozza's, a proforma's, a quote's). Kept by triggers (migration 0022): on each deadline written,
     * and on every document whose number or kind changes, so no writer can forget it; the Scadenziario's count and
     * totals then read this table's index alone, never one document per deadline.
     */
    direction: text("direction").$type<"IN" | "OUT">(),
    contactId: integer("contact_id").notNull(),
    position: integer("position").notNull().default(0),
    amount: cents("amount").notNull(),
    deadlineDate: date("deadline_date", { mode: "string" }).notNull(),
    deadlineState: text("deadline_state").$type<DeadlineState>().notNull().default("Da saldare"),
    paymentDate: date("payment_date", { mode: "string" }),
    bankAccountId: integer("bank_account_id"),
    description: text("description").notNull().default(""),
    /**
     * The credit note whose issue settled this deadline ('Stornato': the invoice's open amount it netted, or the
     * credit note's own part that was netted instead of refunded; db/queries/deadlines.ts netCreditNote). Deleting
     * that credit note gives these deadlines back ('Da saldare'). Migration 0033.
     */
    creditNoteId: integer("credit_note_id"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index("document_deadlines_tenant_document_idx").on(t.tenantId, t.documentId, t.position),
    // the Scadenziario (listed deadlines only): a period of due dates, or the open ones by date; amount and direction
    // in the key so the count and the footer's totals are index-only scans
    index("document_deadlines_tenant_date_idx").on(t.tenantId, t.deadlineDate, t.deadlineState, t.direction, t.amount).where(sql`${t.direction} is not null`),
    index("document_deadlines_tenant_state_date_idx").on(t.tenantId, t.deadlineState, t.deadlineDate, t.direction, t.amount).where(sql`${t.direction} is not null`),
    // Statistiche: what was collected (paid) in a period, by payment day, index-only
    index("document_deadlines_tenant_paid_idx").on(t.tenantId, t.paymentDate, t.direction, t.contactId, t.amount).where(paidDeadlinesOf(t)),
    check("document_deadlines_direction_check", sql`${t.direction} in ('IN', 'OUT')`),
    index("document_deadlines_tenant_contact_idx").on(t.tenantId, t.contactId),
    sameTenant("document_deadlines_document_fk", t.tenantId, t.documentId, documents).onDelete("cascade"),
    sameTenant("document_deadlines_expense_fk", t.tenantId, t.expenseId, expenses).onDelete("cascade"),
    index("document_deadlines_tenant_expense_idx").on(t.tenantId, t.expenseId, t.position),
    check("document_deadlines_owner_check", sql`(${t.documentId} is null) <> (${t.expenseId} is null)`),
    sameTenant("document_deadlines_contact_fk", t.tenantId, t.contactId, contacts).onDelete("restrict"),
    sameTenant("document_deadlines_bank_account_fk", t.tenantId, t.bankAccountId, bankAccounts).onDelete("set null"),
    sameTenant("document_deadlines_credit_note_fk", t.tenantId, t.creditNoteId, documents).onDelete("set null"),
    index("document_deadlines_tenant_credit_note_idx").on(t.tenantId, t.creditNoteId).where(sql`${t.creditNoteId} is not null`),
    check("document_deadlines_state_check", sql`${t.deadlineState} in ('Da saldare', 'Stornato', 'Saldato')`),
    // what the bank movements' links point at (migration 0038)
    tenantKey("document_deadlines_tenant_id_key", t),
  ],
);

/** Storico dei cambi di stato of a document (before, after, when, who), written in the save's transaction. */
export const documentStateLogs = pgTable(
  "document_state_logs",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    documentId: integer("document_id").notNull(),
    stateBefore: text("state_before").$type<DocumentState>(),
    stateAfter: text("state_after").$type<DocumentState>().notNull(),
    /** What happened besides the state, e.g. 'Inviata per email a x@y.it' (then before = after). */
    note: text("note"),
    userId: integer("user_id"),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    index("document_state_logs_tenant_document_idx").on(t.tenantId, t.documentId, t.created),
    sameTenant("document_state_logs_document_fk", t.tenantId, t.documentId, documents).onDelete("cascade"),
    sameTenant("document_state_logs_user_fk", t.tenantId, t.userId, users).onDelete("set null"),
  ],
);

export type Document = typeof documents.$inferSelect;
export type DocumentRowRecord = typeof documentRows.$inferSelect;
export type DocumentDeadline = typeof documentDeadlines.$inferSelect;
export type DocumentStateLog = typeof documentStateLogs.$inferSelect;
