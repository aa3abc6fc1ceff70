import { bigint, customType, foreignKey, integer, text, timestamp, unique, type AnyPgColumn, type PgColumn } from "drizzle-orm/pg-core";

/** Binary column (logos, attachments). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
  toDriver: (v) => v,
});

/** Money: integer cents in a bigint column, read back as a JS integer (safe up to 2^53 cents). */
export const cents = (name: string) => bigint(name, { mode: "number" });

/** Optimistic-concurrency version, bumped by every update through the tenant scope. */
export const version = () => integer("version").notNull().default(0);

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Background colour of a grid row ('#rrggbb'); null is the default white. */
export const rowColor = () => text("row_color");

/**
 * A reference to a row of the same tenant: the composite foreign key (tenant_id, x_id) →
 * (tenant_id, id), so the database itself refuses a cross-tenant reference. The target table
 * declares `tenantKey(t)`. ON DELETE SET NULL is written in the migration as SET NULL ("x_id")
 * (PostgreSQL 15+): clearing tenant_id as well would break its NOT NULL.
 */
export function sameTenant(name: string, tenantId: PgColumn, column: PgColumn, target: { tenantId: AnyPgColumn; id: AnyPgColumn }) {
  return foreignKey({ name, columns: [tenantId, column], foreignColumns: [target.tenantId, target.id] });
}

/** (tenant_id, id) unique: what same-tenant references point at. */
export function tenantKey(name: string, t: { tenantId: PgColumn; id: PgColumn }) {
  return unique(name).on(t.tenantId, t.id);
}
