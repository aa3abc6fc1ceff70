import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { lockCounter, setCounter, takeNext } from "./counters";
import { createTenantWithAdmin } from "./queries/accounts";
import { TenantScope } from "./scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("counters on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "cnt");
    database = await tdb.open();
    a = new TenantScope(database.db, (await createTenantWithAdmin(database.db, { denomination: "A", email: `ca-${kind}@example.it`, firstName: "A", lastName: "A", password: "abc12345" })).tenant.id);
    b = new TenantScope(database.db, (await createTenantWithAdmin(database.db, { denomination: "B", email: `cb-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" })).tenant.id);
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("numbers each series of each tenant from 1; a rolled-back transaction gives its number back", async () => {
    expect(await a.transaction((tx) => takeNext(tx, "activity"))).toBe(1);
    expect(await a.transaction((tx) => takeNext(tx, "activity"))).toBe(2);
    expect(await b.transaction((tx) => takeNext(tx, "activity"))).toBe(1);
    expect(await a.transaction((tx) => takeNext(tx, "invoice:2026:1"))).toBe(1);
    await a.transaction(async (tx) => {
      await takeNext(tx, "activity");
      throw new Error("annullato");
    }).catch(() => {});
    expect(await a.transaction((tx) => takeNext(tx, "activity"))).toBe(3);
  });

  it("100 saves at once get 1..100, no gap, no duplicate", async () => {
    const numbers = await Promise.all(Array.from({ length: 100 }, () => a.transaction((tx) => takeNext(tx, "parallel"))));
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it("lockCounter reads the current number of a series and setCounter moves it", async () => {
    expect(await a.transaction((tx) => lockCounter(tx, "nuova"))).toBe(0);
    await a.transaction(async (tx) => {
      const n = await lockCounter(tx, "activity");
      await setCounter(tx, "activity", n - 1);
    });
    expect(await a.transaction((tx) => takeNext(tx, "activity"))).toBe(3);
    // the other tenant's series of the same key is its own row
    expect(await b.transaction((tx) => lockCounter(tx, "activity"))).toBe(1);
    await b.transaction((tx) => setCounter(tx, "activity", 7));
    expect(await a.transaction((tx) => lockCounter(tx, "activity"))).toBe(3);
  });

  it("refuses a malformed key", async () => {
    await expect(a.transaction((tx) => takeNext(tx, "Chiave con spazi"))).rejects.toThrow("chiave di contatore non valida");
  });
});
