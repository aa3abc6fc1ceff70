/**
 * Parses the list contract's query (startRow, limit, offset, sortModel, filterModel, columns,
 * addedParams, search, the grid's own params) into SQL pieces. Anything unknown or malformed is a
 * 400 with an Italian message; nothing here ever reaches SQL text except through the whitelist.
 */
import type { SQL } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { BadRequestError, ValidationError, zodMessages } from "@/lib/errors";
import type { Grid, ResolvedColumn, SortItem, AnyGrid } from "./define";
import { compileFilter, compileSearch, sortExpr, type FilterModel } from "./filters";

export type GridRequestInput = URLSearchParams | Record<string, string | string[] | undefined | null>;

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
export const MAX_START_ROW = 100_000_000;

/** Query keys of the contract; every other key belongs to the grid's own params. */
export const CONTRACT_KEYS = new Set([
  "startRow",
  "limit",
  "offset",
  "sortModel",
  "filterModel",
  "columns",
  "addedParams",
  "search",
  "ids",
  "count",
  "format",
  "totals",
  "_",
]);

export interface GridRequest<P = Record<string, unknown>> {
  startRow: number;
  limit: number;
  /** Selected columns (the `columns` list, or all). */
  columns: ResolvedColumn[];
  sort: SortItem[];
  orderBy: SQL[];
  /** Filters, search and baseWhere, to be ANDed with the tenant condition. */
  where: (SQL | undefined)[];
  params: P;
  /** count=0: none (the client knows it); count=exact: always exact; default: exact up to a cap, then estimated. */
  countMode: "auto" | "exact" | "none";
  search: string;
  filterModel: FilterModel;
  /** totals=1: the list response carries the grid's column totals over the filtered set. */
  withTotals: boolean;
}

function toRecord(input: GridRequestInput): Record<string, string> {
  const out: Record<string, string> = {};
  if (input instanceof URLSearchParams) {
    for (const [k, v] of input) if (!(k in out)) out[k] = v;
    return out;
  }
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null) continue;
    const s = Array.isArray(v) ? v[0] : v;
    if (typeof s === "string") out[k] = s;
  }
  return out;
}

function intParam(raw: string | undefined, name: string, def: number, min: number, max: number): number {
  if (raw === undefined || raw === "") return def;
  if (!/^\d{1,10}$/.test(raw.trim())) throw new BadRequestError(`Parametro "${name}" non valido: atteso un numero intero`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new BadRequestError(`Parametro "${name}" fuori limite (${min}-${max})`);
  return n;
}

/** A flag of the contract: 1/true, 0/false or absent (default). */
function flagParam(raw: string | undefined, name: string, def: boolean): boolean {
  if (raw === undefined || raw === "") return def;
  if (raw === "1" || raw === "true") return true;
  if (raw === "0" || raw === "false") return false;
  throw new BadRequestError(`Parametro "${name}" non valido: atteso 1 o 0`);
}

function jsonParam(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw.trim() === "") return undefined;
  if (raw.length > 100_000) throw new BadRequestError(`Parametro "${name}" troppo lungo`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError(`Parametro "${name}" non valido: JSON non leggibile`);
  }
}

function column(grid: AnyGrid, colId: unknown, what: string): ResolvedColumn {
  const col = typeof colId === "string" ? grid.byField.get(colId) : undefined;
  if (!col) throw new BadRequestError(`${what}: colonna "${String(colId).slice(0, 40)}" sconosciuta`);
  return col;
}

export function parseSortModel(grid: AnyGrid, raw: unknown): SortItem[] {
  if (raw === undefined) return grid.defaultSort;
  if (!Array.isArray(raw)) throw new BadRequestError("Ordinamento non valido: atteso un elenco");
  if (raw.length > 10) throw new BadRequestError("Ordinamento non valido: troppe colonne");
  if (raw.length === 0) return grid.defaultSort;
  return raw.map((s): SortItem => {
    if (!s || typeof s !== "object") throw new BadRequestError("Ordinamento non valido");
    const { colId, sort } = s as { colId?: unknown; sort?: unknown };
    const col = column(grid, colId, "Ordinamento non valido");
    if (!col.sortable) throw new BadRequestError(`La colonna "${col.header}" non è ordinabile`);
    if (sort !== "asc" && sort !== "desc") throw new BadRequestError('Ordinamento non valido: usare "asc" o "desc"');
    return { colId: col.field, sort };
  });
}

