/**
 * The audit log's 12-month purge as a scheduled job (issue 29): on PostgreSQL every instance registers the same daily
 * schedule (one row of pg-boss), and a job of the queue deletes the old events; AUDIT_PURGE_CRON sets the hour.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { startPgBossReminders, type ReminderWorker } from "@/db/jobs/todo-reminders-worker";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { recordAuditEvent } from "@/db/queries/audit-events";
import { auditEvents } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { AUDIT_PURGE_QUEUE, auditPurgeCron, auditPurgeDue } from "./audit-purge";

it("AUDIT_PURGE_CRON: 03:30 by default, another hour, or off; the embedded runner purges once a day", () => {
  expect(auditPurgeCron({})).toBe("30 3 * * *");
  expect(auditPurgeCron({ AUDIT_PURGE_CRON: "0 4 * * *" })).toBe("0 4 * * *");
  expect(auditPurgeCron({ AUDIT_PURGE_CRON: "off" })).toBeNull();
  expect(auditPurgeDue(undefined, 1_000)).toBe(true);
  expect(auditPurgeDue(1_000, 1_000 + 23 * 3600_000)).toBe(false);
  expect(auditPurgeDue(1_000, 1_000 + 24 * 3600_000)).toBe(true);
});

describe.runIf(process.env.DATABASE_URL)("the audit purge job on postgres", () => {
  let tdb: TestDatabase;
  let database: Database;
  let workers: ReminderWorker[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase("postgres", "auditpurge");
    database = await tdb.open();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await database?.close();
    await tdb?.drop();
  });

  it("every instance registers the schedule: one row, 03:30 Rome time; a job of the queue deletes the old events", async () => {
    const { tenant } = await createTenantWithAdmin(database.db, { denomination: "Purga S.r.l.", email: "purga@example.it", firstName: "P", lastName: "P", password: "abc12345" });
    await recordAuditEvent(database.db, { tenantId: tenant.id, event: "logout", detail: "vecchio" });
    await recordAuditEvent(database.db, { tenantId: tenant.id, event: "logout", detail: "recente" });
    await database.db.update(auditEvents).set({ createdAt: sql`now() - interval '13 months'` as never }).where(eq(auditEvents.detail, "vecchio"));

    const second = await tdb.open();
    try {
      const url = tdb.env.DATABASE_URL!;
      workers = await Promise.all([database, second].map((d) => startPgBossReminders(url, d.db, { tick: false, pollingIntervalSeconds: 0.5 })));
      const schedules = (await workers[0]!.boss!.getSchedules()).filter((s) => s.name === AUDIT_PURGE_QUEUE);
      expect(schedules.map((s) => [s.name, s.cron, s.options?.tz])).toEqual([[AUDIT_PURGE_QUEUE, "30 3 * * *", "Europe/Rome"]]);

      await workers[1]!.boss!.send(AUDIT_PURGE_QUEUE, {});
      const details = async () => (await database.db.select({ d: auditEvents.detail }).from(auditEvents).where(eq(auditEvents.tenantId, tenant.id))).map((r) => r.d);
      await expect.poll(details, { timeout: 60_000, interval: 500 }).toEqual(["recente"]);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      workers = [];
      await second.close();
    }
  }, 180_000);
});
