/**
 * Runs a parsed grid request through the tenant scope.
 *
 * Performance notes (see bench/grid.ts):
 * - the page and the count run concurrently (two pool connections on PostgreSQL);
 * - deep pages (startRow ≥ DEEP_OFFSET) first pick the page's ids in a narrow subquery
 *   (`where id in (select id … order by … limit/offset)`), so the skipped rows are read from the
 *   index only and the wide row is fetched for the page alone;
 * - the client sends count=0 for later blocks, when it already knows the count.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { TenantScope } from "@/db/scope";
import { gridData, type GridIds, type GridPage, type GridRow, type ResolvedColumn, type AnyGrid } from "./define";
import type { GridRequest } from "./request";

export const DEEP_OFFSET = 1000;
export const MAX_SELECT_ALL = 1_000_000;

/** Column → select-list keys: c{i} for the value and l{i} for an entity's label. */
export function selectFields(grid: AnyGrid, columns: readonly ResolvedColumn[]): Record<string, SQL.Aliased> {
  const t = grid.table;
  const fields: Record<string, SQL.Aliased> = { id: sql<number>`${t.id}`.as("id") };
  if (t.rowColor) fields.row_color = sql<string | null>`${t.rowColor}`.as("row_color");
  if (t.version) fields.version = sql<number>`${t.version}`.as("version");
  columns.forEach((c, i) => {
    if (c.sql === t.id) return;
    fields[`c${i}`] = sql`${c.sql}`.as(`c${i}`);
    if (c.type === "entity") fields[`l${i}`] = sql`${c.label!}`.as(`l${i}`);
  });
  return fields;
}

const pad = (n: number) => String(n).padStart(2, "0");

function toNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  const n = typeof v === "number" ? v : Number(v as string);
  return Number.isFinite(n) ? n : null;
}

