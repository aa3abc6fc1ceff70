import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { TenantScope } from "@/db/scope";
import { fieldValues } from "@/db/schema";
import { BadRequestError } from "@/lib/errors";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { defineGrid, type GridColumn } from "./define";
import { listGrid } from "./list";
import { queryTotals } from "./totals";
import { parseGridRequest } from "./request";

// Footer totals on a real database: the embedded one, and the server when DATABASE_URL is set.
// The field values table with expression columns standing in for money and quantities (no grid of
// the app declares totals yet: document grids will).
const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

const fv = fieldValues;
const columns: GridColumn[] = [
  { field: "id", header: "Id", type: "integer", sql: fv.id },
  { field: "name", header: "Nome", type: "text", sql: fv.fieldValue, searchable: true },
  // cents: length × 1000 + 50 → "abc" = 3050 (30,50 €)
  { field: "amount", header: "Importo", type: "currency", sql: sql`(length(${fv.fieldValue}) * 1000 + 50)::bigint` },
  { field: "quantity", header: "Quantità", type: "integer", sql: sql`length(${fv.fieldValue})` },
  { field: "rate", header: "Aliquota", type: "percentage", sql: sql`(length(${fv.fieldValue}) * 100)::bigint` },
];
const base = { table: fv, defaultSort: [{ colId: "name", sort: "asc" as const }], baseWhere: () => eq(fv.fieldName, "t"), columns };

const grid = defineGrid({
  ...base,
  name: "totals",
  totals: [
    "amount",
    "quantity",
    // any aggregate: the average rate (null over no rows)
    { field: "rate", sql: sql`round(avg(length(${fv.fieldValue}) * 100))` },
  ],
});
const plain = defineGrid({ ...base, name: "no-totals" });

describe("totals declarations", () => {
  it("name numeric columns of the grid, once each", () => {
    expect(grid.totals.map((t) => t.field)).toEqual(["amount", "quantity", "rate"]);
    expect(plain.totals).toEqual([]);
    expect(() => defineGrid({ ...base, name: "x", totals: ["missing"] })).toThrow('grid x: totale su colonna sconosciuta "missing"');
    expect(() => defineGrid({ ...base, name: "x", totals: ["name"] })).toThrow('grid x: totale su colonna non numerica "name"');
    expect(() => defineGrid({ ...base, name: "x", totals: ["amount", { field: "amount", sql: sql`1` }] })).toThrow('grid x: totale "amount" ripetuto');
  });

  it("totals=1 or 0 (or absent) in the query; anything else is a 400", () => {
    expect(parseGridRequest(grid, { totals: "1" }).withTotals).toBe(true);
    expect(parseGridRequest(grid, { totals: "0" }).withTotals).toBe(false);
    expect(parseGridRequest(grid, {}).withTotals).toBe(false);
    expect(() => parseGridRequest(grid, { totals: "sì" })).toThrow(BadRequestError);
  });
});

describe.each(kinds)("grid totals on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let scope: TenantScope;
  let other: TenantScope;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "totals");
    database = await tdb.open();
    const a = await createTenantWithAdmin(database.db, { denomination: "A", email: "ta@example.it", firstName: "A", lastName: "A", password: "abc12345" });
    const b = await createTenantWithAdmin(database.db, { denomination: "B", email: "tb@example.it", firstName: "B", lastName: "B", password: "abc12345" });
    scope = new TenantScope(database.db, a.tenant.id);
    other = new TenantScope(database.db, b.tenant.id);
    for (const v of ["ab", "abc", "abcd", "abcde", "abcdef"]) await scope.insert(fv, { fieldName: "t", fieldValue: v });
    // outside the grid's baseWhere, and another tenant's rows in the same list
    await scope.insert(fv, { fieldName: "x", fieldValue: "altra lista" });
    await other.insert(fv, { fieldName: "t", fieldValue: "abcdefghij" });
    await other.insert(fv, { fieldName: "t", fieldValue: "abcdefghijk" });
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  const totals = (query: Record<string, string> = {}, s = scope) => queryTotals(s, grid, parseGridRequest(grid, query));

  it("sum the whole set of the tenant (baseWhere applied), numbers in the JSON contract", async () => {
    // 2050 + 3050 + 4050 + 5050 + 6050; 2+3+4+5+6; avg(200..600)
    expect(await totals()).toEqual({ amount: 20250, quantity: 20, rate: 400 });
    // the other tenant sees only its own rows
    expect(await totals({}, other)).toEqual({ amount: 10050 + 11050, quantity: 21, rate: 1050 });
  });

  it("follow the filters and the search of the list, not the page", async () => {
    const filterModel = JSON.stringify({ amount: { filterType: "money", type: "lessOrEqual", filter: "40,50" } });
    expect(await totals({ filterModel })).toEqual({ amount: 2050 + 3050 + 4050, quantity: 9, rate: 300 });
    expect(await totals({ filterModel, startRow: "1", limit: "1" })).toEqual({ amount: 9150, quantity: 9, rate: 300 });
    expect(await totals({ search: "abcde" })).toEqual({ amount: 5050 + 6050, quantity: 11, rate: 550 });
  });

  it("an empty set sums to 0 (the average has no value)", async () => {
    expect(await totals({ search: "nessuno" })).toEqual({ amount: 0, quantity: 0, rate: null });
  });

  it("listGrid returns them with totals=1 or for the server's first block, never for later blocks", async () => {
    const filterModel = JSON.stringify({ quantity: { filterType: "number", type: "greaterOrEqual", filter: "5" } });
    const asked = await listGrid(scope, grid, { filterModel, totals: "1" });
    expect(asked.data.map((r) => r.name)).toEqual(["abcde", "abcdef"]);
    expect(asked.totals).toEqual({ amount: 11100, quantity: 11, rate: 550 });
    expect(asked.gridData.totals).toEqual(["amount", "quantity", "rate"]);
    const later = await listGrid(scope, grid, { filterModel, startRow: "50", count: "0" });
    expect(later.totals).toBeUndefined();
    expect(Object.keys(later)).not.toContain("totals");
    expect((await listGrid(scope, grid, {}, { totals: true })).totals).toEqual({ amount: 20250, quantity: 20, rate: 400 });
  });

  it("a grid without totals ignores totals=1 and keeps its response shape", async () => {
    const page = await listGrid(scope, plain, { totals: "1" }, { totals: true });
    expect(Object.keys(page).sort()).toEqual(["count", "countExact", "data", "gridData", "offset", "startRow"]);
    expect(Object.keys(page.gridData).sort()).toEqual(["columns", "defaultSort", "name"]);
    expect(await queryTotals(scope, plain, parseGridRequest(plain, {}))).toEqual({});
  });
});
