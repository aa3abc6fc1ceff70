import { sql } from "drizzle-orm";
import { boolean, index, integer, numeric, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, rowColor, version, tenantKey } from "./columns";
import { tenants } from "./tenants";

/** Aliquote IVA of a tenant. rate is a percentage ("22.00"); natura (N1…N7) only for 0% rates. */
export const vatRates = pgTable(
  "vat_rates",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
    description: text("description").notNull().default(""),
    natura: text("natura"),
    active: boolean("active").notNull().default(true),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // the VAT selects (active rates, highest first) and the grid's default sort
    index("vat_rates_tenant_active_rate_idx").on(t.tenantId, t.active, t.rate),
    // id order within the tenant (grid paging)
    index("vat_rates_tenant_id_idx").on(t.tenantId, t.id),
    tenantKey("vat_rates_tenant_id_key", t),
    // no two identical rates in a tenant (db/queries/vat-rates.ts says it in Italian first)
    uniqueIndex("vat_rates_tenant_same_key").on(t.tenantId, t.rate, sql`coalesce(${t.natura}, '')`, sql`lower(${t.description})`),
  ],
);

export type VatRate = typeof vatRates.$inferSelect;
