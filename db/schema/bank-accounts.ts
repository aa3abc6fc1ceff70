import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, rowColor, tenantKey, version } from "./columns";
import { tenants } from "./tenants";

import type { BankAccountType } from "../../lib/schemas/lookup-enums";

/** Conti corrente: a bank account (code, IBAN) or 'Altro' (e.g. PayPal, with a payment link). */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    bankAccountType: text("bank_account_type").$type<BankAccountType>().notNull(),
    bankName: text("bank_name").notNull(),
    code: text("code").notNull().default(""),
    iban: text("iban").notNull().default(""),
    url: text("url").notNull().default(""),
    /** The column mapping of this account's CSV/XLSX statements, remembered from the last import (lib/bank/types.ts ColumnMapping; migration 0038). */
    statementMapping: jsonb("statement_mapping").$type<Record<string, string>>(),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // grid default sort and the bank-account selects
    index("bank_accounts_tenant_name_idx").on(t.tenantId, t.bankName),
    // what same-tenant references (the contacts' payment defaults) point at
    tenantKey("bank_accounts_tenant_id_key", t),
  ],
);

export type BankAccount = typeof bankAccounts.$inferSelect;
