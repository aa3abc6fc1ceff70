/**
 * The session cache without a live notification channel (LISTEN connection down, or pings not coming
 * back in time): every call reads the session row, so the row itself must carry the activity, or an
 * active session would end as idle after 8 hours.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, useDatabase, type Database } from "@/db/client";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { createSession } from "@/db/queries/sessions";
import { sessions } from "@/db/schema";
import { getSessionUser } from "./session-cache";

describe("session cache with its notification channel down", () => {
  let database: Database;
  let admin: { id: number; tenantId: number };

  beforeAll(async () => {
    const real = await openDatabase({ url: "", dataDir: "memory://" });
    // the channel never connects: no ping ever comes back, so nothing is cached
    database = { ...real, listen: () => new Promise<void>(() => {}) };
    useDatabase(database);
    ({ admin } = await createTenantWithAdmin(database.db, { denomination: "C", email: "cache@example.it", firstName: "C", lastName: "C", password: "abc12345" }));
  });
  afterAll(async () => {
    await database.close();
  });

  it("activity is written to the row, so a session read afresh on every call stays alive until its absolute end", async () => {
    const sid = await createSession(database.db, admin);
    const now = Date.now();
    expect(await getSessionUser(sid, now + 7 * 3600_000)).not.toBeNull();
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row!.lastSeenAt.getTime()).toBe(now + 7 * 3600_000);
    expect(await getSessionUser(sid, now + 11 * 3600_000 + 58 * 60_000)).not.toBeNull();
    expect(await getSessionUser(sid, now + 12 * 3600_000 + 60_000)).toBeNull();
    const [ended] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(ended!.revokedReason).toBe("expired");
  });
});
