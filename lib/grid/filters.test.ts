import { describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { fieldValues } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { defineGrid } from "./define";
import { compileFilter, compileSearch, escapeLike, parseFilterDate } from "./filters";
import { parseGridRequest } from "./request";

const dialect = new PgDialect();
const render = (s: SQL | undefined) => {
  const q = dialect.sqlToQuery(s!);
  return { sql: q.sql, params: q.params };
};

// A grid with one column of every type (expressions over field_values: only the SQL text matters here).
const grid = defineGrid({
  name: "test",
  table: fieldValues,
  defaultSort: [{ colId: "name", sort: "asc" }],
  columns: [
    { field: "id", header: "Id", type: "integer", sql: fieldValues.id },
    { field: "name", header: "Nome", type: "text", sql: fieldValues.fieldValue, searchable: true },
    { field: "code", header: "Codice", type: "text", sql: fieldValues.fieldName, searchable: true },
    { field: "amount", header: "Importo", type: "currency", sql: sql`amount` },
    { field: "price4", header: "Prezzo", type: "currency4", sql: sql`price4` },
    { field: "qty", header: "Quantità", type: "decimal", sql: sql`qty` },
    { field: "rate", header: "Aliquota", type: "percentage", sql: sql`rate` },
    { field: "day", header: "Giorno", type: "date", sql: sql`day` },
    { field: "createdAt", header: "Creato", type: "datetime", sql: fieldValues.createdAt },
    { field: "at", header: "Ora", type: "time", sql: sql`at` },
    { field: "done", header: "Fatto", type: "boolean", sql: sql`done` },
    { field: "contact", header: "Cliente", type: "entity", sql: sql`contact_id`, label: sql`contact_name` },
    { field: "meta", header: "Meta", type: "object", sql: sql`meta` },
  ],
});
const col = (f: string) => grid.byField.get(f)!;

function refused(fn: () => unknown, message?: RegExp) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).httpStatus).toBe(400);
    if (message) expect((e as Error).message).toMatch(message);
    return;
  }
  throw new Error("atteso un 400");
}

describe("text filters", () => {
  it("contains is a case-insensitive ILIKE with escaped wildcards", () => {
    const q = render(compileFilter(col("name"), { filterType: "text", type: "contains", filter: "50%_x" }));
    expect(q.sql).toBe('"field_values"."field_value" ilike $1');
    expect(q.params).toEqual(["%50\\%\\_x%"]);
  });
  it("equals compares lower-case", () => {
    const q = render(compileFilter(col("name"), { filterType: "text", type: "equals", filter: " Dott. " }));
    expect(q.sql).toBe('lower("field_values"."field_value") = lower($1)');
    expect(q.params).toEqual(["Dott."]);
  });
  it("other text operators", () => {
    expect(render(compileFilter(col("name"), { type: "startsWith", filter: "a" })).params).toEqual(["a%"]);
    expect(render(compileFilter(col("name"), { type: "notContains", filter: "a" })).sql).toContain("not ilike");
    expect(render(compileFilter(col("name"), { type: "notEqual", filter: "a" })).sql).toContain("<>");
  });
  it("escapeLike", () => expect(escapeLike("a\\b%c_d")).toBe("a\\\\b\\%c\\_d"));
});

