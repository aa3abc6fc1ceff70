/**
 * The reminders' job runner, started with the server (instrumentation.ts) in every process.
 *
 * On PostgreSQL: pg-boss 10 on the same database (its own schema "pgboss"). Every REMINDERS_INTERVAL_SECONDS
 * (default 60) each process sends a 'todo-reminders' job with singletonKey "tick" and singletonSeconds = the
 * interval, so pg-boss keeps one job per interval however many processes and instances send it; any worker of any
 * instance takes it and runs one pass of db/queries/todo-reminders.ts. Which worker sends a reminder is decided by
 * the unique key of todo_reminders, so passes that overlap (two jobs, a retry, a slow pass) never send one twice.
 *
 * On the embedded PGlite: no pg-boss. PGlite is one connection inside this process, and pg-boss needs a pool
 * of its own (node-postgres) and runs multi-statement transactions that would interleave with the app's queries on
 * that one connection. PGlite can only be opened by one process, so there is one runner anyway: the same pass on an
 * in-process interval (REMINDERS_INTERVAL_SECONDS, default 60).
 *
 * The same pg-boss also runs the nightly demo restore on its cron clock (db/jobs/demo-restore.ts), the SDI send
 * queue's retries (db/jobs/sdi-send.ts; its sweep rides the tick, on PGlite too) and the PEC mailboxes' reading
 * (db/jobs/sdi-mailbox.ts: pg-boss cron; on PGlite every 5 minutes in the interval runner).
 *
 * REMINDERS_DISABLED=1 starts nothing (tests that count e-mails in the outbox).
 */
import "server-only";
import PgBoss from "pg-boss";
import { getDatabase, type Db } from "@/db/client";
import { runDuePlannedOperations } from "@/db/queries/planned-operations-runner";
import { runDueReminders } from "@/db/queries/todo-reminders";
import { auditPurgeDue, registerAuditPurge, runAuditPurge } from "./audit-purge";
import { registerDemoRestore } from "./demo-restore";
import { registerSdiMailbox, runSdiMailbox, sdiMailboxDue } from "./sdi-mailbox";
import { registerSdiSend, runSdiSendSweep } from "./sdi-send";

export const REMINDERS_QUEUE = "todo-reminders";

export interface ReminderWorker {
  kind: "pg-boss" | "interval";
  /** pg-boss only: the instance (tests send jobs through it). */
  boss?: PgBoss;
  stop(): Promise<void>;
}

function logFailure(err: unknown) {
  console.error(`[promemoria] passaggio non riuscito: ${err instanceof Error ? err.message : String(err)}`);
}

