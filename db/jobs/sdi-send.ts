/**
 * The SDI send queue (issue 31): retries of 'Invia allo SDI' after a temporary failure (db/queries/sdi-transmissions.ts).
 *
 * On PostgreSQL: pg-boss queue 'sdi-send' on the reminders' pg-boss. The request that met a temporary failure sends
 * one job per transmission (singletonKey tenant:transmission, so a second send while one waits is a no-op) starting
 * after the first delay; the worker makes an attempt (attemptTransmission: the row claimed by an atomic UPDATE, so two
 * workers of two instances never send it both) and, on another temporary failure, fails the job so pg-boss retries
 * it with its exponential backoff (retryDelay SDI_RETRY_DELAY_SECONDS, default 60, doubled each time; MAX_ATTEMPTS
 * in all, after which the row is 'Errore'). A sweep in the reminders' tick (runSdiSendSweep) takes any due row no
 * job took (a job lost with its instance; PGlite, which has no pg-boss).
 */
import "server-only";
import type PgBoss from "pg-boss";
import type { Db } from "@/db/client";
import { attemptTransmission, MAX_ATTEMPTS, retryDelaySeconds, runDueTransmissions, type RetryScheduler } from "@/db/queries/sdi-transmissions";

export const SDI_SEND_QUEUE = "sdi-send";

interface SendJob {
  tenantId: number;
  transmissionId: number;
}

/** The process's pg-boss once the queue is registered (route handlers and the worker share the process). */
const g = globalThis as unknown as { __gestionaleSdiSendBoss?: PgBoss };

/** The queue and its worker on `boss`; `ensureQueue` is the caller's (the reminders' deadlock-safe one). */
export async function registerSdiSend(boss: PgBoss, db: Db, ensureQueue: (name: string) => Promise<void>, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  await ensureQueue(SDI_SEND_QUEUE);
  await boss.work<SendJob>(SDI_SEND_QUEUE, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async ([job]) => {
    if (!job) return;
    const after = await attemptTransmission(db, job.data.tenantId, job.data.transmissionId);
    // still queued: a temporary failure again; failing the job makes pg-boss retry it after its backoff
    if (after && after.state === "In coda") throw new Error(after.lastError ?? "invio non riuscito");
  });
  g.__gestionaleSdiSendBoss = boss;
}

/** The retry of a transmission that met a temporary failure: a pg-boss job after `delaySeconds` (nothing without pg-boss: the sweep takes it). */
export const scheduleSdiRetry: RetryScheduler = async (t, delaySeconds) => {
  const boss = g.__gestionaleSdiSendBoss;
  if (!boss) return;
  await boss.send(SDI_SEND_QUEUE, t, {
    startAfter: Math.max(1, Math.round(delaySeconds)),
    singletonKey: `${t.tenantId}:${t.transmissionId}`,
    retryLimit: MAX_ATTEMPTS,
    retryDelay: retryDelaySeconds(),
    retryBackoff: true,
  });
};

/** The tick's sweep: due rows no job took; logged when it tried some. */
export async function runSdiSendSweep(db: Db): Promise<void> {
  try {
    const tried = await runDueTransmissions(db, { retry: g.__gestionaleSdiSendBoss ? scheduleSdiRetry : null });
    if (tried > 0) console.log(`[SDI] ${tried} invii in coda ritentati`);
  } catch (err) {
    console.error(`[SDI] coda di invio non elaborata: ${err instanceof Error ? err.message : String(err)}`);
  }
}
