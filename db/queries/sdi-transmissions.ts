/**
 * 'Invia allo SDI' (issue 31): a document's FatturaPA file handed to the tenant's SDI channel (lib/sdi/channel.ts; today
 * the PEC mailbox), exactly once, with retries on temporary failures.
 *
 * The send (POST /api/invoices/send-sdi/{id}, sendDocumentToSdi):
 * 1. refusals, nothing written: not an invoice/credit note, not issued, already sent and not Scartata (409), no PEC
 *    configured, a PA invoice (FPA12) without a signing certificate;
 * 2. one transaction with the document locked: the file (db/documents/xml.ts: built and stored once; a Scartata
 *    document gets a new file, same number and date), signed first when the tenant has a certificate (CAdES-BES,
 *    …xml.p7m: 'Firma e invia'; FPA12 always), and the claim: the row of sdi_transmissions, UNIQUE (tenant, document,
 *    file name), inserted 'In coda' with a lease held by this request. A second click, a second request on another
 *    instance, waits on the document's lock, then finds the row (409 'già in coda' / 'già inviata'): one PEC.
 * 3. the first attempt now, in the request (what users expect: the answer says 'Inviata allo SDI' at once); accepted →
 *    the row 'Inviata' with the provider's id, markSentToSdi (db/documents/sdi.ts: sdiState 'Inviata allo SDI', the
 *    history); a temporary failure (SMTP 4xx, server unreachable) → the row stays 'In coda' with its error and the next
 *    attempt's time, a pg-boss job is queued (db/jobs/sdi-send.ts) and the answer says it will be retried; a permanent
 *    failure (5xx, authentication) → 'Errore' with the Italian message, answered as a 400 (the settings need fixing:
 *    the user sends again afterwards, which takes the same row back).
 * Retries: attemptTransmission() claims a row 'In coda' whose lease has run out (UPDATE … WHERE lease expired,
 * RETURNING: of two workers exactly one gets it), sends, records. Delay SDI_RETRY_DELAY_SECONDS (default 60) doubled
 * each attempt up to an hour; after MAX_ATTEMPTS the row ends 'Errore' and the sender is notified (bell). The pg-boss
 * job carries the retries; a sweep in the reminders' tick (runDueTransmissions) takes any due row a job did not
 * (PGlite has no pg-boss; a job lost with its instance).
 * Known limit: SMTP has no idempotency key; a worker that dies after the provider accepted and before the row is
 * written leaves it 'In coda', and when its lease runs out the file is sent again — SDI then refuses the duplicate
 * name (00002), which touches nothing already delivered.
 */
import "server-only";
import { and, asc, eq, getTableColumns, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { documents, notifications, sdiTransmissions, type SdiTransmission } from "@/db/schema";
import { intEq, TenantScope } from "@/db/scope";
import { invoiceEntity } from "@/db/documents/entity";
import { markSentToSdi } from "@/db/documents/sdi";
import { electronicInvoiceXml } from "@/db/documents/xml";
import { loadSdiChannelSettings, type SdiChannelSettings } from "@/db/queries/sdi-channel-settings";
import { policyOf } from "@/lib/documents/policy";
import { ApiError, BadRequestError } from "@/lib/errors";
import { p7mFileName, signCades } from "@/lib/fiscal/sign";
import { INVOICE_ACTION_MESSAGES, INVOICE_MESSAGES, xmlOptionsSchema } from "@/lib/schemas/invoice";
import { SdiPermanentError, SdiTemporaryError, type SdiChannel } from "@/lib/sdi/channel";
import { PecChannel } from "@/lib/sdi/pec-channel";

export const SDI_SEND_MESSAGES = {
  notIssued: "La fattura non è emessa: emettila prima di inviarla allo SDI",
  noPec: "Configura la PEC in Impostazioni › Fatturazione elettronica",
  paNeedsSignature: "Una fattura alla PA va firmata: carica il certificato di firma in Impostazioni",
  alreadySent: "La fattura è già stata inviata allo SDI: si invia di nuovo solo dopo uno scarto",
  queued: "L'invio allo SDI di questa fattura è già in corso",
  sent: "Fattura inviata allo SDI",
  signedAndSent: "Fattura firmata e inviata allo SDI",
  willRetry: (error: string) => `Invio allo SDI non ancora riuscito: ${error}`,
  failed: (error: string) => `Invio allo SDI non riuscito: ${error}`,
  gaveUp: (file: string) => `Invio allo SDI non riuscito: ${file}`,
  tooManyAttempts: (n: number, error: string) => `Invio non riuscito dopo ${n} tentativi: ${error}`,
} as const;

/** The document's page, for the notification of a send that failed for good. */
const INVOICES_PATH = "/fatture";
/** A lease long enough for one SMTP send (timeouts: 10 s to connect, 60 s of silence). */
const LEASE_SECONDS = 120;
export const MAX_ATTEMPTS = 12;

/** The first retry's delay in seconds (SDI_RETRY_DELAY_SECONDS, default 60). */
export function retryDelaySeconds(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.SDI_RETRY_DELAY_SECONDS);
  return Number.isFinite(n) && n >= 1 ? n : 60;
}

