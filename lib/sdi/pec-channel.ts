/**
 * The PEC channel to SDI (issue 31), on the tenant's own PEC mailbox: the SdiChannel of lib/sdi/channel.ts.
 *
 * Send: one PEC through the mailbox's SMTP server (nodemailer) from the tenant's PEC address to the SDI address to use
 * (the published sdi01@pec.fatturapa.it first, then the one SDI last answered from), the file attached under its own
 * name, subject "Invio File <nome file>" (SDI reads only the attachment; this is the subject the intermediaries and
 * SDI's own guide use). Only the file goes: SDI refuses a PEC carrying more than one file (00001-like errors).
 * Failures: SMTP 4xx and connection failures (refused, reset, timed out) are temporary (SdiTemporaryError: the queue
 * tries again); SMTP 5xx, failed authentication and a refused recipient are permanent (SdiPermanentError, in Italian).
 *
 * Poll: the INBOX over IMAP (imapflow), the messages WITHOUT the keyword $SdiElaborato, each parsed with mailparser;
 * a PEC's certified envelope is opened (its postacert.eml is the original message: its attachments are what counts,
 * its sender the envelope's Reply-To; the envelope's X-Ricevuta marks the provider's own acceptance/delivery receipts). Each message is
 * handed to the caller, and once the caller resolved it is flagged \Seen and $SdiElaborato, so the next poll skips it;
 * the caller records it in the database in the same transaction as its effect, so a crash between the two ends in a
 * message found again, recognised by its key and only flagged (db/queries/sdi-inbox.ts).
 * Timeouts: 10 s to connect and greet (a dead server fails the job, the next run tries again).
 */
import "server-only";
import { simpleParser, type Attachment, type ParsedMail } from "mailparser";
import { imapClient, smtpTransport, type MailServerSettings } from "./mail-clients";
import { type InboundFile, type InboundMessage, type PollResult, type SdiChannel, type SdiSendInput, SdiPermanentError, SdiTemporaryError } from "./channel";

export interface PecChannelSettings {
  /** The tenant's PEC address (the sender). */
  pec: string;
  smtp: MailServerSettings;
  imap: MailServerSettings;
  /** Where to send (sdi01@pec.fatturapa.it, then the address SDI answered from). */
  sdiAddress: string;
}

/** The IMAP keyword of a message this product has processed. */
export const PROCESSED_KEYWORD = "$SdiElaborato";
/** Subject of the PEC carrying a file to SDI. */
export const sendSubject = (fileName: string) => `Invio File ${fileName}`;

/** At most this many messages per poll (the next poll takes the rest). */
const POLL_BATCH = 200;

const CONNECTION_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/** An SMTP failure told apart: temporary (retry) or permanent (the user must act), with its Italian message. */
export function classifySmtpError(err: unknown): SdiTemporaryError | SdiPermanentError {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  const detail = (e.response || e.message || String(err)).replace(/\s+/g, " ").trim().slice(0, 300);
  if (e.code === "EAUTH" || e.responseCode === 535 || e.responseCode === 534) {
    return new SdiPermanentError(`Autenticazione SMTP della PEC non riuscita: controlla utente e password in Impostazioni › Fatturazione elettronica (${detail})`);
  }
  if (typeof e.responseCode === "number" && e.responseCode >= 400 && e.responseCode < 500) {
    return new SdiTemporaryError(`Il server della PEC non ha accettato il messaggio per ora (${detail}): nuovo tentativo automatico`);
  }
  if (typeof e.responseCode === "number" && e.responseCode >= 500) {
    return new SdiPermanentError(`Il server della PEC ha rifiutato il messaggio (${detail})`);
  }
  if (e.code && CONNECTION_CODES.has(e.code)) {
    return new SdiTemporaryError(`Server SMTP della PEC non raggiungibile (${detail}): nuovo tentativo automatico`);
  }
  if (e.code === "EENVELOPE") return new SdiPermanentError(`Indirizzo del destinatario rifiutato dal server della PEC (${detail})`);
  // anything else (an unexpected reply, a TLS failure): tried again, its message kept for the user
  return new SdiTemporaryError(`Invio della PEC non riuscito (${detail}): nuovo tentativo automatico`);
}

const addressOf = (mail: ParsedMail): string => {
  const from = mail.from?.value?.[0]?.address ?? "";
  return from.toLowerCase();
};

const header = (mail: ParsedMail, name: string): string | null => {
  const v = mail.headers.get(name);
  if (v === undefined || v === null) return null;
  return typeof v === "string" ? v : String((v as { value?: unknown }).value ?? v);
};

/** The PEC envelope's own files (the provider's certification data and signature), never SDI's. */
const isEnvelopeFile = (a: Attachment) => /^(daticert\.xml|smime\.p7s|postacert\.eml)$/i.test(a.filename ?? "") || a.contentType === "message/rfc822";