/** ISO string of a timestamp from either driver (Date or "2024-01-05 10:00:00.123+00"). */
function toIsoDateTime(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  let s = String(v).trim().replace(" ", "T");
  if (/[+-]\d{2}$/.test(s)) s += ":00";
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

function toIsoDate(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  return String(v).slice(0, 10);
}

/** One driver value as the JSON contract carries it. */
export function normalizeValue(col: Pick<ResolvedColumn, "type">, v: unknown, label?: unknown): unknown {
  switch (col.type) {
    case "integer":
    case "decimal":
    case "percentage":
    case "currency":
    case "currency4":
    case "currency8":
      return typeof v === "bigint" ? Number(v) : toNumber(v);
    case "datetime":
      return toIsoDateTime(v);
    case "date":
      return toIsoDate(v);
    case "time":
      return v === null || v === undefined ? null : String(v).slice(0, 5);
    case "boolean":
      return v === null || v === undefined ? null : v === true || v === "t" || v === "true" || v === 1;
    case "entity":
      return v === null || v === undefined ? null : { id: toNumber(v), toString: label === null || label === undefined ? "" : String(label) };
    default:
      return v ?? null;
  }
}

/** A raw row (aliased keys) → { id, rowColor, version, ...fields }. */
export function mapRow(grid: AnyGrid, columns: readonly ResolvedColumn[], raw: Record<string, unknown>): GridRow {
  const row: GridRow = { id: Number(raw.id), rowColor: (raw.row_color as string | null | undefined) ?? null };
  if ("version" in raw) row.version = Number(raw.version);
  columns.forEach((c, i) => {
    row[c.field] = c.sql === grid.table.id ? row.id : normalizeValue(c, raw[`c${i}`], raw[`l${i}`]);
  });
  return row;
}

/** The grid's table and joins, every one carrying the tenant condition; `where` finishes it. */
export function from(scope: TenantScope, grid: AnyGrid, fields: Record<string, SQL.Aliased | SQL>) {
  return scope.select(fields).from(grid.table).join(grid.joins);
}

/** The SELECT of a page (also used by the export with limit undefined). */
export function pageQuery(scope: TenantScope, grid: AnyGrid, req: GridRequest, limit: number | undefined, offset: number): PgSelect {
  const fields = selectFields(grid, req.columns);
  if (limit !== undefined && offset >= DEEP_OFFSET) {
    const ids = from(scope, grid, { id: sql`${grid.table.id}` })
      .where(...req.where)
      .orderBy(...req.orderBy)
      .limit(limit)
      .offset(offset);
    return from(scope, grid, fields)
      .where(inArray(grid.table.id, ids as never))
      .orderBy(...req.orderBy);
  }
  let q: PgSelect = from(scope, grid, fields).where(...req.where).orderBy(...req.orderBy);
  if (limit !== undefined) q = q.limit(limit);
  if (offset > 0) q = q.offset(offset);
  return q;
}

/**
 * Rows counted exactly before the count becomes the planner's estimate (countExact: false);
 * counting a million index entries costs ~60-100 ms, this many ~1 ms. `count=exact` always counts.
 */
export const EXACT_COUNT_CAP = 10_000;
/** Planner estimates above this are returned without counting (the client asks for the exact count later). */
export const ESTIMATE_TRUSTED_FROM = 5 * EXACT_COUNT_CAP;

/** The exact count of the filtered set. */
export function countQuery(scope: TenantScope, grid: AnyGrid, req: GridRequest): PgSelect {
  return from(scope, grid, { n: sql<number>`count(*)::int`.as("n") }).where(...req.where);
}

/** count(*) of at most cap + 1 rows of the filtered set. */
export function cappedCountQuery(scope: TenantScope, grid: AnyGrid, req: GridRequest, cap = EXACT_COUNT_CAP) {
  const limited = from(scope, grid, { one: sql`1`.as("one") })
    .where(...req.where)
    .limit(cap + 1)
    .as("capped");
  return scope.platform.select({ n: sql<number>`count(*)::int`.as("n") }).from(limited);
}

/** The planner's row estimate for the filtered set (EXPLAIN: planning only, no execution). */
export function estimateQuery(scope: TenantScope, grid: AnyGrid, req: GridRequest): PgSelect {
  return from(scope, grid, { one: sql`1`.as("one") }).where(...req.where);
}

export async function estimateCount(scope: TenantScope, grid: AnyGrid, req: GridRequest): Promise<number> {
  const q = estimateQuery(scope, grid, req);
  const res = (await scope.platform.execute(sql`explain (format json) ${q}`)) as unknown;
  const rows = (Array.isArray(res) ? res : (res as { rows?: unknown[] }).rows ?? []) as Record<string, unknown>[];
  let plan = rows[0]?.["QUERY PLAN"];
  if (typeof plan === "string") plan = JSON.parse(plan);
  const n = Number((plan as { Plan?: { "Plan Rows"?: number } }[] | undefined)?.[0]?.Plan?.["Plan Rows"]);
  return Number.isFinite(n) ? Math.round(n) : 0;
}

async function countRows(scope: TenantScope, grid: AnyGrid, req: GridRequest): Promise<{ count: number; exact: boolean }> {
  if (req.countMode === "exact") {
    const [r] = (await countQuery(scope, grid, req)) as unknown as { n: number | string }[];
    return { count: Number(r?.n ?? 0), exact: true };
  }
  // Far above the cap the planner's figure is used as is: even the capped count can cost a full scan
  // when the planner bets on a LIMITed sequential scan and the matching rows sit at the end of the
  // heap (seen on 1M rows: a 30-day range took 60 ms instead of 2 ms whenever the statistics tipped).
  const estimate = await estimateCount(scope, grid, req);
  if (estimate > ESTIMATE_TRUSTED_FROM) return { count: estimate, exact: false };
  const [r] = (await cappedCountQuery(scope, grid, req)) as unknown as { n: number | string }[];
  const n = Number(r?.n ?? 0);
  if (n <= EXACT_COUNT_CAP) return { count: n, exact: true };
  return { count: Math.max(EXACT_COUNT_CAP + 1, estimate), exact: false };
}

export async function queryGrid(scope: TenantScope, grid: AnyGrid, req: GridRequest): Promise<GridPage> {
  const page = pageQuery(scope, grid, req, req.limit, req.startRow) as unknown as Promise<Record<string, unknown>[]>;
  const count = req.countMode === "none" ? undefined : countRows(scope, grid, req);
  const [rows, counted] = await Promise.all([page, count]);
  const data = rows.map((r) => mapRow(grid, req.columns, r));
  let total = counted?.count ?? null;
  let exact = counted?.exact ?? false;
  // a short page settles an estimate: the set ends here
  if (counted && !exact && rows.length < req.limit) {
    total = req.startRow + rows.length;
    exact = true;
  }
  return {
    data,
    count: total,
    countExact: exact,
    startRow: req.startRow,
    offset: req.startRow,
    gridData: gridData(grid),
  };
}

/** Every id of the filtered set in the grid's order (select-all). */
export async function queryGridIds(scope: TenantScope, grid: AnyGrid, req: GridRequest): Promise<GridIds> {
  const rows = (await from(scope, grid, { id: sql<number>`${grid.table.id}`.as("id") })
    .where(...req.where)
    .orderBy(...req.orderBy)
    .limit(MAX_SELECT_ALL)) as unknown as { id: number | string }[];
  const ids = rows.map((r) => Number(r.id));
  return { ids, count: ids.length };
}
