import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { useDatabase, type Database } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { getSessionUser } from "@/lib/auth/session-cache";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import { createSession, revokeSession, revokeUserSessions } from "./sessions";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

/** Notifications arrive asynchronously: poll until `check` holds (or fail after 3 s). */
async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 3000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condizione non raggiunta in 3 s");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(kinds)("sessions and their cache on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let admin: { id: number; tenantId: number };

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "sess");
    database = await tdb.open();
    useDatabase(database);
    ({ admin } = await createTenantWithAdmin(database.db, { denomination: "S", email: `s-${kind}@example.it`, firstName: "S", lastName: "S", password: "abc12345" }));
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("a live session gives its user; a role change in the database shows on the next call", async () => {
    const sid = await createSession(database.db, admin);
    expect((await getSessionUser(sid))?.roles).toEqual(["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"]);
    await database.db.update(users).set({ roles: ["ROLE_USER"] }).where(eq(users.id, admin.id));
    await eventually(async () => (await getSessionUser(sid))?.roles.join() === "ROLE_USER");
    await database.db.update(users).set({ roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] }).where(eq(users.id, admin.id));
  });

  it("revoked, unknown and disabled sessions give no user", async () => {
    const sid = await createSession(database.db, admin);
    expect(await getSessionUser(sid)).not.toBeNull();
    await revokeSession(database.db, sid, "logout");
    await eventually(async () => (await getSessionUser(sid)) === null);
    expect(await getSessionUser("sconosciuta")).toBeNull();

    const other = await createSession(database.db, admin);
    expect(await getSessionUser(other)).not.toBeNull();
    await database.db.update(users).set({ disabled: true }).where(eq(users.id, admin.id));
    await eventually(async () => (await getSessionUser(other)) === null);
    await database.db.update(users).set({ disabled: false }).where(eq(users.id, admin.id));
  });

  it("activity keeps a session alive until its absolute end (12 h), then it expires", async () => {
    const sid = await createSession(database.db, admin);
    const now = Date.now();
    expect(await getSessionUser(sid, now + 7 * 3600_000)).not.toBeNull();
    expect(await getSessionUser(sid, now + 11 * 3600_000 + 58 * 60_000)).not.toBeNull();
    expect(await getSessionUser(sid, now + 12 * 3600_000 + 60_000)).toBeNull();
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row!.revokedReason).toBe("expired");
  });

  it("an idle gap over 8 h ends the session", async () => {
    const sid = await createSession(database.db, admin);
    const now = Date.now();
    expect(await getSessionUser(sid, now + 8 * 3600_000 + 60_000)).toBeNull();
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row!.revokedReason).toBe("idle");
  });

  it("revokeUserSessions keeps the session that asked", async () => {
    const keep = await createSession(database.db, admin);
    const gone = await createSession(database.db, admin);
    await getSessionUser(keep);
    await getSessionUser(gone);
    await revokeUserSessions(database.db, admin.id, "password", keep);
    // other processes learn it from the notification, delivered at commit
    await eventually(async () => (await getSessionUser(gone)) === null);
    expect(await getSessionUser(keep)).not.toBeNull();
  });
});
