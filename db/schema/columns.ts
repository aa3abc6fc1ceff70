import { bigint, customType, integer, text, timestamp } from "drizzle-orm/pg-core";

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