/**
 * The original sender of a PEC: the envelope says it in Reply-To and in its From's name ("Per conto di: x@y"), as the
 * PEC rules (DPR 68/2005, DM 2/11/2005) have every provider write it; a plain message's From.
 */
function senderOf(mail: ParsedMail, certified: boolean): string {
  if (certified) {
    const replyTo = mail.replyTo?.value?.[0]?.address;
    if (replyTo) return replyTo.toLowerCase();
    const name = mail.from?.value?.[0]?.name ?? "";
    const m = /per conto di:?\s*([^\s"<>]+@[^\s"<>]+)/i.exec(name);
    if (m) return m[1].toLowerCase();
  }
  return addressOf(mail);
}

/**
 * A received message unwrapped: for a PEC (a certified envelope holding postacert.eml; mailparser opens the enclosed
 * message and lists its attachments with the envelope's) the original sender, subject and files, the envelope's own
 * files left out; a plain message as it is.
 */
export async function readInboundMessage(raw: Uint8Array, where: { uidValidity: number | null; uid: number | null; receivedAt: Date | null }): Promise<InboundMessage> {
  const mail = await simpleParser(Buffer.from(raw), { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  const certified = header(mail, "x-trasporto") !== null || header(mail, "x-ricevuta") !== null;
  const files: InboundFile[] = mail.attachments
    .filter((a) => !(certified && isEnvelopeFile(a)))
    .map((a) => ({ name: a.filename ?? "allegato", contentType: a.contentType, bytes: new Uint8Array(a.content) }));
  const messageId = mail.messageId?.trim();
  const key = messageId ? messageId : `uid:${where.uidValidity ?? 0}:${where.uid ?? 0}`;
  return {
    key: key.slice(0, 900),
    uidValidity: where.uidValidity,
    uid: where.uid,
    receivedAt: mail.date ?? where.receivedAt,
    from: senderOf(mail, certified),
    subject: (mail.subject ?? "").replace(/^POSTA CERTIFICATA:\s*/i, "").slice(0, 500),
    pecReceipt: header(mail, "x-ricevuta"),
    files,
    raw,
  };
}

export class PecChannel implements SdiChannel {
  constructor(private readonly settings: PecChannelSettings) {}

  async send(input: SdiSendInput): Promise<{ providerId: string }> {
    const { smtp } = this.settings;
    const transport = smtpTransport(smtp, 60_000);
    try {
      const info = await transport.sendMail({
        from: this.settings.pec,
        to: this.settings.sdiAddress,
        subject: sendSubject(input.fileName),
        text: `Invio del file ${input.fileName} al Sistema di Interscambio.`,
        attachments: [{ filename: input.fileName, content: Buffer.from(input.bytes), contentType: input.fileName.toLowerCase().endsWith(".p7m") ? "application/pkcs7-mime" : "application/xml" }],
      });
      if (info.rejected.length > 0) throw new SdiPermanentError(`Indirizzo SDI rifiutato dal server della PEC: ${this.settings.sdiAddress}`);
      return { providerId: info.messageId };
    } catch (err) {
      if (err instanceof SdiPermanentError || err instanceof SdiTemporaryError) throw err;
      throw classifySmtpError(err);
    } finally {
      transport.close();
    }
  }

  async poll(handle: (message: InboundMessage) => Promise<void>): Promise<PollResult> {
    const { imap } = this.settings;
    const client = imapClient(imap);
    await client.connect();
    const result: PollResult = { found: 0, processed: 0, failed: 0 };
    try {
      const lock = await client.getMailboxLock("INBOX");
      try {
        const mailbox = client.mailbox;
        const uidValidity = mailbox && typeof mailbox === "object" ? Number(mailbox.uidValidity) : null;
        const uids = (await client.search({ unKeyword: PROCESSED_KEYWORD }, { uid: true })) || [];
        const batch = [...uids].sort((a, b) => a - b).slice(0, POLL_BATCH);
        result.found = batch.length;
        for (const uid of batch) {
          const m = await client.fetchOne(String(uid), { source: true, internalDate: true }, { uid: true });
          if (!m || !m.source) continue;
          const internal = m.internalDate ? new Date(m.internalDate) : null;
          const message = await readInboundMessage(m.source, { uidValidity, uid, receivedAt: internal });
          try {
            await handle(message);
          } catch (err) {
            result.failed++;
            console.error(`[PEC] messaggio ${uid} non elaborato: ${err instanceof Error ? err.message : String(err)}`);
            continue;
          }
          await client.messageFlagsAdd(String(uid), ["\\Seen", PROCESSED_KEYWORD], { uid: true });
          result.processed++;
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    return result;
  }
}
