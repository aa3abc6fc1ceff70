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
import { and, getTableName, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import type { TenantScope } from "@/db/scope";
import { gridData, type AnyGrid, type GridIds, type GridPage, type GridRow, type ResolvedColumn } from "./define";
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

/** PostgreSQL's text form of a timestamptz in UTC: "2024-01-05 10:00:00.123456+00". */
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/** ISO string of a timestamp from either driver (Date or "2024-01-05 10:00:00.123+00"). */
export function toIsoDateTime(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  // The common case (a UTC session) is rewritten as text: parsing every value through Date cost ~5%
  // of a list call's CPU. Like Date, the fraction is cut (not rounded) to milliseconds.
  const utc = typeof v === "string" ? UTC_TIMESTAMP.exec(v) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${((utc[3] ?? "") + "000").slice(0, 3)}Z`;
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

/**
 * Runs a built query and returns the driver's rows keyed by column alias. The grid selects aliased
 * SQL expressions and maps rows itself (mapRow), so Drizzle's per-field result mapping (an entity
 * check per field and row, ~12% of a list call's CPU) is skipped; the values are the same.
 */
export async function rawRows(db: Db, q: SQLWrapper): Promise<Record<string, unknown>[]> {
  const res = (await db.execute(q)) as unknown;
  return (Array.isArray(res) ? res : ((res as { rows?: unknown[] }).rows ?? [])) as Record<string, unknown>[];
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

/**
 * Whole tables up to this many rows (pg_class.reltuples, as of the last ANALYZE) are counted without
 * asking the planner first: the planner's estimate only guards the capped count against its worst
 * case, a scan of the whole table, and on a table this small that scan costs a few milliseconds.
 * Half the trusted-estimate threshold, so a table that grew since its last ANALYZE stays far below it.
 */
export const SMALL_TABLE_ROWS = ESTIMATE_TRUSTED_FROM / 2;

/** Alias of the count column a bundled page carries, and where its value goes in the compiled head. */
const COUNT_COLUMN = "__count";
const COUNT_MARKER = "__gestionale_count_value__";

/**
 * Compiled text of the parameter-free head of a grid's statements — `select <list> from <table>
 * <joins>` — per grid and head (select list, count, …). Building it through Drizzle's query builder
 * cost ~150-250 µs per statement (an entity check per SQL chunk), more than the database spent on a
 * 50-row page; the text depends only on the grid definition and the selected columns, so it is
 * compiled once per process. Heads carrying parameters (none today) are built per call (null).
 */
const heads = new WeakMap<AnyGrid, Map<string, string | null>>();
const MAX_HEADS_PER_GRID = 500;

function headText(scope: TenantScope, grid: AnyGrid, key: string, fields: () => Record<string, SQL.Aliased | SQL>): string | null {
  let byKey = heads.get(grid);
  if (!byKey) heads.set(grid, (byKey = new Map()));
  let text = byKey.get(key);
  if (text === undefined) {
    // the head without its WHERE: joins carry their tenant condition (parameter-free); ListStatements
    // adds the main table's, with the session's tenant id inline
    const compiled = from(scope, grid, fields()).head().toSQL();
    text = compiled.params.length === 0 ? compiled.sql : null;
    if (byKey.size < MAX_HEADS_PER_GRID) byKey.set(key, text);
  }
  return text;
}

/**
 * A safe integer as SQL text rather than a bound parameter. Through postgres-js without named
 * prepared statements (which a transaction-mode pooler forbids), a statement with parameters costs
 * two round trips (Parse/Describe, then Bind/Execute) and cannot be pipelined; one without
 * parameters goes in one. Only integers the code itself produced are written this way — the
 * session's tenant id, the validated limit and offset, constants — rendered from a number, never
 * from text; every value taken from the request's text (filters, search, grid params) stays a
 * bound parameter.
 */
function int(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`Valore intero non valido nella query della griglia: ${n}`);
  return sql.raw(String(n));
}

/**
 * The statements of one list call, sharing the compiled heads and the request's WHERE. The tenant
 * condition is the scope's (tenant_id = the session's tenant), written with its id inline (int()).
 */
export class ListStatements {
  private readonly where: SQL;
  private readonly pageHead: SQL | null;

  constructor(
    private readonly scope: TenantScope,
    private readonly grid: AnyGrid,
    private readonly req: GridRequest,
  ) {
    this.where = and(sql`${grid.table.tenantId} = ${int(scope.tenantId)}`, ...req.where)!;
    this.pageHead =
      req.startRow < DEEP_OFFSET ? this.head(`page:${req.columns.map((c) => c.field).join(",")}`, () => selectFields(grid, req.columns)) : null;
  }

  private head(key: string, fields: () => Record<string, SQL.Aliased | SQL>): SQL | null {
    const text = headText(this.scope, this.grid, key, fields);
    return text === null ? null : sql.raw(text);
  }

  private filtered(h: SQL): SQL {
    return sql`${h} where ${this.where}`;
  }

  /** Whether the page can carry the count in the same statement (not for deep pages). */
  get canBundle(): boolean {
    return this.pageHead !== null && this.one() !== null && this.countHead() !== null && this.countedPageHead() !== null;
  }

  private one(): SQL | null {
    return this.head("one", () => ({ one: sql`1`.as("one") }));
  }

  private countHead(): SQL | null {
    return this.head("count", () => ({ n: sql<number>`count(*)::int`.as("n") }));
  }

  /**
   * The page. With `count` it also carries, in the column __count: "exact" the count of the whole
   * filtered set; "auto" the count capped at EXACT_COUNT_CAP + 1 when the table is small
   * (SMALL_TABLE_ROWS), else null (the caller then asks the planner first). Both subqueries are
   * uncorrelated, so PostgreSQL evaluates each once, and the capped count only when the table size
   * lets it.
   */
  page(count: "exact" | "auto" | "none" = "none"): SQLWrapper {
    const { scope, grid, req } = this;
    if (!this.pageHead) return pageQuery(scope, grid, req, req.limit, req.startRow);
    const offset = req.startRow > 0 ? sql` offset ${int(req.startRow)}` : sql``;
    const tail = sql` where ${this.where} order by ${sql.join(req.orderBy, sql`, `)} limit ${int(req.limit)}${offset}`;
    if (count === "none") return sql`${this.pageHead}${tail}`;
    const [select, fromJoins] = this.countedPageHead()!;
    let value: SQL;
    if (count === "exact") value = sql`(${this.exactCount()})`;
    else {
      const table = sql.raw(`'"${getTableName(grid.table).replace(/"/g, '""').replace(/'/g, "''")}"'::regclass`);
      value = sql`case when (select c.reltuples from pg_class c where c.oid = ${table}) between 0 and ${int(SMALL_TABLE_ROWS)} then (${this.cappedCount()}) end`;
    }
    return sql`${select}${value}${fromJoins}${tail}`;
  }

  /** The page head split where the count column's value goes: [`select …, `, ` as "__count" from …`]. */
  private countedPageHead(): [SQL, SQL] | null {
    const { grid, req } = this;
    const text = headText(this.scope, grid, `page+count:${req.columns.map((c) => c.field).join(",")}`, () => ({
      ...selectFields(grid, req.columns),
      [COUNT_COLUMN]: sql.raw(COUNT_MARKER).as(COUNT_COLUMN),
    }));
    if (text === null) return null;
    const at = text.indexOf(COUNT_MARKER);
    return [sql.raw(text.slice(0, at)), sql.raw(text.slice(at + COUNT_MARKER.length))];
  }

  exactCount(): SQLWrapper {
    const h = this.countHead();
    return h ? this.filtered(h) : countQuery(this.scope, this.grid, this.req);
  }

  cappedCount(cap = EXACT_COUNT_CAP): SQLWrapper {
    const h = this.one();
    return h ? sql`select count(*)::int as "n" from (${this.filtered(h)} limit ${int(cap + 1)}) "capped"` : cappedCountQuery(this.scope, this.grid, this.req, cap);
  }

  estimate(): SQLWrapper {
    const h = this.one();
    return sql`explain (format json) ${h ? this.filtered(h) : estimateQuery(this.scope, this.grid, this.req)}`;
  }
}