describe("number and money filters", () => {
  it("integer equals / lessOrEqual / greaterOrEqual / inRange", () => {
    expect(render(compileFilter(col("id"), { filterType: "number", type: "equals", filter: "12" }))).toEqual({ sql: '"field_values"."id" = $1::bigint', params: ["12"] });
    expect(render(compileFilter(col("id"), { filterType: "number", type: "lessOrEqual", filter: 7 })).sql).toBe('"field_values"."id" <= $1::bigint');
    expect(render(compileFilter(col("id"), { filterType: "number", type: "greaterOrEqual", filter: "7" })).sql).toBe('"field_values"."id" >= $1::bigint');
    expect(render(compileFilter(col("id"), { filterType: "number", type: "inRange", filter: "1", filterTo: "9" }))).toEqual({
      sql: '("field_values"."id" >= $1::bigint and "field_values"."id" <= $2::bigint)',
      params: ["1", "9"],
    });
  });
  it("AG Grid operator spellings are accepted", () => {
    expect(render(compileFilter(col("id"), { filterType: "number", type: "lessThanOrEqual", filter: "3" })).sql).toContain("<=");
    expect(render(compileFilter(col("id"), { filterType: "number", type: "greaterThanOrEqual", filter: "3" })).sql).toContain(">=");
  });
  it("money inputs are euros with comma decimals, compared in cents", () => {
    expect(render(compileFilter(col("amount"), { filterType: "money", type: "lessOrEqual", filter: "1.234,5" })).params).toEqual(["123450"]);
    expect(render(compileFilter(col("amount"), { filterType: "money", type: "greaterOrEqual", filter: "-0,05" })).params).toEqual(["-5"]);
    expect(render(compileFilter(col("amount"), { filterType: "money", type: "inRange", filter: "10", filterTo: "20,99" })).params).toEqual(["1000", "2099"]);
    expect(render(compileFilter(col("amount"), { filterType: "money", type: "equals", filter: "€ 3" })).params).toEqual(["300"]);
    expect(render(compileFilter(col("price4"), { filterType: "money", type: "equals", filter: "1,2345" })).params).toEqual(["12345"]);
    // a number filter on a currency column is read as money
    expect(render(compileFilter(col("amount"), { filterType: "number", type: "equals", filter: "2" })).params).toEqual(["200"]);
  });
  it("decimals and percentages are scaled integers", () => {
    expect(render(compileFilter(col("qty"), { filterType: "number", type: "equals", filter: "1,5" })).params).toEqual(["150"]);
    expect(render(compileFilter(col("rate"), { filterType: "number", type: "equals", filter: "22%" })).params).toEqual(["2200"]);
  });
  it("refuses non-numbers, fractions on integers and injection", () => {
    refused(() => compileFilter(col("id"), { filterType: "number", type: "equals", filter: "abc" }), /non è un numero/);
    refused(() => compileFilter(col("id"), { filterType: "number", type: "equals", filter: "1,5" }), /intero/);
    refused(() => compileFilter(col("id"), { filterType: "number", type: "equals", filter: "1; drop table users" }));
    refused(() => compileFilter(col("amount"), { filterType: "money", type: "equals", filter: "1e9" }));
    refused(() => compileFilter(col("amount"), { filterType: "money", type: "equals" }), /mancante/);
    refused(() => compileFilter(col("amount"), { filterType: "money", type: "inRange", filter: "1" }), /mancante/);
    refused(() => compileFilter(col("amount"), { filterType: "money", type: "equals", filter: "99999999999999999999" }), /fuori limite/);
  });
});

