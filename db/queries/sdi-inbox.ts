/**
 * The tenant's PEC mailbox read (issue 31): every message the channel hands over (lib/sdi/channel.ts poll) is placed
 * exactly once, and what cannot be placed stays in the 'Da verificare' list (GET /api/sdi-inbox).
 *
 * Never twice: a message is handled in ONE transaction that first inserts its pec_inbox_messages row (UNIQUE tenant +
 * message key: the Message-ID, else uidvalidity:uid) and then applies it; a second poll (another instance, 'Controlla
 * ora' during the scheduled run) waits on that insert and then finds the row: nothing is done again. The channel flags
 * the message (\Seen + $SdiElaborato) after the commit; after a crash between the two the message is read again, its
 * row found, and it is only flagged.
 *
 * Placing a message (decisions where the issue is silent):
 * - the PEC provider's own receipts (X-Ricevuta) of the PECs this mailbox sent: acceptance and delivery are 'Ignorata'
 *   (nothing to do: SDI's receipts say what matters); non-acceptance and delivery errors are 'Da verificare' (the file
 *   may not have reached SDI);
 * - every XML / .p7m file attached: an SDI receipt is applied (db/documents/sdi.ts applySdiMessage, via 'pec': matched by
 *   NomeFile, the signature checked and recorded, state and bell); a receipt about no document of this tenant is
 *   'Da verificare'; a file that is not an SDI receipt is, when the message comes from SDI, an invoice addressed to the
 *   tenant, imported as a purchase (db/queries/expense-import.ts importReceivedInvoices, the same as the upload: a
 *   duplicate is not imported twice); its metadata file (…_MT_001.xml) is kept with the message, not imported;
 * - an invoice file from someone who is not SDI is not imported (only SDI's delivery makes it received for the law):
 *   'Da verificare'; a message with no file to read: 'Da verificare';
 * - the message's outcome: 'Da verificare' if any of its files is, else 'Importata' if it imported something, else
 *   'Applicata'; its reason lists each file's.
 * - a message from SDI's address (sdiNN@pec.fatturapa.it) makes that address the one to send to next
 *   (rememberSdiAddress), as SDI asks.
 * The raw message is kept for 'Da verificare' rows only (the files of every row are kept, to download).
 */
