/**
 * Filter and sort models (spec §3 "Grid filter models", close to AG Grid's) compiled to
 * parameterised Drizzle SQL against a grid's column whitelist. Every user value is a bound
 * parameter; identifiers only ever come from the grid definition.
 */
import { and, asc, desc, inArray, isNull, not, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { BadRequestError } from "@/lib/errors";
import { parseDate, parseDecimalBig, parseTime } from "@/lib/format";
import type { ResolvedColumn } from "./define";
import { filterTypeOf, type FilterType } from "./filter-types";
export { filterTypeOf, type FilterType };


/** One column's filter as the client sends it in filterModel[colId]. */
export interface FilterItem {
  filterType?: FilterType;
  type?: string;
  filter?: unknown;
  filterTo?: unknown;
  dateFrom?: unknown;
  dateTo?: unknown;
  values?: unknown;
}

export type FilterModel = Record<string, FilterItem>;

/** Scale of the scaled integer stored for a numeric column (null: plain integer). */
export function scaleOf(col: Pick<ResolvedColumn, "type" | "scale">): number {
  if (col.scale !== undefined) return col.scale;
  switch (col.type) {
    case "currency":
      return 2;
    case "currency4":
      return 4;
    case "currency8":
      return 8;
    case "decimal":
    case "percentage":
      return 2;
    default:
      return 0;
  }
}

export const OPERATORS: Record<FilterType, readonly string[]> = {
  text: ["contains", "equals", "notContains", "notEqual", "startsWith"],
  number: ["equals", "lessOrEqual", "greaterOrEqual", "inRange"],
  money: ["equals", "lessOrEqual", "greaterOrEqual", "inRange"],
  date: ["equals", "lessOrEqual", "greaterOrEqual", "inRange"],
  time: ["equals", "lessOrEqual", "greaterOrEqual", "inRange"],
  boolean: ["equals"],
  entity: ["in", "notIn"],
};

// AG Grid spellings accepted as aliases.
const OPERATOR_ALIASES: Record<string, string> = {
  lessThanOrEqual: "lessOrEqual",
  greaterThanOrEqual: "greaterOrEqual",
  set: "in",
};

const MAX_TEXT = 200;
const MAX_IDS = 10_000;

function bad(message: string): never {
  throw new BadRequestError(message);
}

/** Escapes LIKE wildcards so the user's text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => "\\" + c);
}

function asText(v: unknown, header: string): string {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") bad(`Filtro non valido sulla colonna "${header}": valore mancante`);
  const s = v.trim();
  if (s.length > MAX_TEXT) bad(`Filtro non valido sulla colonna "${header}": testo troppo lungo`);
  return s;
}

/** The text of a column for ILIKE: text as is, everything else cast to text. */
function textExpr(col: ResolvedColumn): SQL {
  if (col.type === "entity") return sql`${col.label!}`;
  if (col.type === "text") return sql`${col.sql}`;
  return sql`(${col.sql})::text`;
}

function numberValue(col: ResolvedColumn, v: unknown, filterType: FilterType): string {
  const header = col.header;
  const raw = typeof v === "number" && Number.isFinite(v) ? String(v).replace(".", ",") : v;
  if (typeof raw !== "string" || raw.trim() === "") bad(`Filtro non valido sulla colonna "${header}": numero mancante`);
  const text = raw.trim();
  if (text.length > 40) bad(`Filtro non valido sulla colonna "${header}": numero non valido`);
  if (filterType === "money" && !/^-?[0-9.,' ]+$/.test(text.replace(/^€\s*/, ""))) {
    bad(`Filtro non valido sulla colonna "${header}": importo non valido`);
  }
  const scale = scaleOf(col);
  const n = parseDecimalBig(text, scale);
  if (n === null) bad(`Filtro non valido sulla colonna "${header}": "${text}" non è un numero`);
  if (col.type === "integer" && col.scale === undefined && /[,.]\d*[1-9]/.test(text.replace(/\.(?=\d{3}(\D|$))/g, ""))) {
    bad(`Filtro non valido sulla colonna "${header}": il numero deve essere intero`);
  }
  const limit = 10n ** 18n;
  if (n >= limit || n <= -limit) bad(`Filtro non valido sulla colonna "${header}": numero fuori limite`);
  return n.toString();
}

/** "yyyy-MM-dd", "yyyy-MM-dd HH:mm:ss" (AG Grid) or "dd/MM/yyyy" → "yyyy-MM-dd". */
export function parseFilterDate(v: unknown, header: string): string {
  if (typeof v !== "string" || v.trim() === "") bad(`Filtro non valido sulla colonna "${header}": data mancante`);
  const s = v.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(s);
  if (iso) {
    const it = parseDate(`${iso[3]}/${iso[2]}/${iso[1]}`);
    if (it) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  } else {
    const d = parseDate(s);
    if (d) {
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${String(d.getFullYear()).padStart(4, "0")}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    }
  }
  bad(`Filtro non valido sulla colonna "${header}": data "${s.slice(0, 40)}" non valida (usare gg/mm/aaaa)`);
}

function addDay(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  return t.toISOString().slice(0, 10);
}

/** Start of an Italian calendar day as a timestamptz constant (index-friendly: the column stays bare). */
function romeMidnight(isoDate: string): SQL {
  return sql`(${isoDate}::timestamp at time zone 'Europe/Rome')`;
}

function compileDate(col: ResolvedColumn, op: string, item: FilterItem): SQL {
  const from = parseFilterDate(item.dateFrom ?? item.filter, col.header);
  const to = op === "inRange" ? parseFilterDate(item.dateTo ?? item.filterTo, col.header) : from;
  if (op === "inRange" && to < from) bad(`Filtro non valido sulla colonna "${col.header}": la data iniziale è successiva alla finale`);
  const e = col.sql;
  if (col.type === "datetime") {
    const lo = romeMidnight(from);
    const hi = romeMidnight(addDay(to));
    switch (op) {
      case "equals":
      case "inRange":
        return sql`(${e} >= ${lo} and ${e} < ${hi})`;
      case "lessOrEqual":
        return sql`${e} < ${hi}`;
      default:
        return sql`${e} >= ${lo}`;
    }
  }
  switch (op) {
    case "equals":
      return sql`${e} = ${from}::date`;
    case "lessOrEqual":
      return sql`${e} <= ${from}::date`;
    case "greaterOrEqual":
      return sql`${e} >= ${from}::date`;
    default:
      return sql`(${e} >= ${from}::date and ${e} <= ${to}::date)`;
  }
}

function compileRange(e: SQL | PgColumn, op: string, a: SQL, b: () => SQL): SQL {
  switch (op) {
    case "equals":
      return sql`${e} = ${a}`;
    case "lessOrEqual":
      return sql`${e} <= ${a}`;
    case "greaterOrEqual":
      return sql`${e} >= ${a}`;
    default:
      return sql`(${e} >= ${a} and ${e} <= ${b()})`;
  }
}

function timeValue(v: unknown, header: string): string {
  const t = typeof v === "string" ? parseTime(v) : null;
  if (!t) bad(`Filtro non valido sulla colonna "${header}": orario non valido (usare hh:mm)`);
  return t;
}

function idList(v: unknown, header: string): number[] {
  let parts: unknown[];
  if (Array.isArray(v)) parts = v;
  else if (typeof v === "string") parts = v.trim() === "" ? [] : v.split(",");
  else if (typeof v === "number") parts = [v];
  else bad(`Filtro non valido sulla colonna "${header}": elenco di identificativi mancante`);
  if (parts.length > MAX_IDS) bad(`Filtro non valido sulla colonna "${header}": troppi identificativi`);
  return parts.map((p) => {
    const s = typeof p === "number" ? String(p) : typeof p === "string" ? p.trim() : "";
    if (!/^\d{1,10}$/.test(s) || Number(s) > 2_147_483_647) bad(`Filtro non valido sulla colonna "${header}": identificativo non valido`);
    return Number(s);
  });
}

function booleanValue(v: unknown, header: string): boolean {
  if (v === 1 || v === "1" || v === true || v === "true") return true;
  if (v === 0 || v === "0" || v === false || v === "false") return false;
  bad(`Filtro non valido sulla colonna "${header}": atteso 1 o 0`);
}

/** Compiles one column filter; throws BadRequestError (400) on anything unexpected. */
export function compileFilter(col: ResolvedColumn, item: unknown): SQL {
  if (!item || typeof item !== "object" || Array.isArray(item)) bad(`Filtro non valido sulla colonna "${col.header}"`);
  const f = item as FilterItem;
  if (!col.filterable) bad(`La colonna "${col.header}" non è filtrabile`);
  const expected = filterTypeOf(col.type);
  if (!expected) bad(`La colonna "${col.header}" non è filtrabile`);
  const filterType = f.filterType ?? expected;
  // number filters on currency columns are read as money (inputs in euros)
  const compatible = filterType === expected || (expected === "money" && filterType === "number");
  if (!compatible) bad(`Tipo di filtro "${String(filterType).slice(0, 20)}" non valido per la colonna "${col.header}"`);
  const rawOp = typeof f.type === "string" ? f.type : expected === "entity" ? "in" : expected === "text" ? "contains" : "equals";
  const op = OPERATOR_ALIASES[rawOp] ?? rawOp;
  if (!OPERATORS[expected].includes(op)) bad(`Operatore "${rawOp.slice(0, 20)}" non valido per la colonna "${col.header}"`);

  switch (expected) {
    case "text": {
      const v = asText(f.filter, col.header);
      const e = textExpr(col);
      switch (op) {
        case "equals":
          return sql`lower(${e}) = lower(${v})`;
        case "notEqual":
          return sql`(${e} is null or lower(${e}) <> lower(${v}))`;
        case "startsWith":
          return sql`${e} ilike ${escapeLike(v) + "%"}`;
        case "notContains":
          return sql`(${e} is null or ${e} not ilike ${"%" + escapeLike(v) + "%"})`;
        default:
          return sql`${e} ilike ${"%" + escapeLike(v) + "%"}`;
      }
    }
    case "number":
    case "money": {
      const a = numberValue(col, f.filter, expected);
      // numeric columns hold scaled integers (cents(), percentages × 10^scale): compared as bigint so indexes apply
      return compileRange(col.sql, op, sql`${a}::bigint`, () => sql`${numberValue(col, f.filterTo, expected)}::bigint`);
    }
    case "date":
      return compileDate(col, op, f);
    case "time": {
      const a = timeValue(f.filter, col.header);
      return compileRange(col.sql, op, sql`${a}::time`, () => sql`${timeValue(f.filterTo, col.header)}::time`);
    }
    case "boolean":
      return booleanValue(f.filter, col.header) ? sql`${col.sql} = true` : sql`(${col.sql} is null or ${col.sql} = false)`;
    case "entity": {
      const ids = idList(f.values ?? f.filter, col.header);
      if (op === "in") return ids.length ? inArray(col.sql as PgColumn, ids) : sql`false`;
      if (!ids.length) return sql`true`;
      return or(isNull(col.sql as PgColumn), not(inArray(col.sql as PgColumn, ids)))!;
    }
  }
}

/** Global 'Ricerca': every word must appear (case-insensitive) in at least one searchable column. */
export function compileSearch(columns: readonly ResolvedColumn[], search: string): SQL | undefined {
  const words = search.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  if (search.length > MAX_TEXT) bad("Ricerca troppo lunga");
  if (words.length > 8) bad("Ricerca con troppe parole");
  const targets = columns.filter((c) => c.searchable);
  if (!targets.length) return undefined;
  const matches = (c: ResolvedColumn, w: string) => sql`${textExpr(c)} ilike ${"%" + escapeLike(w) + "%"}`;
  return and(
    ...words.map((w) =>
      or(
        ...targets.flatMap((c) => {
          const other = c.searchAs?.(w);
          return other && other !== w ? [matches(c, w), matches(c, other)] : [matches(c, w)];
        }),
      ),
    ),
  );
}

/**
 * ORDER BY of a column: entity columns sort by their label; text sorts ignore case (lower(): the same
 * order on PGlite's C collation as on a server's, "rossi" beside "Rossi"), so a big table's sorted text
 * column needs a lower() index (see field_values). Nulls follow PostgreSQL's default.
 */
export function sortExpr(col: ResolvedColumn, dir: "asc" | "desc"): SQL {
  const e = col.type === "entity" ? sql`lower(${col.label!})` : col.type === "text" ? sql`lower(${col.sql})` : col.sql;
  return dir === "desc" ? desc(e) : asc(e);
}
