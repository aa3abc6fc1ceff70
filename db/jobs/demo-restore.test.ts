/**
 * The nightly demo restore (issue 29): a visitor's changes to the demo tenant are gone after the job's handler runs
 * (the seeded state back, table by table and record by record), the demo's users keep their ids and passwords,
 * another tenant is not touched; a database without a demo tenant gets none. On PostgreSQL: the schedule that every
 * instance registers is one row of pg-boss, and a job of the queue runs the restore.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { startPgBossReminders, type ReminderWorker } from "@/db/jobs/todo-reminders-worker";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { contactEntity } from "@/db/queries/contacts";
import { contacts, tenants, todos, users } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import { rawRows } from "@/lib/grid/query";
import { todayInRome } from "@/lib/rome-time";
import { contactSchema } from "@/lib/schemas/contact";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createSeededDatabase } from "@/tests/support/server";
import { DEMO_RESTORE_QUEUE, demoRestoreCron, restoreDemoTenant } from "./demo-restore";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);
const TODAY = todayInRome();
const ROLES = ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] as const;

/** What a tenant holds: its rows per table carrying tenant_id, and the records a visitor sees, without their ids. */
async function contentOf(database: Database, tenantId: number) {
  const tables = (await rawRows(database.db, sql`select table_name as t from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id' order by 1`)).map((r) => String(r.t));
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await rawRows(database.db, sql`select count(*)::int as n from ${sql.identifier(t)} where tenant_id = ${tenantId}`);
    counts[t] = Number(row!.n);
  }
  const records = await rawRows(
    database.db,
    sql`select
      (select coalesce(array_agg(name order by name), '{}') from contacts where tenant_id = ${tenantId}) as contacts,
      (select coalesce(array_agg(kind || ' ' || coalesce(number::text, '-') || ' ' || date || ' ' || state order by kind, date, number), '{}') from documents where tenant_id = ${tenantId}) as documents,
      (select coalesce(array_agg(title order by title), '{}') from todos where tenant_id = ${tenantId}) as todos`,
  );
  return { counts, records: records[0] };
}

describe.each(kinds)("the nightly demo restore on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let demoId: number;
  let demo: TenantScope;
  let seeded: Awaited<ReturnType<typeof contentOf>>;
  let otherTenant: number;

  beforeAll(async () => {
    // a copy of the seeded template (seedDemoData as of today, the database every test server starts from)
    tdb = await createSeededDatabase(kind, "demorestore");
    database = await tdb.open();
    demoId = (await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.demo, true)))[0]!.id;
    demo = new TenantScope(database.db, demoId, { userId: 0, roles: ROLES });
    const other = await createTenantWithAdmin(database.db, { denomination: "Altra S.r.l.", email: `altra-${kind}@example.it`, firstName: "Aldo", lastName: "Altri", password: "abc12345" });
    otherTenant = other.tenant.id;
    await contactEntity.create(new TenantScope(database.db, otherTenant), contactSchema.parse({ kind: "COMPANY", companyName: "Cliente dell'altra", isCustomer: true }));
    seeded = await contentOf(database, demoId);
  }, 300_000);

  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  /** A visitor's day on the demo: a new contact, a renamed one, the to-dos gone. */
  async function changeDemoData() {
    await contactEntity.create(demo, contactSchema.parse({ kind: "COMPANY", companyName: "Visitatore S.r.l.", isCustomer: true }));
    await database.db.update(contacts).set({ companyName: "Rinominato" }).where(and(eq(contacts.tenantId, demoId), eq(contacts.id, (await database.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.tenantId, demoId)).limit(1))[0]!.id)));
    await database.db.delete(todos).where(eq(todos.tenantId, demoId));
    expect(await contentOf(database, demoId)).not.toEqual(seeded);
  }

  it("the handler brings the seeded demo back; users, passwords and the other tenant stay", async () => {
    expect(seeded.counts.documents).toBeGreaterThan(0);
    expect(seeded.counts.todos).toBeGreaterThan(0);
    const usersBefore = await database.db.select({ id: users.id, username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.tenantId, demoId)).orderBy(users.id);
    const otherBefore = await contentOf(database, otherTenant);
    await changeDemoData();

    const restored = await restoreDemoTenant(database.db, { today: TODAY });
    expect(restored?.tenantId).toBe(demoId);
    expect(restored!.deleted.contacts).toBe(seeded.counts.contacts! + 1);
    expect(await contentOf(database, demoId)).toEqual(seeded);
    expect(await database.db.select({ id: users.id, username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.tenantId, demoId)).orderBy(users.id)).toEqual(usersBefore);
    expect(await contentOf(database, otherTenant)).toEqual(otherBefore);

    // twice in a row: the same demo again
    await restoreDemoTenant(database.db, { today: TODAY });
    expect(await contentOf(database, demoId)).toEqual(seeded);
  }, 300_000);

  it("a database without the demo tenant gets none", async () => {
    const other = await createTestDatabase(kind, "nodemo");
    const opened = await other.open();
    try {
      await createTenantWithAdmin(opened.db, { denomination: "Sola S.r.l.", email: `sola-${kind}@example.it`, firstName: "Sara", lastName: "Sola", password: "abc12345" });
      expect(await restoreDemoTenant(opened.db, { today: TODAY })).toBeNull();
      expect((await opened.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.demo, true))).length).toBe(0);
    } finally {
      await opened.close();
      await other.drop();
    }
  }, 120_000);

  it("DEMO_RESTORE_CRON: 03:00 by default, another hour, or off", () => {
    expect(demoRestoreCron({})).toBe("0 3 * * *");
    expect(demoRestoreCron({ DEMO_RESTORE_CRON: "30 4 * * *" })).toBe("30 4 * * *");
    expect(demoRestoreCron({ DEMO_RESTORE_CRON: "off" })).toBeNull();
  });

  describe.runIf(kind === "postgres")("pg-boss", () => {
    let workers: ReminderWorker[] = [];
    afterAll(async () => {
      await Promise.all(workers.map((w) => w.stop()));
    });

    it("every instance registers the schedule: one row, 03:00 Rome time; a job of the queue restores the demo", async () => {
      const url = tdb.env.DATABASE_URL!;
      const second = await tdb.open();
      try {
        workers = await Promise.all([database, second, database].map((d) => startPgBossReminders(url, d.db, { tick: false, pollingIntervalSeconds: 0.5 })));
        const schedules = (await workers[0]!.boss!.getSchedules()).filter((s) => s.name === DEMO_RESTORE_QUEUE);
        expect(schedules.map((s) => [s.name, s.cron, s.options?.tz])).toEqual([[DEMO_RESTORE_QUEUE, "0 3 * * *", "Europe/Rome"]]);

        await changeDemoData();
        await workers[1]!.boss!.send(DEMO_RESTORE_QUEUE, {});
        await expect.poll(async () => (await contentOf(database, demoId)).records, { timeout: 120_000, interval: 1_000 }).toEqual(seeded.records);
        expect(await contentOf(database, demoId)).toEqual(seeded);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        workers = [];
        await second.close();
      }
    }, 300_000);
  });
});
