import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { hitRateLimit, peekRateLimit } from "./rate-limit";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

// on PostgreSQL (postgres-js) a Date inside a raw sql template used to fail every hit: logins and sign-ups answered 500
describe.each(kinds)("rate limits on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "rate");
    database = await tdb.open();
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it("counts hits in a window, exceeds past the limit and starts over when the window ends", async () => {
    const limit = { max: 2, windowSeconds: 60 };
    const t0 = Date.parse("2026-01-10T10:00:00Z");
    expect((await hitRateLimit(database.db, "k", limit, t0)).exceeded).toBe(false);
    expect((await hitRateLimit(database.db, "k", limit, t0 + 1000)).hits).toBe(2);
    const third = await hitRateLimit(database.db, "k", limit, t0 + 2000);
    expect([third.hits, third.exceeded, third.retryAfter]).toEqual([3, true, 58]);
    expect((await peekRateLimit(database.db, "k", limit, t0 + 3000)).hits).toBe(3);
    const later = await hitRateLimit(database.db, "k", limit, t0 + 61_000);
    expect([later.hits, later.exceeded]).toEqual([1, false]);
  });
});
