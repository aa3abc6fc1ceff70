import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { bankAccounts } from "./bank-accounts";
import { cents, createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { paymentModalities } from "./payment-modalities";
import { tenants } from "./tenants";

import type { ContactKind } from "../../lib/schemas/lookup-enums";

/**
 * Anagrafica: customers and suppliers (one row may be both). Identifiers are stored normalised
 * (uppercase, no spaces; an Italian VAT number without "IT"). Jobs, documents and deadlines will point
 * here with restricting foreign keys, so a contact in use cannot be deleted (409).
 */
export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ContactKind>().notNull(),
    companyName: text("company_name").notNull().default(""),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /**
     * Denominazione: the company name, or "Cognome Nome". Generated, so the grid sorts and searches one
     * indexed column and every writer (form, import, seed) gets it right. Immutable functions only (no concat_ws).
     */
    name: text("name")
      .notNull()
      .generatedAlwaysAs(sql.raw(`case when "kind" = 'COMPANY' then "company_name" else trim("last_name" || ' ' || "first_name") end`)),
    code: text("code").notNull().default(""),
    isCustomer: boolean("is_customer").notNull().default(true),
    isSupplier: boolean("is_supplier").notNull().default(false),
    vatCountry: text("vat_country").notNull().default("IT"),
    vatNumber: text("vat_number").notNull().default(""),
    fiscalCode: text("fiscal_code").notNull().default(""),
    address: text("address").notNull().default(""),
    postalCode: text("postal_code").notNull().default(""),
    city: text("city").notNull().default(""),
    province: text("province").notNull().default(""),
    country: text("country").notNull().default("IT"),
    email: text("email").notNull().default(""),
    pec: text("pec").notNull().default(""),
    phone: text("phone").notNull().default(""),
    mobile: text("mobile").notNull().default(""),
    website: text("website").notNull().default(""),
    /** Codice destinatario SDI: 7 characters, 6 for the public administration. */
    sdiCode: text("sdi_code").notNull().default(""),
    publicAdministration: boolean("public_administration").notNull().default(false),
    splitPayment: boolean("split_payment").notNull().default(false),
    /** Sostituto d'imposta: withholds the ritenuta d'acconto on the invoices it receives. */
    withholdingAgent: boolean("withholding_agent").notNull().default(true),
    /** Cents; null = the tenant's hourly price. */
    hourlyPrice: cents("hourly_price"),
    customerPaymentModalityId: integer("customer_payment_modality_id"),
    customerBankAccountId: integer("customer_bank_account_id"),
    supplierPaymentModalityId: integer("supplier_payment_modality_id"),
    supplierBankAccountId: integer("supplier_bank_account_id"),
    agentId: integer("agent_id"),
    notes: text("notes").notNull().default(""),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // grid default sort (Denominazione, ignoring case) and the contact pickers; with id for deep offsets
    index("contacts_tenant_lower_name_id_idx").on(t.tenantId, sql`lower(${t.name})`, t.id),
    // the global search (ILIKE '%…%' on name, code, VAT, fiscal code, e-mail, city) through pg_trgm:
    // one multi-column GIN, used by each column's condition of the search's OR
    index("contacts_search_trgm_idx").using(
      "gin",
      t.name.op("gin_trgm_ops"),
      t.code.op("gin_trgm_ops"),
      t.vatNumber.op("gin_trgm_ops"),
      t.fiscalCode.op("gin_trgm_ops"),
      t.email.op("gin_trgm_ops"),
      t.city.op("gin_trgm_ops"),
    ),
    // 'Tipologia' and the Clienti / Fornitori quick filters: their count reads this index alone (index-only scan)
    index("contacts_tenant_kind_role_idx").on(t.tenantId, t.kind, t.isCustomer, t.isSupplier),
    // the duplicate VAT notice of a save and the import's match on the VAT number
    index("contacts_tenant_vat_idx").on(t.tenantId, t.vatNumber),
    // a code, when given, identifies one contact of the tenant (the setting contactWithCode makes it required)
    uniqueIndex("contacts_tenant_code_key").on(t.tenantId, sql`lower(${t.code})`).where(sql`${t.code} <> ''`),
    tenantKey("contacts_tenant_id_key", t),
    // payment defaults and the agent are preferences: deleting the record clears them (SET NULL (col) in the migration)
    sameTenant("contacts_customer_payment_modality_fk", t.tenantId, t.customerPaymentModalityId, paymentModalities).onDelete("set null"),
    sameTenant("contacts_customer_bank_account_fk", t.tenantId, t.customerBankAccountId, bankAccounts).onDelete("set null"),
    sameTenant("contacts_supplier_payment_modality_fk", t.tenantId, t.supplierPaymentModalityId, paymentModalities).onDelete("set null"),
    sameTenant("contacts_supplier_bank_account_fk", t.tenantId, t.supplierBankAccountId, bankAccounts).onDelete("set null"),
    sameTenant("contacts_agent_fk", t.tenantId, t.agentId, agents).onDelete("set null"),
  ],
);

/** Referenti of a contact (people to talk to), in order. Saved as a set with the contact. */
export const contactReferents = pgTable(
  "contact_referents",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").notNull(),
    position: integer("position").notNull().default(0),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** Ruolo (e.g. 'Amministrazione', 'Responsabile acquisti'). */
    role: text("role").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    notes: text("notes").notNull().default(""),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // the referents of one contact in order (form load, save)
    index("contact_referents_tenant_contact_idx").on(t.tenantId, t.contactId, t.position),
    sameTenant("contact_referents_contact_fk", t.tenantId, t.contactId, contacts).onDelete("cascade"),
  ],
);

export type Contact = typeof contacts.$inferSelect;
export type ContactReferent = typeof contactReferents.$inferSelect;