export function parseFilterModel(grid: AnyGrid, raw: unknown): { model: FilterModel; where: SQL[]; search: string } {
  if (raw === undefined || raw === null) return { model: {}, where: [], search: "" };
  if (typeof raw !== "object" || Array.isArray(raw)) throw new BadRequestError("Filtri non validi: atteso un oggetto");
  const where: SQL[] = [];
  let search = "";
  const model = raw as FilterModel;
  for (const [colId, item] of Object.entries(model)) {
    // the pseudo-column of the global search, as the grid's own model sends it
    if (colId === "globalSearch") {
      const f = item as { filter?: unknown } | null;
      if (!f || typeof f !== "object" || (f.filter !== undefined && typeof f.filter !== "string")) {
        throw new BadRequestError("Filtro di ricerca non valido");
      }
      search = (f.filter as string | undefined) ?? "";
      continue;
    }
    where.push(compileFilter(column(grid, colId, "Filtro non valido"), item));
  }
  return { model, where, search };
}

export function parseColumns(grid: AnyGrid, raw: string | undefined): ResolvedColumn[] {
  if (raw === undefined || raw.trim() === "") return grid.columns;
  const names = raw.split(",").map((s) => s.trim()).filter(Boolean);
  if (names.length > 200) throw new BadRequestError("Troppe colonne richieste");
  const seen = new Set<string>();
  const out: ResolvedColumn[] = [];
  for (const n of names) {
    if (n === "rowColor" || n === "version") continue;
    const col = column(grid, n, "Colonne non valide");
    if (!seen.has(col.field)) out.push(col);
    seen.add(col.field);
  }
  return out;
}

/** The grid's own params: query keys outside the contract plus addedParams, validated by grid.params. */
export function parseGridParams<P>(grid: AnyGrid, q: Record<string, string>): P {
  const added = jsonParam(q.addedParams, "addedParams");
  if (added !== undefined && (typeof added !== "object" || added === null || Array.isArray(added))) {
    throw new BadRequestError('Parametro "addedParams" non valido: atteso un oggetto');
  }
  const merged: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) if (!CONTRACT_KEYS.has(k)) merged[k] = v;
  Object.assign(merged, added ?? {});
  if (!grid.params) return merged as P;
  const r = grid.params.safeParse(merged);
  if (!r.success) throw new ValidationError(zodMessages(r.error));
  return r.data as P;
}

export function parseGridRequest<P extends Record<string, unknown>>(grid: Grid<P>, input: GridRequestInput, scope?: TenantScope): GridRequest<P> {
  const q = toRecord(input);
  const limit = intParam(q.limit, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
  const startRow = intParam(q.startRow ?? q.offset, q.startRow !== undefined ? "startRow" : "offset", 0, 0, MAX_START_ROW);
  const sort = parseSortModel(grid, jsonParam(q.sortModel, "sortModel"));
  const filters = parseFilterModel(grid, jsonParam(q.filterModel, "filterModel"));
  const search = (q.search ?? filters.search).trim();
  const params = parseGridParams<P>(grid, q);
  const columns = parseColumns(grid, q.columns);
  const orderBy = sort.map((s) => sortExpr(grid.byField.get(s.colId)!, s.sort));
  // The id tie-breaker makes paging deterministic. It follows the direction of the last sort so a
  // (…, sort column, id) index can be read in one direction (forwards or backwards) with no re-sort.
  const tieDirection = sort.at(-1)?.sort ?? "asc";
  if (!sort.some((s) => grid.byField.get(s.colId)?.sql === grid.table.id)) orderBy.push(sortExpr({ type: "integer", sql: grid.table.id } as ResolvedColumn, tieDirection));
  const where = [grid.baseWhere?.(params, scope), ...filters.where, compileSearch(grid.columns, search)];
  return {
    startRow,
    limit,
    columns,
    sort,
    orderBy,
    where,
    params,
    countMode: q.count === "0" || q.count === "false" ? "none" : q.count === "exact" ? "exact" : "auto",
    search,
    filterModel: filters.model,
    withTotals: flagParam(q.totals, "totals", false),
  };
}
