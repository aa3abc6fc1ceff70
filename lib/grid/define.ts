/**
 * Server-paged grids: one definition per entity list, from which the list route, the export route
 * and the server component's first block are all built (list.ts runs it, export.ts exports it).
 * This module only declares: it loads none of the query code, so the query modules may import it
 * and nothing here imports them back.
 *
 *   export const fieldValuesGrid = defineGrid({
 *     name: "field-values",
 *     table: fieldValues,
 *     params: z.object({ fieldName: z.string().min(1) }),
 *     baseWhere: ({ fieldName }) => eq(fieldValues.fieldName, fieldName),
 *     defaultSort: [{ colId: "fieldValue", sort: "asc" }],
 *     columns: [
 *       { field: "id", header: "Id", type: "integer", sql: fieldValues.id, hidden: true },
 *       { field: "fieldValue", header: "Valore", type: "text", sql: fieldValues.fieldValue, searchable: true },
 *     ],
 *     // optional: column totals over the filtered set (footer 'Totale'; see totals.ts)
 *     // totals: ["amount"],
 *   });
 *   // the entity declaration (db/entity.ts) serves it as GET /api/field-values and /export
 *
 * Only what a definition names can reach SQL: sortModel, filterModel and columns are matched
 * against the column whitelist and every value travels as a bound parameter.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { ScopedJoin, TenantScope, TenantTable } from "@/db/scope";

export type GridColumnType =
  | "text"
  | "integer"
  | "decimal"
  | "percentage"
  | "currency"
  | "currency4"
  | "currency8"
  | "date"
  | "datetime"
  | "time"
  | "boolean"
  | "entity"
  | "object";

export interface GridColumn {
  /** Key in the row objects, in sortModel/filterModel colIds and in `columns` (an identifier). */
  field: string;
  /** Italian header (grid and export). */
  header: string;
  type: GridColumnType;
  /**
   * The value expression: a column of the grid's table, of a joined table, or any SQL.
   * For "entity" columns this is the referenced id (filters in / notIn compare it) and
   * `label` is the text shown, sorted and searched.
   */
  sql: SQL | PgColumn;
  /** "entity" columns: the display text of the referenced record (row value { id, toString }). */
  label?: SQL | PgColumn;
  /** Decimal places of a scaled integer ("decimal"/"percentage" default 2, currency 2/4/8). */
  scale?: number;
  /** Default true (false for "object"). */
  sortable?: boolean;
  /** Default true (false for "object"). */
  filterable?: boolean;
  /** Part of the global text search ('Ricerca'). Default false. */
  searchable?: boolean;
  /**
   * Another form of a searched word this column also matches (e.g. a VAT number typed with its country prefix,
   * "IT01234567890", against the bare number stored); undefined when the word has none.
   */
  searchAs?: (word: string) => string | undefined;
  /** Always visible, cannot be moved or hidden in the column chooser. */
  fixed?: boolean;
  /** Hidden by default (the user can show it). */
  hidden?: boolean;
  /** Offered in 'Seleziona colonne da esportare'. Default true (false for "object"). */
  exportable?: boolean;
  /** Initial width in pixels for the client grid. */
  width?: number;
  /** "entity" columns: ajax-select URL of the filter's options ({ [first key]: [{ id, toString }] }). */
  optionsUrl?: string;
  /** Its place on the phone card of a row (default: a detail when the layout shows the column). */
  phone?: PhoneRole;
}

/**
 * The phone card of a row (components/grid/grid-card.tsx): the `title` (first line, bold), the `amount` (first line,
 * at the right), the `badge` (a state, first of the details); the other columns the layout shows are the details
 * (`secondary`, the default), except those marked `none` (e.g. a figure the amount already says).
 */
export type PhoneRole = "title" | "amount" | "badge" | "secondary" | "none";

export interface SortItem {
  colId: string;
  sort: "asc" | "desc";
}

export interface GridDefinition<P extends Record<string, unknown> = Record<string, unknown>> {
  /** Unique name: local storage key of the layout, export file name. */
  name: string;
  /** The main table: tenant scope, row id, rowColor and version come from it. */
  table: TenantTable & { rowColor?: PgColumn; version?: PgColumn };
  columns: GridColumn[];
  defaultSort: SortItem[];
  /** The grid's own query parameters (plus addedParams), validated; failures are a 400. */
  params?: z.ZodType<P>;
  /**
   * Fixed conditions from the grid's parameters (ANDed with the tenant condition and the filters), and from
   * the scope's acting user where a list shows some users only their own rows (time entries).
   */
  baseWhere?: (params: P, scope?: TenantScope) => SQL | undefined;
  /** Joins for columns of other tables: `[{ table: fieldValues, on: eq(agents.titleId, fieldValues.id) }]` (left by default; the tenant condition is added). */
  joins?: readonly ScopedJoin[];
  /** Export file name without extension (default: name). */
  exportFileName?: string;
  /**
   * Footer totals over the filtered set: numeric columns' fields (summed), or `{ field, sql }` with
   * any aggregate (lib/grid/totals.ts). Returned as `totals` when the list is asked with totals=1.
   */
  totals?: readonly (string | GridTotal)[];
}

