/**
 * The audit log is kept 12 months (issue 29): once a day every tenant's older events are deleted
 * (db/queries/audit-events.ts purgeOldAuditEvents, one statement).
 *
 * Scheduled like the nightly demo restore, with pg-boss's cron on the reminders' pg-boss, so exactly once across
 * instances (db/jobs/cron-job.ts). AUDIT_PURGE_CRON (default "30 3 * * *",
 * Europe/Rome time) sets the hour; "off" removes the schedule. On the embedded PGlite (one process) the reminders'
 * interval runner calls the purge at most once a day instead.
 */
import "server-only";
import type PgBoss from "pg-boss";
import type { Db } from "@/db/client";
import { purgeOldAuditEvents } from "@/db/queries/audit-events";
import { cronSetting, registerCronJob } from "./cron-job";

export const AUDIT_PURGE_QUEUE = "audit-purge";
export const AUDIT_PURGE_DEFAULT_CRON = "30 3 * * *";

/** The schedule's cron expression (AUDIT_PURGE_CRON), or null when the purge is turned off. */
export function auditPurgeCron(env: Record<string, string | undefined> = process.env): string | null {
  return cronSetting(env.AUDIT_PURGE_CRON, AUDIT_PURGE_DEFAULT_CRON);
}

/** One purge, logged when it deleted something. */
export async function runAuditPurge(db: Db): Promise<number> {
  const deleted = await purgeOldAuditEvents(db);
  if (deleted > 0) console.log(`[registro sicurezza] eliminati ${deleted} eventi più vecchi di 12 mesi`);
  return deleted;
}

/**
 * The queue, its worker and the daily schedule on `boss` (which must run with its cron clock: `schedule: true`).
 * `ensureQueue` is the caller's (the reminders' deadlock-safe one).
 */
export async function registerAuditPurge(boss: PgBoss, db: Db, ensureQueue: (name: string) => Promise<void>, env: Record<string, string | undefined> = process.env): Promise<void> {
  await registerCronJob(boss, ensureQueue, AUDIT_PURGE_QUEUE, auditPurgeCron(env), async () => {
    await runAuditPurge(db);
  });
}

/** The PGlite runner's daily purge: true when a day has passed since `last` (ms), so the tick should purge now. */
export function auditPurgeDue(last: number | undefined, now = Date.now()): boolean {
  return last === undefined || now - last >= 24 * 60 * 60 * 1000;
}
