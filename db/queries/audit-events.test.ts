/**
 * The audit log (issue 29) in the data layer: an event is written in the transaction of the change it records (both
 * committed, or both rolled back), a failed login against a known account is recorded in its tenant with the typed
 * address, and the 12-month purge deletes only older rows, of every tenant.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { auditEvents, tenants, users, type User } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { authenticate, createTenantWithAdmin } from "./accounts";
import { purgeOldAuditEvents, recordAuditEvent } from "./audit-events";
import { confirmOrderPayment, createOrder } from "./subscription-orders";
import { saveActualTenant } from "./tenant-settings";
import { updateUser } from "./users-admin";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

class Rollback extends Error {}

describe.each(kinds)("the audit log on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let n = 0;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "audit");
    database = await tdb.open();
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  /** A tenant, its admin (acting through the scope) and a plain user. */
  async function tenant() {
    n++;
    const { tenant: t, admin } = await createTenantWithAdmin(database.db, { denomination: `Audit ${n}`, email: `audit${n}-${kind}@example.it`, firstName: "Anna", lastName: "Admin", password: "prova1234" });
    const [user] = await database.db
      .insert(users)
      .values({ tenantId: t.id, username: `u${n}-${kind}@example.it`, email: `u${n}-${kind}@example.it`, firstName: "Ugo", lastName: "Utente", passwordHash: admin.passwordHash, roles: ["ROLE_USER"] })
      .returning();
    const scope = new TenantScope(database.db, t.id, { userId: admin.id, roles: admin.roles, address: "203.0.113.9" });
    return { tenantId: t.id, admin, user: user!, scope };
  }

  const eventsOf = (tenantId: number) => database.db.select().from(auditEvents).where(eq(auditEvents.tenantId, tenantId)).orderBy(auditEvents.id);
  const promote = (scope: TenantScope, admin: User, user: User) =>
    updateUser(scope, { id: admin.id, sessionId: "test", name: "Anna Admin", baseUrl: "http://localhost" }, user.id, { firstName: user.firstName, lastName: user.lastName, roles: ["ROLE_USER", "ROLE_DOCUMENT"], version: user.version });

  it("a role change commits with its event: the admin, the request's IP, the user's address and the roles", async () => {
    const { tenantId, admin, user, scope } = await tenant();
    await promote(scope, admin, user);
    const events = await eventsOf(tenantId);
    expect(events.map((e) => [e.event, e.userId, e.address, e.ip, e.detail])).toEqual([["role_changed", admin.id, user.email, "203.0.113.9", "Utente → Utente, Amministrazione"]]);
  });

  it("a role change rolled back leaves no event (same transaction)", async () => {
    const { tenantId, admin, user, scope } = await tenant();
    await expect(
      scope.transaction(async (tx) => {
        await promote(tx, admin, user);
        expect((await tx.list(auditEvents)).length).toBe(1);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await eventsOf(tenantId)).toEqual([]);
    const [after] = await database.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id));
    expect(after!.roles).toEqual(["ROLE_USER"]);
  });

  it("a settings save records the fields that changed, and rolls back with them", async () => {
    const { tenantId, scope } = await tenant();
    const [t] = await database.db.select().from(tenants).where(eq(tenants.id, tenantId));
    await expect(
      scope.transaction(async (tx) => {
        await saveActualTenant(tx, { version: t!.version, denomination: "Cambiata S.r.l.", city: t!.city } as never, null);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await eventsOf(tenantId)).toEqual([]);

    await saveActualTenant(scope, { version: t!.version, denomination: "Cambiata S.r.l.", city: t!.city } as never, null);
    expect((await eventsOf(tenantId)).map((e) => [e.event, e.detail])).toEqual([["settings_changed", "Ragione sociale"]]);
  });

  it("a failed login against a known address is recorded in its tenant with the typed address; an unknown address records nothing", async () => {
    const { tenantId, admin } = await tenant();
    const before = (await database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;
    expect((await authenticate(database.db, ` ${admin.email.toUpperCase()} `, "sbagliata1", "198.51.100.7")).ok).toBe(false);
    expect((await eventsOf(tenantId)).map((e) => [e.event, e.userId, e.address, e.ip])).toEqual([["login_failed", admin.id, admin.email, "198.51.100.7"]]);
    expect((await authenticate(database.db, `nessuno-${kind}@example.it`, "sbagliata1", "198.51.100.8")).ok).toBe(false);
    expect((await database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n).toBe(before + 1);
  });

  it("a licence confirmed by the operator is recorded in the buyer's log with the expiries and the operator's address", async () => {
    const { tenantId, scope } = await tenant();
    const billing = { denomination: "Audit S.r.l.", vat: "07654321012", fiscalCode: "", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", pec: "", sdiCode: "" };
    const order = await createOrder(scope, { subscriptionId: 4, billing });
    const { tenant: after } = await confirmOrderPayment(database.db, order.id, "operatore@example.it", "2026-11-27");
    const [event] = await eventsOf(tenantId);
    expect([event!.event, event!.userId, event!.address]).toEqual(["licence_changed", null, "operatore@example.it"]);
    expect(event!.detail).toContain(`al ${after.expireDate}`);
    expect(event!.detail).toContain(order.paymentReference);
  });

  it("the purge deletes every tenant's events older than 12 months, and only those", async () => {
    const a = await tenant();
    const b = await tenant();
    const now = new Date("2026-11-27T12:00:00Z");
    const at = (iso: string) => sql`${iso}::timestamptz`;
    for (const { tenantId } of [a, b]) {
      for (const [detail, when] of [
        ["13 mesi", "2025-10-27T12:00:00Z"],
        ["12 mesi e un'ora", "2025-11-27T11:00:00Z"],
        ["11 mesi", "2025-12-27T12:00:00Z"],
        ["oggi", "2026-11-27T11:00:00Z"],
      ] as const) {
        await recordAuditEvent(database.db, { tenantId, event: "logout", detail });
        await database.db.update(auditEvents).set({ createdAt: at(when) as never }).where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.detail, detail)));
      }
    }
    expect(await purgeOldAuditEvents(database.db, now)).toBeGreaterThanOrEqual(4);
    for (const { tenantId } of [a, b]) expect((await eventsOf(tenantId)).map((e) => e.detail)).toEqual(["11 mesi", "oggi"]);
  });
});