/** Operazioni pianificate ride the same tick (db/queries/planned-operations-runner.ts); its failure is logged apart. */
async function runPlannedPass(db: Db): Promise<void> {
  try {
    const ran = await runDuePlannedOperations(db);
    if (ran > 0) console.log(`[operazioni pianificate] eseguite ${ran} occorrenze`);
  } catch (err) {
    console.error(`[operazioni pianificate] passaggio non riuscito: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Creates the queue if missing. The processes of an instance start together, and two pg-boss create_queue calls at
 * once can deadlock (each creates and attaches a partition): the loser of a deadlock tries again, and then finds
 * the queue made.
 */
async function ensureQueue(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(name))) await boss.createQueue(name);
      return;
    } catch (err) {
      if (attempt >= 5 || (err as { code?: string }).code !== "40P01") throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

/** Seconds between two passes (REMINDERS_INTERVAL_SECONDS, default 60). */
export function reminderIntervalSeconds(): number {
  const n = Number(process.env.REMINDERS_INTERVAL_SECONDS);
  return Number.isFinite(n) && n >= 1 ? n : 60;
}

/**
 * pg-boss on `url`: the queue, a worker running one pass for each job, and the tick that enqueues a job per
 * interval (tests turn it off and send jobs themselves, hold a pass at its start with `beforeRun` to make two
 * workers' passes overlap, and learn what each sent with `onRun`).
 */
export async function startPgBossReminders(
  url: string,
  db: Db,
  opts: { intervalSeconds?: number; tick?: boolean; pollingIntervalSeconds?: number; beforeRun?: () => Promise<void>; onRun?: (sent: number) => void; demoRestore?: boolean } = {},
): Promise<ReminderWorker> {
  const seconds = opts.intervalSeconds ?? reminderIntervalSeconds();
  // a small pool: the job is light, and many app processes share the server; the reminders need no cron (the tick
  // is finer and simpler), the nightly demo restore does (db/jobs/demo-restore.ts)
  const withDemoRestore = opts.demoRestore ?? true;
  const boss = new PgBoss({ connectionString: url, max: 2, application_name: "gestionale-promemoria", schedule: withDemoRestore });
  boss.on("error", logFailure);
  await boss.start();
  await ensureQueue(boss, REMINDERS_QUEUE);
  if (withDemoRestore) await registerDemoRestore(boss, db, (name) => ensureQueue(boss, name));
  // the audit log's daily purge rides the same cron clock (db/jobs/audit-purge.ts)
  if (withDemoRestore) await registerAuditPurge(boss, db, (name) => ensureQueue(boss, name));
  // the SDI channel (issue 31): the send queue's retries, and the PEC mailboxes on the cron clock
  await registerSdiSend(boss, db, (name) => ensureQueue(boss, name));
  if (withDemoRestore) await registerSdiMailbox(boss, db, (name) => ensureQueue(boss, name));
  await boss.work(REMINDERS_QUEUE, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? Math.min(10, seconds) }, async () => {
    await opts.beforeRun?.();
    const sent = await runDueReminders(db);
    opts.onRun?.(sent);
    if (sent > 0) console.log(`[promemoria] inviati ${sent} promemoria`);
    await runPlannedPass(db);
    await runSdiSendSweep(db);
  });
  let timer: ReturnType<typeof setInterval> | undefined;
  if (opts.tick ?? true) {
    // one job per interval across every process: the others' sends in the same slot are refused by pg-boss
    const tick = () => boss.send(REMINDERS_QUEUE, {}, { singletonKey: "tick", singletonSeconds: seconds }).catch(logFailure);
    await tick();
    timer = setInterval(() => void tick(), seconds * 1000);
    timer.unref();
  }
  return {
    kind: "pg-boss",
    boss,
    stop: async () => {
      clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/** The same pass every `seconds` in this process (PGlite). */
export function startIntervalReminders(db: Db, seconds = reminderIntervalSeconds()): ReminderWorker {
  let running = false;
  let lastPurge: number | undefined;
  let lastMailbox: number | undefined;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await runDueReminders(db);
      if (sent > 0) console.log(`[promemoria] inviati ${sent} promemoria`);
      await runPlannedPass(db);
      if (auditPurgeDue(lastPurge)) {
        lastPurge = Date.now();
        await runAuditPurge(db);
      }
      await runSdiSendSweep(db);
      if (sdiMailboxDue(lastMailbox)) {
        lastMailbox = Date.now();
        await runSdiMailbox(db);
      }
    } catch (err) {
      logFailure(err);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), Math.min(5, seconds) * 1000);
  const timer = setInterval(() => void tick(), seconds * 1000);
  // the server keeps the process alive; a script that opened the database must still be able to end
  first.unref();
  timer.unref();
  return {
    kind: "interval",
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

const g = globalThis as unknown as { __gestionaleReminders?: Promise<ReminderWorker | null> };

/** Starts this process's runner once (instrumentation may be loaded by more than one bundle). */
export function startReminderWorker(): Promise<ReminderWorker | null> {
  if (process.env.REMINDERS_DISABLED === "1" || process.env.REMINDERS_DISABLED === "true") return Promise.resolve(null);
  g.__gestionaleReminders ??= (async () => {
    const database = await getDatabase();
    const url = process.env.DATABASE_URL;
    return database.kind === "postgres" && url ? startPgBossReminders(url, database.db) : startIntervalReminders(database.db);
  })().catch((err: unknown) => {
    logFailure(err);
    g.__gestionaleReminders = undefined;
    return null;
  });
  return g.__gestionaleReminders;
}
