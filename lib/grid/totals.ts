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
 * The declaration is checked in define.ts (resolveTotals); this module runs the aggregate.
 */
import { sql } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import type { AnyGrid, GridTotals } from "./define";
import { from } from "./query";
import type { GridRequest } from "./request";

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