import "server-only";
import { and, desc, eq, getTableColumns, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { pecInboxMessages, sdiChannelSettings, type PecInboxFile, type PecInboxOutcome } from "@/db/schema";
import { intEq, TenantScope } from "@/db/scope";
import { applySdiMessage } from "@/db/documents/sdi";
import { importReceivedInvoices, isInvoiceName } from "@/db/queries/expense-import";
import { loadSdiChannelSettings, rememberSdiAddress, type SdiChannelSettings } from "@/db/queries/sdi-channel-settings";
import { BadRequestError, NotFoundError } from "@/lib/errors";
import { sdiFileNameType } from "@/lib/fiscal/sdi-messages";
import { SDI_PEC_ADDRESS, type InboundMessage, type PollResult, type SdiChannel } from "@/lib/sdi/channel";
import { PecChannel } from "@/lib/sdi/pec-channel";

export const SDI_INBOX_MESSAGES = {
  noMailbox: "Configura la casella PEC (server IMAP) in Impostazioni › Fatturazione elettronica",
  notFound: "Messaggio non trovato",
  fileNotFound: "File non trovato",
  providerReceipt: (kind: string) => `Ricevuta del gestore PEC (${kind}): nessuna azione`,
  providerError: (kind: string) => `Il gestore PEC segnala un problema di consegna (${kind}): controlla che il file sia arrivato allo SDI e, se serve, invialo di nuovo`,
  noFiles: "Il messaggio non contiene file dello SDI da leggere",
  notFromSdi: (from: string) => `Fattura ricevuta da ${from || "un mittente sconosciuto"} e non dallo SDI: non è importata come fattura di acquisto (solo quelle recapitate dallo SDI lo sono)`,
  metadata: "file dei metadati dello SDI",
  imported: (n: string) => `importata come fattura di acquisto n. ${n}`,
  duplicate: (n: string) => `fattura n. ${n} già importata`,
  applied: (type: string, state: string | null) => `notifica ${type} applicata${state ? ` (stato SDI: ${state})` : ""}`,
  pollFailed: (detail: string) => `Lettura della casella PEC non riuscita: ${detail}`,
} as const;

/** A file's place in a message's report. */
interface FileOutcome {
  file: string;
  outcome: PecInboxOutcome | "Metadati";
  reason: string;
}

const OK_PROVIDER_RECEIPTS = new Set(["accettazione", "avvenuta-consegna", "presa-in-carico"]);

const toStored = (f: { name: string; contentType: string; bytes: Uint8Array }): PecInboxFile => ({ name: f.name, contentType: f.contentType, content: Buffer.from(f.bytes).toString("base64") });

/** Places one file of a message (see the header). */
async function placeFile(tx: TenantScope, file: { name: string; bytes: Uint8Array }, fromSdi: boolean, from: string): Promise<FileOutcome> {
  if (sdiFileNameType(file.name) === "MT") return { file: file.name, outcome: "Metadati", reason: SDI_INBOX_MESSAGES.metadata };
  const applied = await applySdiMessage(tx, { fileName: file.name, bytes: file.bytes, via: "pec" });
  if (applied.outcome === "applied") return { file: file.name, outcome: "Applicata", reason: SDI_INBOX_MESSAGES.applied(applied.type, applied.sdiState) };
  if (applied.outcome === "unmatched") return { file: file.name, outcome: "Da verificare", reason: applied.reason };
  // not an SDI receipt: an invoice delivered by SDI?
  if (!isInvoiceName(file.name)) return { file: file.name, outcome: "Da verificare", reason: applied.reason };
  if (!fromSdi) return { file: file.name, outcome: "Da verificare", reason: SDI_INBOX_MESSAGES.notFromSdi(from) };
  const report = await importReceivedInvoices(tx, [{ name: file.name, bytes: file.bytes }]);
  if (report.imported.length > 0) return { file: file.name, outcome: "Importata", reason: report.imported.map((i) => SDI_INBOX_MESSAGES.imported(i.documentNumber)).join("; ") };
  if (report.duplicates.length > 0) return { file: file.name, outcome: "Importata", reason: report.duplicates.map((d) => SDI_INBOX_MESSAGES.duplicate(d.documentNumber)).join("; ") };
  return { file: file.name, outcome: "Da verificare", reason: report.refused.map((r) => r.reason).join("; ") || applied.reason };
}

/** The outcome and reason of a whole message from its files'. */
function summarize(outcomes: FileOutcome[]): { outcome: PecInboxOutcome; reason: string } {
  const placed = outcomes.filter((o) => o.outcome !== "Metadati");
  if (placed.length === 0) return { outcome: "Da verificare", reason: SDI_INBOX_MESSAGES.noFiles };
  const reason = outcomes.map((o) => `${o.file}: ${o.reason}`).join("\n");
  if (placed.some((o) => o.outcome === "Da verificare")) return { outcome: "Da verificare", reason };
  if (placed.some((o) => o.outcome === "Importata")) return { outcome: "Importata", reason };
  return { outcome: "Applicata", reason };
}

export interface HandledMessage {
  /** false: the message had been handled before (its row exists): nothing was done. */
  handled: boolean;
  outcome?: PecInboxOutcome;
}

/** Handles one message of the tenant's mailbox exactly once (see the header). */
export async function handleInboundMessage(scope: TenantScope, m: InboundMessage): Promise<HandledMessage> {
  return scope.transaction(async (tx) => {
    const claimed = await tx.upsert(pecInboxMessages, [pecInboxMessages.messageKey], {
      messageKey: m.key,
      uidValidity: m.uidValidity,
      uid: m.uid,
      receivedAt: m.receivedAt,
      fromAddress: m.from.slice(0, 320),
      subject: m.subject,
      outcome: "Da verificare",
    });
    if (!claimed) return { handled: false };
    const fromSdi = SDI_PEC_ADDRESS.test(m.from);
    let result: { outcome: PecInboxOutcome; reason: string };
    if (m.pecReceipt !== null) {
      const kind = m.pecReceipt.trim().toLowerCase();
      result = OK_PROVIDER_RECEIPTS.has(kind) ? { outcome: "Ignorata", reason: SDI_INBOX_MESSAGES.providerReceipt(kind) } : { outcome: "Da verificare", reason: SDI_INBOX_MESSAGES.providerError(kind) };
    } else {
      const outcomes: FileOutcome[] = [];
      for (const f of m.files.filter((x) => /\.(xml|p7m)$/i.test(x.name))) outcomes.push(await placeFile(tx, f, fromSdi, m.from));
      result = summarize(outcomes);
    }
    if (fromSdi) await rememberSdiAddress(tx, m.from);
    await tx.updateWhere(pecInboxMessages, intEq(pecInboxMessages.id, claimed.id), {
      outcome: result.outcome,
      reason: result.reason.slice(0, 4000),
      files: m.files.map(toStored),
      raw: result.outcome === "Da verificare" ? Buffer.from(m.raw) : null,
    });
    return { handled: true, outcome: result.outcome };
  });
}

export type InboxChannelFactory = (settings: SdiChannelSettings) => SdiChannel;
const channelOf: InboxChannelFactory = (s) => new PecChannel({ pec: s.pec, smtp: s.smtp, imap: s.imap, sdiAddress: s.sdiAddress });

export interface MailboxPass extends PollResult {
  outcomes: Partial<Record<PecInboxOutcome, number>>;
}

/** One read of a tenant's mailbox; throws when the tenant has none configured (the caller decides how to say it). */
export async function pollTenantMailbox(scope: TenantScope, factory: InboxChannelFactory = channelOf): Promise<MailboxPass> {
  const settings = await loadSdiChannelSettings(scope);
  if (!settings || !settings.imap.host.trim() || !settings.imap.user.trim()) throw new BadRequestError(SDI_INBOX_MESSAGES.noMailbox);
  const outcomes: MailboxPass["outcomes"] = {};
  const result = await factory(settings).poll(async (m) => {
    const h = await handleInboundMessage(scope, m);
    if (h.outcome) outcomes[h.outcome] = (outcomes[h.outcome] ?? 0) + 1;
  });
  return { ...result, outcomes };
}

/** The scheduled job's pass (db/jobs/sdi-mailbox.ts): every tenant with a mailbox configured, one after the other. */
export async function runMailboxPass(db: Db, factory: InboxChannelFactory = channelOf): Promise<{ tenants: number; processed: number; failed: number }> {
  const tenants = await db.select({ tenantId: sdiChannelSettings.tenantId }).from(sdiChannelSettings).where(and(ne(sdiChannelSettings.imapHost, ""), ne(sdiChannelSettings.imapUser, "")));
  let processed = 0;
  let failed = 0;
  for (const t of tenants) {
    try {
      const r = await pollTenantMailbox(new TenantScope(db, t.tenantId), factory);
      processed += r.processed;
      failed += r.failed;
    } catch (err) {
      failed++;
      // one tenant's unreachable mailbox does not stop the others: the next run tries again
      console.error(`[PEC] casella dell'azienda ${t.tenantId} non letta: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { tenants: tenants.length, processed, failed };
}

export interface InboxMessageJson {
  id: number;
  receivedAt: string | null;
  from: string;
  subject: string;
  outcome: PecInboxOutcome;
  reason: string;
  files: { index: number; name: string; url: string }[];
}

/** GET /api/sdi-inbox: the 'Da verificare' messages (newest first), or with `all` every message read (the last 200). */
export async function listInbox(scope: TenantScope, all = false): Promise<InboxMessageJson[]> {
  const { raw: _raw, ...columns } = getTableColumns(pecInboxMessages);
  const rows = await scope
    .select(columns)
    .from(pecInboxMessages)
    .where(all ? undefined : eq(pecInboxMessages.outcome, "Da verificare"))
    .orderBy(desc(pecInboxMessages.createdAt), desc(pecInboxMessages.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    receivedAt: (r.receivedAt ?? r.createdAt).toISOString(),
    from: r.fromAddress,
    subject: r.subject,
    outcome: r.outcome,
    reason: r.reason,
    files: r.files.map((f, index) => ({ index, name: f.name, url: `/api/sdi-inbox/file/${r.id}/${index}` })),
  }));
}

/** A file of a message (its download), this tenant's only. */
export async function inboxFile(scope: TenantScope, id: number, index: number): Promise<{ name: string; contentType: string; bytes: Buffer }> {
  const [row] = await scope.select({ files: pecInboxMessages.files }).from(pecInboxMessages).where(intEq(pecInboxMessages.id, id)).limit(1);
  if (!row) throw new NotFoundError(SDI_INBOX_MESSAGES.notFound);
  const f = row.files[index];
  if (!f) throw new NotFoundError(SDI_INBOX_MESSAGES.fileNotFound);
  return { name: f.name, contentType: f.contentType || "application/octet-stream", bytes: Buffer.from(f.content, "base64") };
}
