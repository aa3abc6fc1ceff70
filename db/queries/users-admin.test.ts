import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { users, type Role, type User } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import { setUserDisabled, updateUser, USER_ADMIN_MESSAGES, type UserAdminActor } from "./users-admin";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

const actorOf = (u: User): UserAdminActor => ({ id: u.id, sessionId: "test", name: `${u.firstName} ${u.lastName}`, baseUrl: "http://localhost" });

/** The outcome of a save: "ok", or the refusal's status and message. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    if (e instanceof ApiError) return `${e.httpStatus} ${e.message}`;
    throw e;
  }
}

describe.each(kinds)("users administration rules on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let n = 0;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "usradm");
    database = await tdb.open();
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  /** A tenant with two admins who can log in (a password hash is all the rule looks at). */
  async function twoAdmins() {
    n++;
    const { tenant, admin: a } = await createTenantWithAdmin(database.db, { denomination: `T${n}`, email: `a${n}-${kind}@example.it`, firstName: "Anna", lastName: "Prima", password: "prova1234" });
    const [b] = await database.db
      .insert(users)
      .values({ tenantId: tenant.id, username: `b${n}-${kind}@example.it`, email: `b${n}-${kind}@example.it`, firstName: "Bruno", lastName: "Secondo", passwordHash: a.passwordHash, roles: ["ROLE_USER", "ROLE_ADMIN"] })
      .returning();
    return { scope: new TenantScope(database.db, tenant.id), a, b: b! };
  }

  async function activeAdmins(tenantId: number): Promise<number> {
    const rows = await database.db.select().from(users).where(eq(users.tenantId, tenantId));
    return rows.filter((u) => !u.disabled && u.passwordHash && u.roles.includes("ROLE_ADMIN")).length;
  }

  const demote = (scope: TenantScope, actor: User, target: User, roles: Role[] = ["ROLE_USER"]) =>
    updateUser(scope, actorOf(actor), target.id, { firstName: target.firstName, lastName: target.lastName, roles, version: target.version });

  it("two admins demoting each other at the same moment leave one admin", async () => {
    for (let round = 0; round < 5; round++) {
      const { scope, a, b } = await twoAdmins();
      const results = await Promise.all([outcome(demote(scope, a, b)), outcome(demote(scope, b, a))]);
      expect(results.sort()).toEqual([`409 ${USER_ADMIN_MESSAGES.lastAdmin}`, "ok"]);
      expect(await activeAdmins(scope.tenantId)).toBe(1);
    }
  });

  it("two admins disabling each other at the same moment leave one admin", async () => {
    for (let round = 0; round < 5; round++) {
      const { scope, a, b } = await twoAdmins();
      const results = await Promise.all([outcome(setUserDisabled(scope, actorOf(a), b.id, true)), outcome(setUserDisabled(scope, actorOf(b), a.id, true))]);
      expect(results.sort()).toEqual([`409 ${USER_ADMIN_MESSAGES.lastAdmin}`, "ok"]);
      expect(await activeAdmins(scope.tenantId)).toBe(1);
    }
  });

  it("one demotes while the other disables: still one admin", async () => {
    const { scope, a, b } = await twoAdmins();
    const results = await Promise.all([outcome(demote(scope, a, b)), outcome(setUserDisabled(scope, actorOf(b), a.id, true))]);
    expect(results.sort()).toEqual([`409 ${USER_ADMIN_MESSAGES.lastAdmin}`, "ok"]);
    expect(await activeAdmins(scope.tenantId)).toBe(1);
  });

  it("an invited admin who has not chosen a password does not count", async () => {
    const { scope, a, b } = await twoAdmins();
    await database.db.update(users).set({ passwordHash: null }).where(eq(users.id, b.id));
    // b cannot log in: demoting a would leave nobody to administer the tenant (the rule holds whoever calls)
    expect(await outcome(demote(scope, b, a, ["ROLE_USER", "ROLE_DOCUMENT"]))).toBe(`409 ${USER_ADMIN_MESSAGES.lastAdmin}`);
    expect(await outcome(demote(scope, a, a))).toBe(`400 Errore nella compilazione dei campi\n${USER_ADMIN_MESSAGES.ownAdminRole}`);
    expect(await outcome(setUserDisabled(scope, actorOf(a), a.id, true))).toBe(`400 ${USER_ADMIN_MESSAGES.disableSelf}`);
  });
});
