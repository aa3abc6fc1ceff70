import { index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, rowColor, version, sameTenant, tenantKey } from "./columns";
import { tenants } from "./tenants";

import type { PaymentExpirationType } from "../../lib/schemas/lookup-enums";

/** Modalità di pagamento: a FatturaPA payment type (MP01…MP22) and its instalment rows. */
export const paymentModalities = pgTable(
  "payment_modalities",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    paymentType: text("payment_type").notNull(),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // grid default sort and the ajax select (get-filtered-list, name search)
    index("payment_modalities_tenant_name_idx").on(t.tenantId, t.name),
    tenantKey("payment_modalities_tenant_id_key", t),
  ],
);

/** Instalments of a modality, in order; their percentages add up to 100. Saved as a set with the modality. */
export const paymentModalityRows = pgTable(
  "payment_modality_rows",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    paymentModalityId: integer("payment_modality_id").notNull(),
    position: integer("position").notNull().default(0),
    expirationType: text("expiration_type").$type<PaymentExpirationType>().notNull(),
    /** 'Dopo quanti giorni' */
    paymentDay: integer("payment_day").notNull().default(0),
    /** 'Dopo quanti mesi' */
    monthsAfter: integer("months_after").notNull().default(0),
    amountPercentage: numeric("amount_percentage", { precision: 7, scale: 2 }).notNull().default("100"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // the rows of one modality in order (form load, save, deadline computation)
    index("payment_modality_rows_tenant_modality_idx").on(t.tenantId, t.paymentModalityId, t.position),
    sameTenant("payment_modality_rows_modality_fk", t.tenantId, t.paymentModalityId, paymentModalities).onDelete("cascade"),
  ],
);

export type PaymentModality = typeof paymentModalities.$inferSelect;
export type PaymentModalityRow = typeof paymentModalityRows.$inferSelect;