/** The delay before attempt `attempts + 1`: the first delay doubled each attempt, at most an hour. */
export function backoffSeconds(attempts: number, base = retryDelaySeconds()): number {
  return Math.min(3600, base * 2 ** Math.max(0, attempts - 1));
}

/** Whether the tenant's channel can send: a PEC address and its SMTP server. */
const canSend = (s: SdiChannelSettings | null): s is SdiChannelSettings => !!s && !!s.pec.trim() && !!s.smtp.host.trim() && !!s.sdiAddress.trim();

/** The channel of a tenant's settings (one implementation today). Tests may put another in its place. */
export type ChannelFactory = (settings: SdiChannelSettings) => SdiChannel;
export const pecChannelOf: ChannelFactory = (s) => new PecChannel({ pec: s.pec, smtp: s.smtp, imap: s.imap, sdiAddress: s.sdiAddress });

/** How a queued row is followed up after a temporary failure (db/jobs/sdi-send.ts sets a pg-boss sender). */
export type RetryScheduler = (t: { tenantId: number; transmissionId: number }, delaySeconds: number) => Promise<void>;

const isFpa = (xml: Uint8Array) => /<FormatoTrasmissione>\s*FPA12\s*<\/FormatoTrasmissione>/.test(Buffer.from(xml).toString("utf8"));

export interface SendOutcome {
  transmission: { id: number; fileName: string; state: SdiTransmission["state"]; attempts: number; lastError: string | null; signed: boolean };
  message: string;
}

