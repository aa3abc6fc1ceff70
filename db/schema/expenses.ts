import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { attachments } from "./attachments";
import { bankAccounts } from "./bank-accounts";
import { cents, createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { contacts } from "./contacts";
import { paymentModalities } from "./payment-modalities";
import { tenants } from "./tenants";

/**
 * Fatture d'acquisto (spec §3 Purchase invoice, "expense"): what a supplier billed us, typed by hand or imported
 * from a received FatturaPA file. The amounts are the spec's money fields, in cents: taxable, totalVat and the two
 * withholding amounts (withholdingTaxPercentage 'Ritenuta d'acconto' and withholdingTaxPercentagePlus 'Altra
 * ritenuta' are amounts despite their names); the displayed total is their sum (spec §3). stampAmount is the bollo
 * read from an imported file. The deadlines are rows of document_deadlines with expense_id set (the Scadenziario
 * lists sales and purchase deadlines from one table). The received e-invoice is kept as two attachments (the XML,
 * and the original .p7m when it came signed) referenced here; other files are the expense's ordinary attachments
 * (owner kind 'expense'). An import is idempotent on (supplier, document type, number, year of the date).
 */
export const expenses = pgTable(
  "expenses",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    documentNumber: text("document_number").notNull().default(""),
    documentDate: date("document_date", { mode: "string" }).notNull(),
    contactId: integer("contact_id").notNull(),
    bankAccountId: integer("bank_account_id"),
    paymentModalityId: integer("payment_modality_id"),
    details: text("details").notNull().default(""),
    taxable: cents("taxable").notNull().default(0),
    totalVat: cents("total_vat").notNull().default(0),
    withholdingTaxAmount: cents("withholding_tax_amount").notNull().default(0),
    withholdingTaxAmountPlus: cents("withholding_tax_amount_plus").notNull().default(0),
    stampAmount: cents("stamp_amount").notNull().default(0),
    currency: text("currency").notNull().default("EUR"),
    /** The received FatturaPA file (XML) and its signed original (.p7m), when imported or uploaded. */
    xmlAttachmentId: integer("xml_attachment_id"),
    originalAttachmentId: integer("original_attachment_id"),
    /**
     * The FatturaPA TipoDocumento (TD01…; 'TD01' for one typed by hand). A credit from the supplier (TD04, TD08) is
     * kept with its amounts NEGATIVE, signed as they enter what is owed (as the withholdings are), so every sum of
     * expenses (the list's footer, the reports, the supplier's balance) nets it without a case on the type.
     */
    documentType: text("document_type").notNull().default("TD01"),
    /**
     * Split payment (EsigibilitaIVA S): the part of the total not owed to the supplier (the VAT we pay to the State);
     * what is owed, amountDue in the JSON, is the total less it (an imported file: its Σ ImportoPagamento). Kept
     * apart from the total so an edit of the amounts keeps both figures consistent.
     */
    splitPaymentVat: cents("split_payment_vat").notNull().default(0),
    /** Document-level ScontoMaggiorazione and Arrotondamento (or a total stated apart): total − taxable − VAT. */
    documentAdjustment: cents("document_adjustment").notNull().default(0),
    /** Of an imported file: "verificata", "presente, non verificata" or "assente" (lib/fiscal/received.ts signatureStatus). */
    signature: text("signature"),
    /** The supplier's identifiers our checks refuse but SDI delivered (Italian warnings, shown with the record). */
    supplierWarnings: jsonb("supplier_warnings").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    imported: boolean("imported").notNull().default(false),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index("expenses_tenant_date_idx").on(t.tenantId, t.documentDate.desc(), t.id.desc()),
    index("expenses_tenant_contact_idx").on(t.tenantId, t.contactId, t.documentNumber),
    tenantKey("expenses_tenant_id_key", t),
    sameTenant("expenses_contact_fk", t.tenantId, t.contactId, contacts).onDelete("restrict"),
    sameTenant("expenses_bank_account_fk", t.tenantId, t.bankAccountId, bankAccounts).onDelete("set null"),
    sameTenant("expenses_payment_modality_fk", t.tenantId, t.paymentModalityId, paymentModalities).onDelete("set null"),
    sameTenant("expenses_xml_attachment_fk", t.tenantId, t.xmlAttachmentId, attachments).onDelete("set null"),
    sameTenant("expenses_original_attachment_fk", t.tenantId, t.originalAttachmentId, attachments).onDelete("set null"),
  ],
);

export type Expense = typeof expenses.$inferSelect;
