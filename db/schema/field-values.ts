import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, rowColor, version, tenantKey } from "./columns";
import { tenants } from "./tenants";

/** Values of the user-editable lists (e.g. the agents' titles), one list per fieldName. */
export const fieldValues = pgTable(
  "field_values",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    fieldName: text("field_name").notNull(),
    fieldValue: text("field_value").notNull(),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // the value list of one field, sorted by value ignoring case (grid default and ajax selects); with id,
    // and the value itself included, it is index-only for the value sort and the deep offsets of the grid
    index("field_values_tenant_field_lower_value_id_idx").on(t.tenantId, t.fieldName, sql`lower(${t.fieldValue})`, t.id),
    // the global search (ILIKE '%…%') of the grid, through pg_trgm
    index("field_values_value_trgm_idx").using("gin", t.fieldValue.op("gin_trgm_ops")),
    // date-range filters on the creation date
    index("field_values_tenant_created_idx").on(t.tenantId, t.createdAt),
    // newest first / id order within the tenant
    index("field_values_tenant_id_idx").on(t.tenantId, t.id),
    tenantKey("field_values_tenant_id_key", t),
  ],
);

export type FieldValue = typeof fieldValues.$inferSelect;
