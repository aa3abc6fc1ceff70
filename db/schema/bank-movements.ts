import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { cents, createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { bankAccounts } from "./bank-accounts";
import { documentDeadlines } from "./documents";
import { tenants } from "./tenants";

import type { BankMovementState } from "../../lib/schemas/bank-movement";

/**
 * Movimenti bancari (issue 32, migration 0038): what a bank account's statement says happened, imported from camt.053,
 * CBI or a CSV/XLSX (lib/bank), matched to the deadlines it paid (bank_movement_links). `amount` is signed cents
 * (> 0 accredito, < 0 addebito). Duplicates are refused by the two partial unique indexes (see the migration).
 */
export const bankMovements = pgTable(
  "bank_movements",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    bankAccountId: integer("bank_account_id").notNull(),
    bookingDate: date("booking_date", { mode: "string" }).notNull(),
    valueDate: date("value_date", { mode: "string" }),
    amount: cents("amount").notNull(),
    description: text("description").notNull().default(""),
    counterpartyName: text("counterparty_name"),
    counterpartyIban: text("counterparty_iban"),
    reference: text("reference"),
    /** The n-th movement of one statement with the same date, amount and description (no reference): part of its key. */
    occurrence: integer("occurrence").notNull().default(1),
    state: text("state").$type<BankMovementState>().notNull().default("Da abbinare"),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey("bank_movements_tenant_id_key", t),
    check("bank_movements_state_check", sql`${t.state} in ('Da abbinare', 'Abbinato', 'Nessun documento')`),
    sameTenant("bank_movements_bank_account_fk", t.tenantId, t.bankAccountId, bankAccounts),
    uniqueIndex("bank_movements_reference_key").on(t.tenantId, t.bankAccountId, t.reference).where(sql`${t.reference} is not null`),
    uniqueIndex("bank_movements_natural_key")
      .on(t.tenantId, t.bankAccountId, t.bookingDate, t.amount, sql`md5(${t.description})`, t.occurrence)
      .where(sql`${t.reference} is null`),
    index("bank_movements_tenant_date_idx").on(t.tenantId, t.bookingDate, t.id),
    index("bank_movements_tenant_state_date_idx").on(t.tenantId, t.state, t.bookingDate, t.id),
  ],
);

/**
 * A deadline paid by a movement, with the amount paid on it. `splitFromId`: the deadline this paid part was split off
 * (a partial payment), merged back into it when the match is undone. A trigger (migration 0038) sets a matched
 * movement back to 'Da abbinare' when its last link goes (its deadline deleted with the document).
 */
export const bankMovementLinks = pgTable(
  "bank_movement_links",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    movementId: integer("movement_id").notNull(),
    deadlineId: integer("deadline_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    splitFromId: integer("split_from_id"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check("bank_movement_links_amount_check", sql`${t.amount} > 0`),
    sameTenant("bank_movement_links_movement_fk", t.tenantId, t.movementId, bankMovements).onDelete("cascade"),
    sameTenant("bank_movement_links_deadline_fk", t.tenantId, t.deadlineId, documentDeadlines).onDelete("cascade"),
    sameTenant("bank_movement_links_split_from_fk", t.tenantId, t.splitFromId, documentDeadlines).onDelete("set null"),
    uniqueIndex("bank_movement_links_deadline_key").on(t.tenantId, t.deadlineId),
    index("bank_movement_links_movement_idx").on(t.tenantId, t.movementId),
    index("bank_movement_links_split_from_idx").on(t.tenantId, t.splitFromId).where(sql`${t.splitFromId} is not null`),
  ],
);

export type BankMovement = typeof bankMovements.$inferSelect;
export type BankMovementLink = typeof bankMovementLinks.$inferSelect;