function planRows(rows: Record<string, unknown>[]): number {
  let plan = rows[0]?.["QUERY PLAN"];
  if (typeof plan === "string") plan = JSON.parse(plan);
  const n = Number((plan as { Plan?: { "Plan Rows"?: number } }[] | undefined)?.[0]?.Plan?.["Plan Rows"]);
  return Number.isFinite(n) ? Math.round(n) : 0;
}

export async function estimateCount(scope: TenantScope, grid: AnyGrid, req: GridRequest): Promise<number> {
  return planRows(await rawRows(scope.platform, new ListStatements(scope, grid, req).estimate()));
}

type Counted = { count: number; exact: boolean };

/** A capped count as the contract reports it: exact up to the cap, else the planner's figure. */
async function settleCapped(scope: TenantScope, statements: ListStatements, n: number, estimate?: number): Promise<Counted> {
  if (n <= EXACT_COUNT_CAP) return { count: n, exact: true };
  estimate ??= planRows(await rawRows(scope.platform, statements.estimate()));
  return { count: Math.max(EXACT_COUNT_CAP + 1, estimate), exact: false };
}

async function countRows(scope: TenantScope, statements: ListStatements, req: GridRequest): Promise<Counted> {
  if (req.countMode === "exact") {
    const [r] = await rawRows(scope.platform, statements.exactCount());
    return { count: Number(r?.n ?? 0), exact: true };
  }
  // Far above the cap the planner's figure is used as is: even the capped count can cost a full scan
  // when the planner bets on a LIMITed sequential scan and the matching rows sit at the end of the
  // heap (seen on 1M rows: a 30-day range took 60 ms instead of 2 ms whenever the statistics tipped).
  const estimate = planRows(await rawRows(scope.platform, statements.estimate()));
  if (estimate > ESTIMATE_TRUSTED_FROM) return { count: estimate, exact: false };
  const [r] = await rawRows(scope.platform, statements.cappedCount());
  return settleCapped(scope, statements, Number(r?.n ?? 0), estimate);
}

