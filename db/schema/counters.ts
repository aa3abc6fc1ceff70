import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tenants } from "./tenants";

/**
 * Progressive numbers of a tenant, one row per series ("activity", "invoice:2026:3", …): taken inside
 * the saving transaction, so a rolled-back save gives its number back and two saves never get the
 * same one (db/counters.ts).
 */
export const counters = pgTable(
  "counters",
  {
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ name: "counters_pkey", columns: [t.tenantId, t.key] })],
);