describe("date and time filters", () => {
  it("date columns compare ::date parameters", () => {
    expect(render(compileFilter(col("day"), { filterType: "date", type: "equals", dateFrom: "2024-03-05" }))).toEqual({ sql: "day = $1::date", params: ["2024-03-05"] });
    expect(render(compileFilter(col("day"), { filterType: "date", type: "lessOrEqual", dateFrom: "05/03/2024" })).sql).toBe("day <= $1::date");
    expect(render(compileFilter(col("day"), { filterType: "date", type: "greaterOrEqual", dateFrom: "2024-03-05 00:00:00" })).sql).toBe("day >= $1::date");
    expect(render(compileFilter(col("day"), { filterType: "date", type: "inRange", dateFrom: "2024-03-01", dateTo: "2024-03-31" })).params).toEqual(["2024-03-01", "2024-03-31"]);
  });
  it("datetime columns compare with Italian day bounds (the column stays bare for the index)", () => {
    const q = render(compileFilter(col("createdAt"), { filterType: "date", type: "inRange", dateFrom: "2024-03-01", dateTo: "2024-03-31" }));
    expect(q.sql).toBe(
      `("field_values"."created_at" >= ($1::timestamp at time zone 'Europe/Rome') and "field_values"."created_at" < ($2::timestamp at time zone 'Europe/Rome'))`,
    );
    expect(q.params).toEqual(["2024-03-01", "2024-04-01"]);
    expect(render(compileFilter(col("createdAt"), { filterType: "date", type: "equals", dateFrom: "2024-12-31" })).params).toEqual(["2024-12-31", "2025-01-01"]);
    expect(render(compileFilter(col("createdAt"), { filterType: "date", type: "lessOrEqual", dateFrom: "2024-02-28" })).params).toEqual(["2024-02-29"]);
    expect(render(compileFilter(col("createdAt"), { filterType: "date", type: "greaterOrEqual", dateFrom: "2024-02-28" })).params).toEqual(["2024-02-28"]);
  });
  it("refuses impossible dates, reversed ranges and text", () => {
    refused(() => compileFilter(col("day"), { filterType: "date", type: "equals", dateFrom: "31/02/2024" }), /non valida/);
    refused(() => compileFilter(col("day"), { filterType: "date", type: "equals", dateFrom: "2024-01-01'; --" }));
    refused(() => compileFilter(col("day"), { filterType: "date", type: "inRange", dateFrom: "2024-03-02", dateTo: "2024-03-01" }), /successiva/);
    refused(() => compileFilter(col("day"), { filterType: "date", type: "equals" }), /mancante/);
    expect(parseFilterDate("5/3/2024", "x")).toBe("2024-03-05");
  });
  it("time filters", () => {
    expect(render(compileFilter(col("at"), { filterType: "time", type: "equals", filter: "9:30" }))).toEqual({ sql: "at = $1::time", params: ["09:30"] });
    expect(render(compileFilter(col("at"), { filterType: "time", type: "lessOrEqual", filter: "10:00" })).sql).toBe("at <= $1::time");
    expect(render(compileFilter(col("at"), { filterType: "time", type: "greaterOrEqual", filter: "10:00" })).sql).toBe("at >= $1::time");
    expect(render(compileFilter(col("at"), { filterType: "time", type: "inRange", filter: "08:00", filterTo: "12:00" })).params).toEqual(["08:00", "12:00"]);
    refused(() => compileFilter(col("at"), { filterType: "time", type: "equals", filter: "25:00" }), /orario/);
  });
});

describe("boolean and entity filters", () => {
  it("boolean 1 / 0 (false includes null)", () => {
    expect(render(compileFilter(col("done"), { filterType: "boolean", type: "equals", filter: 1 })).sql).toBe("done = true");
    expect(render(compileFilter(col("done"), { filterType: "boolean", filter: "0" })).sql).toBe("(done is null or done = false)");
    refused(() => compileFilter(col("done"), { filterType: "boolean", filter: "2" }), /1 o 0/);
  });
  it("entity in / notIn over an id list (array or comma-joined)", () => {
    expect(render(compileFilter(col("contact"), { filterType: "entity", type: "in", values: [3, 5] }))).toEqual({ sql: "contact_id in ($1, $2)", params: [3, 5] });
    expect(render(compileFilter(col("contact"), { filterType: "entity", type: "in", filter: "3,5" })).params).toEqual([3, 5]);
    expect(render(compileFilter(col("contact"), { filterType: "entity", type: "notIn", values: "7" })).sql).toBe("(contact_id is null or not contact_id in ($1))");
    expect(render(compileFilter(col("contact"), { filterType: "entity", type: "in", values: [] })).sql).toBe("false");
    refused(() => compileFilter(col("contact"), { filterType: "entity", type: "in", values: ["1 or 1=1"] }), /identificativo/);
    refused(() => compileFilter(col("contact"), { filterType: "entity", type: "in", values: [-1] }));
  });
  it("entity text filters and search use the label", () => {
    expect(render(compileSearch(grid.columns, "x")).sql).toBe('("field_values"."field_value" ilike $1 or "field_values"."field_name" ilike $2)');
  });
});

describe("type and operator whitelist", () => {
  it("refuses unknown operators and mismatched filter types", () => {
    refused(() => compileFilter(col("name"), { filterType: "text", type: "regex", filter: "a" }), /Operatore/);
    refused(() => compileFilter(col("name"), { filterType: "number", type: "equals", filter: "1" }), /Tipo di filtro/);
    refused(() => compileFilter(col("id"), { filterType: "text", type: "contains", filter: "1" }), /Tipo di filtro/);
    refused(() => compileFilter(col("done"), { filterType: "boolean", type: "in", filter: "1" }), /Operatore/);
    refused(() => compileFilter(col("meta"), { filterType: "text", filter: "a" }), /non è filtrabile/);
    refused(() => compileFilter(col("name"), "contains"));
    refused(() => compileFilter(col("name"), [1]));
    refused(() => compileFilter(col("name"), { filterType: "text", type: "contains", filter: { $ne: 1 } }));
  });
});

