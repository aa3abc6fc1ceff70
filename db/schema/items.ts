import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { cents, createdAt, rowColor, version } from "./columns";
import { tenants } from "./tenants";
import { vatRates } from "./vat-rates";

/** Prodotti (/api/items). amount in cents; a VAT rate in use cannot be deleted (restrict). */
export const items = pgTable(
  "items",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 'Descrizione in fattura'; empty means the name is used on the invoice. */
    description: text("description").notNull().default(""),
    amount: cents("amount").notNull().default(0),
    vatRateId: integer("vat_rate_id").references(() => vatRates.id, { onDelete: "restrict" }),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // grid default sort and the product picker (name search)
    index("items_tenant_name_idx").on(t.tenantId, t.name),
    // "is this VAT rate still used?" before deleting a rate
    index("items_tenant_vat_idx").on(t.tenantId, t.vatRateId),
  ],
);

/** Servizi (/api/services): the same shape as products. */
export const services = pgTable(
  "services",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    amount: cents("amount").notNull().default(0),
    vatRateId: integer("vat_rate_id").references(() => vatRates.id, { onDelete: "restrict" }),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // grid default sort and the service picker (name search)
    index("services_tenant_name_idx").on(t.tenantId, t.name),
    // "is this VAT rate still used?" before deleting a rate
    index("services_tenant_vat_idx").on(t.tenantId, t.vatRateId),
  ],
);

export type Item = typeof items.$inferSelect;
export type Service = typeof services.$inferSelect;
