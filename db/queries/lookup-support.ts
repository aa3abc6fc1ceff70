/**
 * Small pieces shared by the lookup-table queries (Tabelle, sectionals, tenant settings):
 * the save message, version and reference checks, option lists and child-row replacement.
 */
import { and, eq, notInArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TenantScope, TenantTable } from "@/db/scope";
import { ApiError, BadRequestError, ValidationError } from "@/lib/errors";

export const SAVED_MESSAGE = "Salvataggio effettuato";
export const DELETED_MESSAGE = "Eliminazione effettuata";
/** Page of an ajax select (get-filtered-list). */
export const OPTIONS_PAGE = 100;

/** A selectable record as the JSON contract carries it. */
export interface Option {
  id: number;
  toString: string;
}

/** An update must say which version it read (the concurrency check needs it). */
export function requireVersion(version: number | undefined): number {
  if (version === undefined) throw new BadRequestError("Versione mancante: ricarica i dati prima di salvare");
  return version;
}

/** The PostgreSQL error code (23503, 23505, …) of a driver error, also when Drizzle wraps it. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * A delete refused because rows still point at it: 23503 foreign_key_violation, or 23001
 * restrict_violation (what PostgreSQL 18 — PGlite — raises for ON DELETE RESTRICT).
 */
export function isReferenceViolation(code: string | undefined): boolean {
  return code === "23503" || code === "23001";
}

/** The violated constraint's name (postgres-js: constraint_name, PGlite: constraint), also when wrapped. */
export function pgConstraint(err: unknown): string | undefined {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    const name = e.constraint_name ?? e.constraint;
    if (typeof name === "string") return name;
  }
  return undefined;
}

/**
 * Turns a foreign-key (23503) or unique (23505) violation into an Italian 409 instead of a 500.
 * `unique` may name a message per unique index; `uniqueDefault` covers the others.
 */
export async function mapConstraintErrors<R>(
  fn: () => Promise<R>,
  messages: { foreignKey?: string; unique?: Record<string, string>; uniqueDefault?: string },
): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    const code = pgErrorCode(err);
    if (isReferenceViolation(code) && messages.foreignKey) throw new ApiError(409, messages.foreignKey);
    if (code === "23505") {
      const constraint = pgConstraint(err);
      const message = (constraint && messages.unique?.[constraint]) ?? messages.uniqueDefault;
      if (message) throw new ApiError(409, message);
    }
    throw err;
  }
}

/**
 * The id of a reference chosen in a form, checked against the tenant: an unknown or foreign id is
 * a 400 with `message` (never a hint that the record exists elsewhere).
 */
export async function refId<T extends TenantTable>(scope: TenantScope, table: T, ref: { id: number } | null | undefined, message: string, extra?: SQL): Promise<number | null> {
  if (!ref) return null;
  const [row] = await scope.list(table, { where: extra ? and(eq(table.id, ref.id), extra) : eq(table.id, ref.id), limit: 1 });
  if (!row) throw new ValidationError([message]);
  return ref.id;
}

/** "22.00" → "22", "5.50" → "5,5" (Italian percentage text without the sign). */
export function percentText(value: string): string {
  const [int, frac = ""] = value.split(".");
  const f = frac.replace(/0+$/, "");
  return f ? `${int},${f}` : int!;
}

type ChildTable = TenantTable & { version: PgColumn };

/**
 * Replaces the child rows of one parent with `rows` (inside the caller's transaction): rows with an
 * id are updated (the id must already belong to this parent, else 400), rows without are inserted,
 * rows left out are deleted. `position` keeps the order the client sent.
 */
export async function replaceChildRows<T extends ChildTable, R extends { id?: number }>(
  tx: TenantScope,
  table: T,
  parentColumn: PgColumn,
  parentId: number,
  rows: readonly R[],
  values: (row: R, position: number) => Record<string, unknown>,
): Promise<void> {
  const existing = (await tx.list(table, { where: eq(parentColumn, parentId) })) as { id: number }[];
  const owned = new Set(existing.map((r) => r.id));
  const seen = new Set<number>();
  for (const r of rows) {
    if (r.id === undefined) continue;
    if (!owned.has(r.id) || seen.has(r.id)) throw new ValidationError(["Una delle righe inviate non appartiene a questo elemento: ricarica i dati"]);
    seen.add(r.id);
  }
  const keep = [...seen];
  await tx.platform
    .delete(table)
    .where(tx.where(table, eq(parentColumn, parentId), keep.length ? notInArray(table.id, keep) : undefined));
  for (const [i, r] of rows.entries()) {
    const v = values(r, i);
    if (r.id !== undefined) await tx.update(table, r.id, undefined, v as never);
    else await tx.insert(table, { ...v, [columnKey(table, parentColumn)]: parentId } as never);
  }
}

function columnKey(table: TenantTable, column: PgColumn): string {
  for (const [key, col] of Object.entries(table)) if (col === column) return key;
  throw new Error("colonna non trovata nella tabella");
}
