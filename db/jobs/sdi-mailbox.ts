/**
 * The PEC mailboxes read on a schedule (issue 31): every tenant with an IMAP mailbox configured, one pass
 * (db/queries/sdi-inbox.ts runMailboxPass: receipts applied, invoices imported, the rest 'Da verificare'; each message
 * once, by its row and its IMAP keyword).
 *
 * pg-boss's cron clock on the reminders' pg-boss, exactly once across instances (db/jobs/cron-job.ts): SDI_MAILBOX_CRON
 * (default every 5 minutes, Europe/Rome; "off" removes the schedule). A pass that overlaps another (a slow mailbox, or
 * 'Controlla ora' at the same moment) does nothing twice: the message's row is the guard. On the embedded PGlite the
 * reminders' interval runner calls the pass at most every 5 minutes.
 */
import "server-only";
import type PgBoss from "pg-boss";
import type { Db } from "@/db/client";
import { runMailboxPass } from "@/db/queries/sdi-inbox";
import { cronSetting, registerCronJob } from "./cron-job";

export const SDI_MAILBOX_QUEUE = "sdi-mailbox";
export const SDI_MAILBOX_DEFAULT_CRON = "*/5 * * * *";
const PGLITE_EVERY_MS = 5 * 60 * 1000;

export function sdiMailboxCron(env: Record<string, string | undefined> = process.env): string | null {
  return cronSetting(env.SDI_MAILBOX_CRON, SDI_MAILBOX_DEFAULT_CRON);
}

/** One pass, logged when it did something; never throws (the next run tries again). */
export async function runSdiMailbox(db: Db): Promise<void> {
  try {
    const r = await runMailboxPass(db);
    if (r.processed > 0 || r.failed > 0) console.log(`[PEC] ${r.processed} messaggi elaborati, ${r.failed} non riusciti (${r.tenants} caselle)`);
  } catch (err) {
    console.error(`[PEC] lettura delle caselle non riuscita: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export async function registerSdiMailbox(boss: PgBoss, db: Db, ensureQueue: (name: string) => Promise<void>, env: Record<string, string | undefined> = process.env): Promise<void> {
  await registerCronJob(boss, ensureQueue, SDI_MAILBOX_QUEUE, sdiMailboxCron(env), () => runSdiMailbox(db));
}

/** The PGlite runner's pass: due when 5 minutes have passed since `last` (ms). */
export function sdiMailboxDue(last: number | undefined, now = Date.now()): boolean {
  return last === undefined || now - last >= PGLITE_EVERY_MS;
}
