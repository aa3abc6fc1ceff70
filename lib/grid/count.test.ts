/**
 * The list count through each of its paths (lib/grid/query.ts queryGrid): the page carrying its count
 * on a small table, a short page settling it, count=exact, the empty page past the end, and a table
 * above SMALL_TABLE_ROWS, where the planner's estimate comes first. The answers must not depend on
 * the path.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { TenantScope } from "@/db/scope";
import { fieldValues } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { defineGrid } from "./define";
import { listGrid } from "./list";
import { EXACT_COUNT_CAP, SMALL_TABLE_ROWS } from "./query";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

const fv = fieldValues;
const grid = defineGrid<{ fieldName: string }>({
  name: "count-paths",
  table: fv,
  defaultSort: [{ colId: "value", sort: "asc" }],
  baseWhere: (p) => eq(fv.fieldName, p.fieldName),
  columns: [
    { field: "id", header: "Id", type: "integer", sql: fv.id },
    { field: "value", header: "Valore", type: "text", sql: fv.fieldValue, searchable: true },
  ],
});

describe.each(kinds)("list counts on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let scope: TenantScope;

  const seed = (tenantId: number, list: string, n: number) =>
    database.db.execute(
      sql`insert into field_values (tenant_id, field_name, field_value) select ${tenantId}, ${list}, 'v' || lpad(g::text, 6, '0') from generate_series(1, ${n}::int) g`,
    );
  const list = (params: Record<string, string>) => listGrid(scope, grid, params);
  /** The call's answer and how many statements it sent. */
  const counted = async (params: Record<string, string>) => {
    const spy = vi.spyOn(database.db, "execute");
    try {
      const page = await list(params);
      return { page, statements: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  };

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "count");
    database = await tdb.open();
    const a = await createTenantWithAdmin(database.db, { denomination: "A", email: "ca@example.it", firstName: "A", lastName: "A", password: "abc12345" });
    const b = await createTenantWithAdmin(database.db, { denomination: "B", email: "cb@example.it", firstName: "B", lastName: "B", password: "abc12345" });
    scope = new TenantScope(database.db, a.tenant.id);
    await seed(a.tenant.id, "small", 120);
    await seed(a.tenant.id, "capped", EXACT_COUNT_CAP + 500);
    await seed(b.tenant.id, "other", 300);
    await database.db.execute(sql`analyze field_values`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it("a small table: the page carries the exact count, a short page settles it, count=exact agrees", async () => {
    const { page: first, statements } = await counted({ fieldName: "small", limit: "50" });
    expect(first.data).toHaveLength(50);
    expect([first.count, first.countExact]).toEqual([120, true]);
    expect(statements).toBe(1);
    const last = await list({ fieldName: "small", limit: "50", startRow: "100" });
    expect(last.data).toHaveLength(20);
    expect([last.count, last.countExact]).toEqual([120, true]);
    const exact = await list({ fieldName: "small", limit: "1", count: "exact" });
    expect([exact.count, exact.countExact]).toEqual([120, true]);
    const none = await list({ fieldName: "small", limit: "50", count: "0" });
    expect(none.count).toBeNull();
  });

  it("past the end and empty sets still count", async () => {
    const past = await list({ fieldName: "small", limit: "50", startRow: "500" });
    expect(past.data).toHaveLength(0);
    expect([past.count, past.countExact]).toEqual([120, true]);
    const empty = await list({ fieldName: "nessuna", limit: "50" });
    expect([empty.count, empty.countExact]).toEqual([0, true]);
    const search = await list({ fieldName: "small", limit: "50", search: "v00011" });
    expect(search.data.map((r) => r.value)).toEqual(["v000110", "v000111", "v000112", "v000113", "v000114", "v000115", "v000116", "v000117", "v000118", "v000119"]);
    expect(search.count).toBe(10);
  });

  it("beyond the cap the count is the planner's figure (countExact false); count=exact counts", async () => {
    const capped = await list({ fieldName: "capped", limit: "50" });
    expect(capped.countExact).toBe(false);
    expect(capped.count!).toBeGreaterThan(EXACT_COUNT_CAP);
    const exact = await list({ fieldName: "capped", limit: "1", count: "exact" });
    expect([exact.count, exact.countExact]).toEqual([EXACT_COUNT_CAP + 500, true]);
  });

  it("a table above SMALL_TABLE_ROWS asks the planner first, with the same answers", async () => {
    const other = await database.db.execute(sql`select tenant_id from field_values where field_name = 'other' limit 1`);
    const otherTenant = Number(((Array.isArray(other) ? other : (other as { rows: unknown[] }).rows) as { tenant_id: number }[])[0]!.tenant_id);
    await seed(otherTenant, "bulk", SMALL_TABLE_ROWS + 5000);
    await database.db.execute(sql`analyze field_values`);
    const { page: first, statements } = await counted({ fieldName: "small", limit: "50" });
    expect([first.count, first.countExact]).toEqual([120, true]);
    // page (carrying a null count), the planner's estimate, the capped count
    expect(statements).toBe(3);
    const past = await list({ fieldName: "small", limit: "50", startRow: "500" });
    expect([past.count, past.countExact]).toEqual([120, true]);
    const capped = await list({ fieldName: "capped", limit: "50" });
    expect(capped.countExact).toBe(false);
    expect(capped.count!).toBeGreaterThan(EXACT_COUNT_CAP);
  }, 60_000);
});