/** Step 2: the file and the claimed row, in one transaction with the document locked (see the header). */
async function claim(scope: TenantScope, id: number, settings: SdiChannelSettings): Promise<{ row: SdiTransmission; signed: boolean }> {
  return scope.transaction(async (tx) => {
    await tx.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
    const doc = (await tx.lockRow(documents, intEq(documents.id, id)))!;
    if (!policyOf(doc.kind).xml) throw new BadRequestError(INVOICE_ACTION_MESSAGES.xmlKind);
    if (doc.number === null || doc.state === "Bozza") throw new BadRequestError(SDI_SEND_MESSAGES.notIssued);
    if (doc.sdiState !== null && doc.sdiState !== "Scartata") throw new ApiError(409, SDI_SEND_MESSAGES.alreadySent);
    const queued = await tx.select({ id: sdiTransmissions.id }).from(sdiTransmissions).where(and(eq(sdiTransmissions.documentId, id), eq(sdiTransmissions.state, "In coda"))).limit(1);
    if (queued.length > 0) throw new ApiError(409, SDI_SEND_MESSAGES.queued);

    const file = await electronicInvoiceXml(tx, id, xmlOptionsSchema.parse(undefined));
    const xml = new Uint8Array(Buffer.from(file.contentBase64, "base64"));
    if (isFpa(xml) && !settings.certificate) throw new BadRequestError(SDI_SEND_MESSAGES.paNeedsSignature);
    const signed = settings.certificate !== null;
    const fileName = signed ? p7mFileName(file.filename) : file.filename;
    const bytes = signed ? await signCades(xml, settings.certificate!.p12, settings.certificate!.password) : xml;

    const leaseUntil = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
    const inserted = await tx.upsert(sdiTransmissions, [sdiTransmissions.documentId, sdiTransmissions.fileName], {
      documentId: id,
      fileName,
      file: Buffer.from(bytes),
      state: "In coda",
      leaseUntil: leaseUntil as unknown as Date,
      createdById: tx.actor?.userId ?? null,
    });
    if (inserted) return { row: inserted, signed };
    // the same file was sent before: only a send that failed for good is taken back (the user fixed the settings)
    const [existing] = await tx.select(getTableColumns(sdiTransmissions)).from(sdiTransmissions).where(and(eq(sdiTransmissions.documentId, id), eq(sdiTransmissions.fileName, fileName))).limit(1);
    if (!existing || existing.state !== "Errore") throw new ApiError(409, existing?.state === "In coda" ? SDI_SEND_MESSAGES.queued : SDI_SEND_MESSAGES.alreadySent);
    const [retaken] = await tx.updateWhere(sdiTransmissions, intEq(sdiTransmissions.id, existing.id), {
      file: Buffer.from(bytes),
      state: "In coda",
      attempts: 0,
      lastError: null,
      leaseUntil: leaseUntil as unknown as Date,
      nextAttemptAt: new Date(),
    });
    const [row] = await tx.select(getTableColumns(sdiTransmissions)).from(sdiTransmissions).where(intEq(sdiTransmissions.id, retaken ?? existing.id)).limit(1);
    return { row: row!, signed };
  });
}

/**
 * One attempt on a row this caller holds (its lease): the channel's send, then the row and the document recorded.
 * Answers the row's new state; a temporary failure leaves it 'In coda' (lease released, next attempt set) and asks
 * `retry` to follow it up.
 */
async function attempt(scope: TenantScope, row: SdiTransmission, channelOf: ChannelFactory, retry: RetryScheduler | null): Promise<SdiTransmission> {
  const attempts = row.attempts + 1;
  const settings = await loadSdiChannelSettings(scope);
  try {
    if (!canSend(settings)) throw new SdiPermanentError(SDI_SEND_MESSAGES.noPec);
    const { providerId } = await channelOf(settings).send({ tenantId: scope.tenantId, documentId: row.documentId, fileName: row.fileName, bytes: row.file });
    await scope.updateWhere(sdiTransmissions, intEq(sdiTransmissions.id, row.id), { state: "Inviata", attempts, providerId: providerId.slice(0, 500), lastError: null, leaseUntil: null, sentAt: new Date() });
    await markSentToSdi(scope, row.documentId, row.fileName);
    return { ...row, state: "Inviata", attempts, providerId, lastError: null };
  } catch (err) {
    const temporary = err instanceof SdiTemporaryError || !(err instanceof SdiPermanentError);
    const message = err instanceof Error ? err.message : String(err);
    if (temporary && attempts < MAX_ATTEMPTS) {
      const delay = backoffSeconds(attempts);
      await scope.updateWhere(sdiTransmissions, intEq(sdiTransmissions.id, row.id), { attempts, lastError: message, leaseUntil: null, nextAttemptAt: new Date(Date.now() + delay * 1000) });
      await retry?.({ tenantId: scope.tenantId, transmissionId: row.id }, delay).catch((e: unknown) => console.error(`[SDI] nuovo tentativo non accodato: ${e instanceof Error ? e.message : String(e)}`));
      return { ...row, attempts, lastError: message };
    }
    const final = temporary ? SDI_SEND_MESSAGES.tooManyAttempts(attempts, message) : message;
    await scope.transaction(async (tx) => {
      await tx.updateWhere(sdiTransmissions, intEq(sdiTransmissions.id, row.id), { state: "Errore", attempts, lastError: final, leaseUntil: null });
      if (row.createdById !== null) await tx.insert(notifications, { userId: row.createdById, title: SDI_SEND_MESSAGES.gaveUp(row.fileName), body: final, link: INVOICES_PATH });
    });
    return { ...row, state: "Errore", attempts, lastError: final };
  }
}

