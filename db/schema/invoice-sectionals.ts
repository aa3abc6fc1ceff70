import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, rowColor, version } from "./columns";
import { tenants } from "./tenants";

import type { SectionalTypology } from "../../lib/schemas/lookup-enums";

/** Sezionali fattura: separate numberings (suffix in the number), one default per tenant. */
export const invoiceSectionals = pgTable(
  "invoice_sectionals",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    typology: text("typology").$type<SectionalTypology>().notNull(),
    suffix: text("suffix").notNull().default(""),
    defaultSectional: boolean("default_sectional").notNull().default(false),
    disabled: boolean("disabled").notNull().default(false),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // the list (GET /api/invoice-sectionals, by name) and the sectional select of the invoice form
    index("invoice_sectionals_tenant_name_idx").on(t.tenantId, t.name),
    // invoice numbers are "<n><suffix>": two sectionals with one suffix would number alike
    uniqueIndex("invoice_sectionals_tenant_suffix_key").on(t.tenantId, t.suffix),
    // at most one default sectional per tenant (the new-invoice default)
    uniqueIndex("invoice_sectionals_tenant_default_key").on(t.tenantId).where(sql`${t.defaultSectional}`),
  ],
);

export type InvoiceSectional = typeof invoiceSectionals.$inferSelect;