/**
 * The count of a list call whose page carried the __count column (see ListStatements.page): the
 * page settles it when it is short, the column when the table is small, otherwise the usual
 * estimate-then-capped-count path runs after the page.
 */
async function countWithPage(scope: TenantScope, statements: ListStatements, req: GridRequest, rows: Record<string, unknown>[]): Promise<Counted> {
  // a short page ends the set (an empty one only says so from the first row)
  if ((rows.length > 0 && rows.length < req.limit) || (rows.length === 0 && req.startRow === 0)) {
    return { count: req.startRow + rows.length, exact: true };
  }
  const carried = rows[0]?.[COUNT_COLUMN];
  if (carried === null || carried === undefined) return countRows(scope, statements, req);
  const n = Number(carried);
  return req.countMode === "exact" ? { count: n, exact: true } : settleCapped(scope, statements, n);
}

/**
 * Tables this process last saw above SMALL_TABLE_ROWS (their page came back without its count), per
 * database, with when. On those the page would only carry a null count and the estimate would wait
 * for it, so the next calls run the page beside the estimate-then-count path instead; after
 * BIG_TABLE_RECHECK_MS a call bundles again and looks afresh. A hint about speed only: every path
 * gives the same answers.
 */
const bigTablesByDb = new WeakMap<Db, Map<string, number>>();
const BIG_TABLE_RECHECK_MS = 60_000;

/**
 * One list call. Usually one statement: the page carrying its count (ListStatements.page). Deep
 * pages, and counts on tables above SMALL_TABLE_ROWS, add the planner's estimate and the capped
 * count (a page with count=0, as the client asks later blocks, is the page alone).
 */
export async function queryGrid(scope: TenantScope, grid: AnyGrid, req: GridRequest): Promise<GridPage> {
  const statements = new ListStatements(scope, grid, req);
  const table = getTableName(grid.table);
  let bigTables = bigTablesByDb.get(scope.platform);
  if (!bigTables) bigTablesByDb.set(scope.platform, (bigTables = new Map()));
  const seenBig = bigTables.get(table);
  const knownBig = seenBig !== undefined && Date.now() - seenBig < BIG_TABLE_RECHECK_MS;
  let rows: Record<string, unknown>[];
  let counted: Counted | undefined;
  if (req.countMode === "none") rows = await rawRows(scope.platform, statements.page());
  else if (statements.canBundle && !(req.countMode === "auto" && knownBig)) {
    rows = await rawRows(scope.platform, statements.page(req.countMode));
    if (req.countMode === "auto" && rows.length > 0) {
      if (rows[0]![COUNT_COLUMN] === null) bigTables.set(table, Date.now());
      else bigTables.delete(table);
    }
    counted = await countWithPage(scope, statements, req, rows);
  } else {
    [rows, counted] = await Promise.all([rawRows(scope.platform, statements.page()), countRows(scope, statements, req)]);
  }
  const data = rows.map((r) => mapRow(grid, req.columns, r));
  let total = counted?.count ?? null;
  let exact = counted?.exact ?? false;
  // a short page settles an estimate: the set ends here
  if (counted && !exact && rows.length > 0 && rows.length < req.limit) {
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