describe("global search", () => {
  it("every word must match some searchable column", () => {
    const q = render(compileSearch(grid.columns, "  ing  rossi "));
    expect(q.params).toEqual(["%ing%", "%ing%", "%rossi%", "%rossi%"]);
    expect(q.sql.match(/ilike/g)?.length).toBe(4);
    expect(compileSearch(grid.columns, "   ")).toBeUndefined();
  });
});

describe("request parsing", () => {
  const base = { fieldName: "title" };
  it("defaults: startRow 0, limit 50, default sort plus id tie-breaker, all columns", () => {
    const r = parseGridRequest(grid, base);
    expect(r).toMatchObject({ startRow: 0, limit: 50, countMode: "auto", sort: [{ colId: "name", sort: "asc" }] });
    expect(r.columns.length).toBe(grid.columns.length);
    expect(r.orderBy.map((o) => render(o).sql)).toEqual(['lower("field_values"."field_value") asc', '"field_values"."id" asc']);
  });
  it("sortModel, columns, limit, count=0, offset alias and search", () => {
    const r = parseGridRequest(grid, {
      sortModel: JSON.stringify([{ colId: "contact", sort: "desc" }, { colId: "id", sort: "asc" }]),
      columns: "name,amount,rowColor",
      limit: "1000",
      offset: "100",
      count: "0",
      search: "abc",
    });
    expect(r.orderBy.map((o) => render(o).sql)).toEqual(["lower(contact_name) desc", '"field_values"."id" asc']);
    expect(r.columns.map((c) => c.field)).toEqual(["name", "amount"]);
    expect(r).toMatchObject({ startRow: 100, limit: 1000, countMode: "none", search: "abc" });
  });
  it("the globalSearch pseudo-column of filterModel is the search", () => {
    expect(parseGridRequest(grid, { filterModel: JSON.stringify({ globalSearch: { filterType: "text", filter: "zz" } }) }).search).toBe("zz");
  });
  it("injection attempts and malformed input are 400", () => {
    const bads: Record<string, string>[] = [
      { sortModel: JSON.stringify([{ colId: "field_value; drop table users", sort: "asc" }]) },
      { sortModel: JSON.stringify([{ colId: "name", sort: "asc; delete from users" }]) },
      { sortModel: JSON.stringify([{ colId: "meta", sort: "asc" }]) },
      { sortModel: JSON.stringify({ colId: "name" }) },
      { sortModel: "[{" },
      { filterModel: JSON.stringify({ "name) or 1=1 --": { filterType: "text", filter: "a" } }) },
      { filterModel: JSON.stringify({ __proto__x: { filterType: "text", filter: "a" } }) },
      { filterModel: JSON.stringify([]) },
      { filterModel: "{bad json" },
      { filterModel: JSON.stringify({ globalSearch: { filter: 3 } }) },
      { columns: "name,(select password from users)" },
      { columns: "name,tenant_id" },
      { limit: "1001" },
      { limit: "0" },
      { limit: "-1" },
      { startRow: "1e3" },
      { startRow: "abc" },
      { addedParams: "[1]" },
      { addedParams: "{" },
      { search: "x".repeat(201) },
    ];
    for (const b of bads) refused(() => parseGridRequest(grid, b));
  });
  it("grid params are validated with the grid's schema (400 with its message)", async () => {
    const { fieldValuesGrid } = await import("@/db/queries/field-values");
    refused(() => parseGridRequest(fieldValuesGrid, {}), /fieldName/);
    refused(() => parseGridRequest(fieldValuesGrid, { fieldName: "a'b" }), /fieldName/);
    expect(parseGridRequest(fieldValuesGrid, { fieldName: "title" }).params).toEqual({ fieldName: "title" });
    expect(parseGridRequest(fieldValuesGrid, { addedParams: JSON.stringify({ fieldName: "x" }) }).params).toEqual({ fieldName: "x" });
  });
});