/** POST /api/invoices/send-sdi/{id}: see the header. */
export async function sendDocumentToSdi(scope: TenantScope, id: number, opts: { channelOf?: ChannelFactory; retry?: RetryScheduler | null } = {}): Promise<SendOutcome & { invoice: Awaited<ReturnType<typeof invoiceEntity.get>> }> {
  const doc = await scope.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
  if (!policyOf(doc.kind).xml) throw new BadRequestError(INVOICE_ACTION_MESSAGES.xmlKind);
  if (doc.number === null || doc.state === "Bozza") throw new BadRequestError(SDI_SEND_MESSAGES.notIssued);
  if (doc.sdiState !== null && doc.sdiState !== "Scartata") throw new ApiError(409, SDI_SEND_MESSAGES.alreadySent);
  const settings = await loadSdiChannelSettings(scope);
  if (!canSend(settings)) throw new BadRequestError(SDI_SEND_MESSAGES.noPec);

  const { row, signed } = await claim(scope, id, settings);
  const after = await attempt(scope, row, opts.channelOf ?? pecChannelOf, opts.retry ?? null);
  if (after.state === "Errore") throw new BadRequestError(SDI_SEND_MESSAGES.failed(after.lastError ?? ""));
  const message = after.state === "Inviata" ? (signed ? SDI_SEND_MESSAGES.signedAndSent : SDI_SEND_MESSAGES.sent) : SDI_SEND_MESSAGES.willRetry(after.lastError ?? "");
  return {
    message,
    transmission: { id: after.id, fileName: after.fileName, state: after.state, attempts: after.attempts, lastError: after.lastError, signed },
    invoice: await invoiceEntity.get(scope, id),
  };
}

/**
 * A worker's attempt on one queued row (the pg-boss job, the sweep): claimed only if it is still 'In coda' and nobody
 * holds it (an atomic UPDATE … RETURNING: of two workers one gets it). Answers null when there was nothing to do.
 */
export async function attemptTransmission(db: Db, tenantId: number, transmissionId: number, opts: { channelOf?: ChannelFactory; retry?: RetryScheduler | null; due?: boolean } = {}): Promise<SdiTransmission | null> {
  const scope = new TenantScope(db, tenantId);
  const [claimed] = await db
    .update(sdiTransmissions)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      and(
        intEq(sdiTransmissions.tenantId, tenantId),
        intEq(sdiTransmissions.id, transmissionId),
        eq(sdiTransmissions.state, "In coda"),
        or(isNull(sdiTransmissions.leaseUntil), lte(sdiTransmissions.leaseUntil, sql`now()`)),
        opts.due ? lte(sdiTransmissions.nextAttemptAt, sql`now()`) : undefined,
      ),
    )
    .returning();
  if (!claimed) return null;
  return attempt(scope, claimed, opts.channelOf ?? pecChannelOf, opts.retry ?? null);
}

/** The sweep: every tenant's rows 'In coda' whose next attempt is due and that nobody holds; answers how many were tried. */
export async function runDueTransmissions(db: Db, opts: { channelOf?: ChannelFactory; retry?: RetryScheduler | null } = {}): Promise<number> {
  const due = await db
    .select({ tenantId: sdiTransmissions.tenantId, id: sdiTransmissions.id })
    .from(sdiTransmissions)
    .where(and(eq(sdiTransmissions.state, "In coda"), lte(sdiTransmissions.nextAttemptAt, sql`now()`), or(isNull(sdiTransmissions.leaseUntil), lte(sdiTransmissions.leaseUntil, sql`now()`))))
    .orderBy(asc(sdiTransmissions.nextAttemptAt))
    .limit(100);
  let tried = 0;
  for (const d of due) {
    try {
      if (await attemptTransmission(db, d.tenantId, d.id, { ...opts, due: true })) tried++;
    } catch (err) {
      console.error(`[SDI] invio ${d.id} non eseguito: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return tried;
}
