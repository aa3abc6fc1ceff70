/**
 * The nightly restore of the public demo (issue 29): every visitor may change the demo tenant's data, so each night
 * its business data are deleted (db/queries/tenant-cleanup.ts) and its seed runs again (db/seed.ts seedDemoTenant,
 * dated from that day), in one transaction: a failing seed leaves yesterday's demo in place. The tenant row, its
 * users and their passwords, sessions, the outbox and the audit log stay as they are.
 *
 * Scheduled with pg-boss's cron on the reminders' pg-boss (db/jobs/todo-reminders-worker.ts), so exactly once
 * across instances (db/jobs/cron-job.ts). DEMO_RESTORE_CRON (default "0 3 * * *", Europe/Rome
 * time) sets the hour; "off" removes the schedule. On the embedded PGlite there is no pg-boss and no nightly restore
 * (a development database: `npm run db:seed` on a fresh one does the same).
 */
import "server-only";
import { eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Db } from "@/db/client";
import { deleteTenantBusinessData } from "@/db/queries/tenant-cleanup";
import { tenants } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import { seedDemoTenant } from "@/db/seed";
import { todayInRome } from "@/lib/rome-time";
import { cronSetting, registerCronJob } from "./cron-job";

export const DEMO_RESTORE_QUEUE = "demo-restore";
export const DEMO_RESTORE_DEFAULT_CRON = "0 3 * * *";
/** The schedule's cron expression (DEMO_RESTORE_CRON), or null when the restore is turned off. */
export function demoRestoreCron(env: Record<string, string | undefined> = process.env): string | null {
  return cronSetting(env.DEMO_RESTORE_CRON, DEMO_RESTORE_DEFAULT_CRON);
}

/**
 * Empties the demo tenant and seeds it again as of `today`; null when the database has no demo tenant (a deployment
 * without the public demo: the seed would create one). Returns the rows deleted per table.
 */
export async function restoreDemoTenant(db: Db, { today = todayInRome() }: { today?: string } = {}): Promise<{ tenantId: number; deleted: Record<string, number> } | null> {
  const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.demo, true)).orderBy(tenants.id).limit(1);
  if (!demo) return null;
  return db.transaction(async (tx0) => {
    const tx = tx0 as unknown as Db;
    const deleted = await deleteTenantBusinessData(new TenantScope(tx, demo.id));
    await seedDemoTenant(tx, { today });
    return { tenantId: demo.id, deleted };
  });
}

/** The queue, its worker and the nightly schedule on `boss` (db/jobs/cron-job.ts). */
export async function registerDemoRestore(boss: PgBoss, db: Db, ensureQueue: (name: string) => Promise<void>, env: Record<string, string | undefined> = process.env): Promise<void> {
  await registerCronJob(boss, ensureQueue, DEMO_RESTORE_QUEUE, demoRestoreCron(env), async () => {
    const restored = await restoreDemoTenant(db);
    if (restored) console.log(`[demo] dati dimostrativi ripristinati (azienda ${restored.tenantId})`);
  });
}
