import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { createTenantWithAdmin } from "./queries/accounts";
import { TenantScope } from "./scope";
import { users } from "./schema";
import { NotFoundError, StaleVersionError } from "@/lib/errors";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";

// The tenant-scoped data layer on a real database: the embedded one, and the server when DATABASE_URL is set.
const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("TenantScope on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let aAdminId: number;
  let bAdminId: number;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "scope");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: "a@example.it", firstName: "A", lastName: "A", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: "b@example.it", firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id);
    b = new TenantScope(database.db, tb.tenant.id);
    aAdminId = ta.admin.id;
    bAdminId = tb.admin.id;
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it("reads only its own tenant's rows", async () => {
    expect((await a.list(users)).map((u) => u.id)).toEqual([aAdminId]);
    expect(await a.count(users)).toBe(1);
    expect(await a.find(users, bAdminId)).toBeUndefined();
    await expect(a.getOrThrow(users, bAdminId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(a.getOrThrow(users, 2_147_483_648)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("cannot update or delete another tenant's row: 404, and the row is untouched", async () => {
    await expect(a.update(users, bAdminId, undefined, { firstName: "Hacked" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(a.delete(users, bAdminId)).rejects.toBeInstanceOf(NotFoundError);
    const row = await b.getOrThrow(users, bAdminId);
    expect(row.firstName).toBe("B");
  });

  it("insert always takes the scope's tenant, whatever the values say", async () => {
    const row = await a.insert(users, { username: "x@example.it", email: "x@example.it", tenantId: 999 } as never);
    expect(row.tenantId).toBe(a.tenantId);
    expect(await b.find(users, row.id)).toBeUndefined();
  });

  it("refuses a stale version with 409 and bumps the version on update", async () => {
    const before = await a.getOrThrow(users, aAdminId);
    const saved = await a.update(users, aAdminId, before.version, { firstName: "Uno" });
    expect(saved.version).toBe(before.version + 1);
    await expect(a.update(users, aAdminId, before.version, { firstName: "Due" })).rejects.toBeInstanceOf(StaleVersionError);
    const [row] = await database.db.select().from(users).where(eq(users.id, aAdminId));
    expect(row!.firstName).toBe("Uno");
  });

  it("inside a transaction find() reads a row once, and reads it again after any write to its table or through platform", async () => {
    await a.transaction(async (tx) => {
      const first = await tx.find(users, aAdminId);
      expect(await tx.find(users, aAdminId)).toBe(first);
      await tx.update(users, aAdminId, undefined, { lastName: "Dopo" });
      const after = await tx.find(users, aAdminId);
      expect(after).not.toBe(first);
      expect(after!.lastName).toBe("Dopo");
      void tx.platform; // anything may be written through it
      expect(await tx.find(users, aAdminId)).not.toBe(after);
      // another tenant's id is still nobody's
      expect(await tx.find(users, bAdminId)).toBeUndefined();
    });
    // outside a transaction every call reads
    expect(await a.find(users, aAdminId)).not.toBe(await a.find(users, aAdminId));
  });

  it("a select over a scoped subquery holds its joined tables to the scope's tenant, and takes no other subquery", async () => {
    // B's count through B's scope: 1 (its admin), whoever joins it
    const both = a.subquery(b.select({ n: sql<number>`count(*)`.as("n") }).from(users).where(), "both");
    // A's subquery asks for both admins: only A's comes out, and joined to users it stays A's
    const anyIds = sql`(values (${sql.raw(String(aAdminId))}), (${sql.raw(String(bAdminId))}))`;
    const pairs = a.subquery(a.select({ id: users.id }).from(users).where(sql`${users.id} in (select column1 from ${anyIds} v)`), "pairs");
    const seen = await a.select({ id: sql<number>`${users.id}`.mapWith(Number), n: sql<number>`${both.n}`.mapWith(Number) }).from(pairs).innerJoin(users, eq(users.id, pairs.id)).innerJoin(both, sql`true`).where();
    expect(seen).toEqual([{ id: aAdminId, n: 1 }]);
    // a join names B's admin by id: A's scope adds A's tenant to the joined table
    const direct = a.subquery(a.select({ one: sql<number>`1`.as("one") }).from(users).where(eq(users.id, aAdminId)), "one");
    const leaked = await a.select({ id: users.id }).from(direct).innerJoin(users, eq(users.id, bAdminId)).where();
    expect(leaked).toEqual([]);
    // a subquery not made by scope.subquery() is refused
    const foreign = database.db.select({ id: users.id }).from(users).as("foreign");
    expect(() => a.select({ id: sql`1` }).from(foreign).where()).toThrow(/sottoquery/);
  });

  it("wideRead plans its statements with the report's settings, and they end with its transaction", async () => {
    const settings = (s: TenantScope) =>
      s
        .select({
          pageCost: sql<string>`current_setting('random_page_cost')`,
          workers: sql<string>`current_setting('max_parallel_workers_per_gather')`,
          jit: sql<string>`current_setting('jit')`,
          n: sql<number>`count(*)`.mapWith(Number),
        })
        .from(users)
        .where();
    const [before] = await settings(a);
    expect(before!.pageCost).not.toBe("1.1");
    const [inside] = await a.wideRead((tx) => settings(tx));
    // still the scope's tenant: A's users, as counted outside
    expect(inside).toEqual({ pageCost: "1.1", workers: "0", jit: "off", n: before!.n });
    const [after] = await settings(a);
    expect(after).toEqual(before);
  });

  it("tenant row updates are versioned too", async () => {
    const t = await a.getTenant();
    await a.updateTenant(t.version, { phone: "051 1" });
    await expect(a.updateTenant(t.version, { phone: "051 2" })).rejects.toBeInstanceOf(StaleVersionError);
    expect((await a.getTenant()).phone).toBe("051 1");
    expect((await b.getTenant()).phone).toBe("");
  });
});
