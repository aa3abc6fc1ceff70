import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { cents, createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { tenants } from "./tenants";
import { vatRates } from "./vat-rates";

/**
 * Products and services have the same shape: name, 'Descrizione in fattura' (empty means the name is
 * used on the invoice), amount in cents, VAT rate (a rate in use cannot be deleted: restrict).
 */
function catalogueTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: serial("id").primaryKey(),
      tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
      name: text("name").notNull(),
      description: text("description").notNull().default(""),
      amount: cents("amount").notNull().default(0),
      vatRateId: integer("vat_rate_id"),
      rowColor: rowColor(),
      version: version(),
      createdAt: createdAt(),
    },
    (t) => [
      // the grid's default sort and the picker's order are lower(name), id (text sorts ignore case,
      // lib/grid/filters.ts): this index lets the first page read its 50 rows in order instead of
      // sorting the whole catalogue (a plain (tenant_id, name) index served neither)
      index(`${name}_tenant_lower_name_id_idx`).on(t.tenantId, sql`lower(${t.name})`, t.id),
      // "is this VAT rate still used?" before deleting a rate
      index(`${name}_tenant_vat_idx`).on(t.tenantId, t.vatRateId),
      tenantKey(`${name}_tenant_id_key`, t),
      sameTenant(`${name}_vat_rate_fk`, t.tenantId, t.vatRateId, vatRates).onDelete("restrict"),
    ],
  );
}

/** Prodotti (/api/items). */
export const items = catalogueTable("items");

/** Servizi (/api/services). */
export const services = catalogueTable("services");

export type Item = typeof items.$inferSelect;
export type Service = typeof services.$inferSelect;
