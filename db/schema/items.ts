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
      // grid default sort and the product/service picker (name search)
      index(`${name}_tenant_name_idx`).on(t.tenantId, t.name),
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
