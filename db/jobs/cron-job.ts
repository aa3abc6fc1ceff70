/**
 * A job on pg-boss's cron clock, exactly once across instances (the nightly demo restore, the audit log's purge):
 * every process registers the same schedule (an upsert by name, one row), pg-boss's clock creates one job per cron
 * minute whichever instances watch it, and one worker of one instance takes it. The boss must run with its cron
 * clock (`schedule: true`); `ensureQueue` is the caller's (the reminders' deadlock-safe one).
 */
import "server-only";
import type PgBoss from "pg-boss";

const TIME_ZONE = "Europe/Rome";

/** A job's cron expression from its setting (Europe/Rome time): the fallback when unset, null when "off". */
export function cronSetting(value: string | undefined, fallback: string): string | null {
  const cron = value?.trim();
  if (cron === "off") return null;
  return cron || fallback;
}

/** The queue, its worker and its schedule; with no cron (turned off) the schedule is removed. */
export async function registerCronJob(boss: PgBoss, ensureQueue: (name: string) => Promise<void>, queue: string, cron: string | null, run: () => Promise<void>): Promise<void> {
  await ensureQueue(queue);
  if (!cron) {
    await boss.unschedule(queue);
    return;
  }
  await boss.schedule(queue, cron, {}, { tz: TIME_ZONE });
  await boss.work(queue, { batchSize: 1 }, run);
}
