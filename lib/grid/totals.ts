/**
 * Column totals of a grid (the footer's 'Totale'): aggregates over the FILTERED set — the same
 * tenant-scoped FROM, joins and WHERE as the list — in one extra query, run only when the client
 * asks (`totals=1`, its first block) or for the server component's first block.
 *
 *   defineGrid({ …, totals: ["amount"] })                                            // sum of the column
 *   defineGrid({ …, totals: [{ field: "amount", sql: sql`coalesce(sum(${t.amount}), 0)` }] })  // any aggregate
 *
 * A total belongs to a numeric column of the grid: the footer shows it under that column, formatted
 * with the column's type. Unlike the count there is no estimate for a sum: a grid with totals pays one
 * aggregate over the filtered set per first block, so declare them where sets stay reasonably sized
 * (documents of a tenant), not on million-row tables without a narrowing baseWhere.
 */
import { sql, type SQL } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import type { GridTotals, ResolvedColumn, AnyGrid } from "./define";
import { from } from "./query";
import type { GridRequest } from "./request";

/** A declared total: a column's field, with the aggregate when it is not the plain sum. */
export interface GridTotal {
  field: string;
  /** An aggregate over the filtered rows (default `coalesce(sum(column), 0)`). */
  sql?: SQL;
}

export interface ResolvedTotal {
  field: string;
  sql: SQL;
}

const NUMERIC_TYPES = new Set(["integer", "decimal", "percentage", "currency", "currency4", "currency8"]);

export function isNumericType(type: string): boolean {
  return NUMERIC_TYPES.has(type);
}

/** Checks the declared totals against the columns (a bad declaration is a programming error). */
export function resolveTotals(gridName: string, byField: ReadonlyMap<string, ResolvedColumn>, declared: readonly (string | GridTotal)[] | undefined): ResolvedTotal[] {
  const seen = new Set<string>();
  return (declared ?? []).map((d) => {
    const total = typeof d === "string" ? { field: d } : d;
    const col = byField.get(total.field);
    if (!col) throw new Error(`grid ${gridName}: totale su colonna sconosciuta "${total.field}"`);
    if (!isNumericType(col.type)) throw new Error(`grid ${gridName}: totale su colonna non numerica "${total.field}"`);
    if (seen.has(total.field)) throw new Error(`grid ${gridName}: totale "${total.field}" ripetuto`);
    seen.add(total.field);
    return { field: total.field, sql: total.sql ?? sql`coalesce(sum(${col.sql}), 0)` };
  });
}

/** bigint/numeric aggregates arrive as strings (postgres-js, PGlite) or bigints: numbers for the JSON contract. */
function toTotal(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === "number" ? v : Number(v as string | bigint);
  return Number.isFinite(n) ? n : null;
}

/** The totals of the filtered set, by field ({} when the grid declares none). */
export async function queryTotals(scope: TenantScope, grid: AnyGrid, req: Pick<GridRequest, "where">): Promise<GridTotals> {
  if (grid.totals.length === 0) return {};
  const fields = Object.fromEntries(grid.totals.map((t, i) => [`t${i}`, sql`${t.sql}`.as(`t${i}`)]));
  const [row] = (await from(scope, grid, fields).where(...req.where)) as unknown as Record<string, unknown>[];
  return Object.fromEntries(grid.totals.map((t, i) => [t.field, toTotal(row?.[`t${i}`])]));
}