/** A declared total: a column's field, with the aggregate when it is not the plain sum (see totals.ts). */
export interface GridTotal {
  field: string;
  /** An aggregate over the filtered rows (default `coalesce(sum(column), 0)`). */
  sql?: SQL;
}

export interface ResolvedTotal {
  field: string;
  sql: SQL;
}

/** A grid of any parameter type (its params are validated by the grid's own schema). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- P is checked where each grid is declared
export type AnyGrid = Grid<any>;

export interface ResolvedColumn extends GridColumn {
  sortable: boolean;
  filterable: boolean;
  searchable: boolean;
  fixed: boolean;
  hidden: boolean;
  exportable: boolean;
}

export interface Grid<P extends Record<string, unknown> = Record<string, unknown>> extends GridDefinition<P> {
  columns: ResolvedColumn[];
  byField: ReadonlyMap<string, ResolvedColumn>;
  totals: readonly ResolvedTotal[];
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const RESERVED = new Set(["rowColor", "version", "globalSearch"]);

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

/** Validates a definition once at module load (a bad definition is a programming error). */
export function defineGrid<P extends Record<string, unknown> = Record<string, unknown>>(def: GridDefinition<P>): Grid<P> {
  const byField = new Map<string, ResolvedColumn>();
  const columns = def.columns.map((c): ResolvedColumn => {
    if (!FIELD_NAME.test(c.field)) throw new Error(`grid ${def.name}: nome di colonna non valido "${c.field}"`);
    if (RESERVED.has(c.field)) throw new Error(`grid ${def.name}: "${c.field}" è un nome riservato`);
    if (byField.has(c.field)) throw new Error(`grid ${def.name}: colonna "${c.field}" ripetuta`);
    if (c.type === "entity" && !c.label) throw new Error(`grid ${def.name}: la colonna entity "${c.field}" richiede label`);
    const isObject = c.type === "object";
    const col: ResolvedColumn = {
      ...c,
      sortable: c.sortable ?? !isObject,
      filterable: c.filterable ?? !isObject,
      searchable: c.searchable ?? false,
      fixed: c.fixed ?? false,
      hidden: c.hidden ?? false,
      exportable: c.exportable ?? !isObject,
    };
    byField.set(c.field, col);
    return col;
  });
  for (const s of def.defaultSort) {
    if (!byField.get(s.colId)?.sortable) throw new Error(`grid ${def.name}: ordinamento predefinito su colonna non ordinabile "${s.colId}"`);
  }
  return { ...def, columns, byField, totals: resolveTotals(def.name, byField, def.totals) };
}

/** Column metadata the client grid needs (returned as gridData with every list response). */
export interface GridColumnMeta {
  field: string;
  header: string;
  type: GridColumnType;
  scale?: number;
  sortable: boolean;
  filterable: boolean;
  searchable: boolean;
  fixed: boolean;
  hidden: boolean;
  exportable: boolean;
  width?: number;
  optionsUrl?: string;
  phone?: PhoneRole;
}

export interface GridData {
  name: string;
  columns: GridColumnMeta[];
  defaultSort: SortItem[];
  /** Fields with a footer total (only when the grid declares totals): the client asks totals=1 with its first block. */
  totals?: string[];
}

export function gridData(grid: AnyGrid): GridData {
  return {
    name: grid.name,
    defaultSort: grid.defaultSort,
    columns: grid.columns.map((c) => ({
      field: c.field,
      header: c.header,
      type: c.type,
      ...(c.scale !== undefined ? { scale: c.scale } : {}),
      sortable: c.sortable,
      filterable: c.filterable,
      searchable: c.searchable,
      fixed: c.fixed,
      hidden: c.hidden,
      exportable: c.exportable,
      ...(c.width !== undefined ? { width: c.width } : {}),
      ...(c.optionsUrl !== undefined ? { optionsUrl: c.optionsUrl } : {}),
      ...(c.phone !== undefined ? { phone: c.phone } : {}),
    })),
    ...(grid.totals.length ? { totals: grid.totals.map((t) => t.field) } : {}),
  };
}

/** Footer totals by field (null when an aggregate has no value, e.g. avg of no rows). */
export type GridTotals = Record<string, number | null>;

/** One row of a list: id, rowColor, version and the requested columns by field. */
export type GridRow = { id: number; rowColor: string | null; version?: number } & Record<string, unknown>;

export interface GridPage {
  data: GridRow[];
  /** Rows in the filtered set; null when the caller asked to skip counting (count=0). */
  count: number | null;
  /** false when count is the planner's estimate (sets over EXACT_COUNT_CAP rows; ask count=exact). */
  countExact: boolean;
  startRow: number;
  offset: number;
  gridData: GridData;
  /** The grid's totals over the filtered set, when asked (totals=1) and declared. */
  totals?: GridTotals;
}

export interface GridIds {
  ids: number[];
  count: number;
}
