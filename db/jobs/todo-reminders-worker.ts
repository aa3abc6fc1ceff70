/**
 * The reminders' job runner, started with the server (instrumentation.ts) in every process.
 *
 * On PostgreSQL: pg-boss 10 on the same database (its own schema "pgboss"). A cron schedule puts a
 * 'todo-reminders' job in the queue every REMINDERS_CRON (default every 5 minutes, Europe/Rome; pg-boss lets one
 * instance per minute enqueue it) and one more at start-up; any worker of any instance takes it and runs one pass
 * of db/queries/todo-reminders.ts. Which worker sends a reminder is decided by the unique key of todo_reminders, so
 * jobs that overlap (two instances, a retry) never send one twice.
 *
 * On the embedded PGlite: no pg-boss. PGlite is one connection inside this process, and pg-boss needs a pool
 * of its own (node-postgres) and runs multi-statement transactions that would interleave with the app's queries on
 * that one connection. PGlite can only be opened by one process, so there is one runner anyway: the same pass on an
 * in-process interval (REMINDERS_INTERVAL_SECONDS, default 60).
 *
 * REMINDERS_DISABLED=1 starts nothing (tests that count e-mails in the outbox).
 */
import "server-only";
import PgBoss from "pg-boss";
import { getDatabase, type Db } from "@/db/client";
import { runDueReminders } from "@/db/queries/todo-reminders";

export const REMINDERS_QUEUE = "todo-reminders";
const DEFAULT_CRON = "*/5 * * * *";

export interface ReminderWorker {
  kind: "pg-boss" | "interval";
  /** pg-boss only: the instance (tests send jobs through it). */
  boss?: PgBoss;
  stop(): Promise<void>;
}

function logFailure(err: unknown) {
  console.error(`[promemoria] passaggio non riuscito: ${err instanceof Error ? err.message : String(err)}`);
}

/**
 * pg-boss on `url`: the queue, the schedule, a worker running one pass for each job. Tests hold a pass at its start
 * (`beforeRun`: two workers' passes made to overlap) and learn what each sent (`onRun`).
 */
export async function startPgBossReminders(
  url: string,
  db: Db,
  opts: { cron?: string; schedule?: boolean; pollingIntervalSeconds?: number; beforeRun?: () => Promise<void>; onRun?: (sent: number) => void } = {},
): Promise<ReminderWorker> {
  // a small pool: the job is light, and many app processes share the server
  const boss = new PgBoss({ connectionString: url, max: 2, application_name: "gestionale-promemoria", schedule: opts.schedule ?? true });
  boss.on("error", logFailure);
  await boss.start();
  await boss.createQueue(REMINDERS_QUEUE);
  if (opts.schedule ?? true) await boss.schedule(REMINDERS_QUEUE, opts.cron ?? process.env.REMINDERS_CRON ?? DEFAULT_CRON, {}, { tz: "Europe/Rome", singletonKey: REMINDERS_QUEUE });
  await boss.work(REMINDERS_QUEUE, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 10 }, async () => {
    await opts.beforeRun?.();
    const sent = await runDueReminders(db);
    opts.onRun?.(sent);
    if (sent > 0) console.log(`[promemoria] inviati ${sent} promemoria`);
  });
  // a pass soon after start-up (a deploy should not wait for the next tick); one per minute across instances
  await boss.send(REMINDERS_QUEUE, {}, { singletonKey: "start", singletonSeconds: 60 });
  return { kind: "pg-boss", boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
}

/** The same pass every `seconds` in this process (PGlite). */
export function startIntervalReminders(db: Db, seconds = Number(process.env.REMINDERS_INTERVAL_SECONDS) || 60): ReminderWorker {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await runDueReminders(db);
      if (sent > 0) console.log(`[promemoria] inviati ${sent} promemoria`);
    } catch (err) {
      logFailure(err);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 5_000);
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
