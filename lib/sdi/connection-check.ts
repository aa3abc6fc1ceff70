/**
 * 'Prova connessione' of Impostazioni › Fatturazione elettronica: logs in to the PEC mailbox's SMTP server
 * (nodemailer verify: connect, TLS as set, AUTH) and IMAP server (imapflow connect + LOGIN, then LOGOUT), both at once,
 * 10 s to connect and to be greeted, and says each result in Italian, one line per server:
 * 'SMTP: connessione riuscita', 'SMTP: autenticazione non riuscita (…)', 'IMAP: connessione non riuscita (…)'.
 * Nothing is sent and nothing in the mailbox is read or changed.
 */
import "server-only";
import type { ConnectionCheckJson } from "@/lib/schemas/sdi-channel";
import { imapClient, MAIL_CONNECT_TIMEOUT_MS, smtpTransport, type MailServerSettings } from "./mail-clients";

/** A server as typed in the settings form, checked before it is saved. */
export type MailServerToCheck = MailServerSettings;

type Failure = { code?: string; responseCode?: number; response?: string; message?: string; authenticationFailed?: boolean; responseText?: string };

function reason(err: unknown, host: string, port: number): { auth: boolean; detail: string } {
  const e = (err ?? {}) as Failure;
  const server = `${host}:${port}`;
  const text = (e.responseText || e.response || e.message || String(err)).replace(/\s+/g, " ").trim().slice(0, 200);
  if (e.authenticationFailed || e.code === "EAUTH" || e.responseCode === 535 || e.responseCode === 534) return { auth: true, detail: text || "credenziali rifiutate" };
  // nodemailer wraps socket errors as ESOCKET/ECONNECTION with the system code in the message ("connect ECONNREFUSED …")
  const code = /\b(ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ECONNRESET)\b/.exec(text)?.[1] ?? e.code;
  switch (code) {
    case "ECONNREFUSED":
      return { auth: false, detail: `connessione rifiutata da ${server}` };
    case "ETIMEDOUT":
    case "ETIMEOUT":
    case "CONNECT_TIMEOUT":
    case "GREETING_TIMEOUT":
      return { auth: false, detail: `nessuna risposta da ${server} entro 10 secondi` };
    case "ENOTFOUND":
    case "EDNS":
    case "EAI_AGAIN":
      return { auth: false, detail: `server ${host} non trovato` };
    case "ECONNRESET":
      return { auth: false, detail: `connessione interrotta da ${server}` };
    default:
      if (/timeout|timed out/i.test(text)) return { auth: false, detail: `nessuna risposta da ${server} entro 10 secondi` };
      if (/wrong version number|ssl|tls|certificate/i.test(text)) return { auth: false, detail: `errore SSL/TLS con ${server}: controlla porta e SSL/TLS (${text})` };
      return { auth: false, detail: text || `errore con ${server}` };
  }
}

function missing(server: "SMTP" | "IMAP", s: MailServerToCheck): ConnectionCheckJson | null {
  if (!s.host) return { server, ok: false, message: `${server}: server non configurato` };
  if (!s.user || !s.password) return { server, ok: false, message: `${server}: utente e password richiesti` };
  return null;
}

export async function checkSmtp(s: MailServerToCheck): Promise<ConnectionCheckJson> {
  const skip = missing("SMTP", s);
  if (skip) return skip;
  const transport = smtpTransport(s, MAIL_CONNECT_TIMEOUT_MS);
  try {
    await transport.verify();
    return { server: "SMTP", ok: true, message: "SMTP: connessione riuscita" };
  } catch (err) {
    const r = reason(err, s.host, s.port);
    return { server: "SMTP", ok: false, message: r.auth ? `SMTP: autenticazione non riuscita (${r.detail})` : `SMTP: connessione non riuscita (${r.detail})` };
  } finally {
    transport.close();
  }
}

export async function checkImap(s: MailServerToCheck): Promise<ConnectionCheckJson> {
  const skip = missing("IMAP", s);
  if (skip) return skip;
  const client = imapClient(s, { socketTimeoutMs: MAIL_CONNECT_TIMEOUT_MS, disableAutoIdle: true });
  try {
    await client.connect();
    await client.logout();
    return { server: "IMAP", ok: true, message: "IMAP: connessione riuscita" };
  } catch (err) {
    const r = reason(err, s.host, s.port);
    return { server: "IMAP", ok: false, message: r.auth ? `IMAP: autenticazione non riuscita (${r.detail})` : `IMAP: connessione non riuscita (${r.detail})` };
  } finally {
    client.close();
  }
}

/** Both servers at once; the answer lists SMTP then IMAP. */
export async function checkPecConnection(smtp: MailServerToCheck, imap: MailServerToCheck): Promise<ConnectionCheckJson[]> {
  return Promise.all([checkSmtp(smtp), checkImap(imap)]);
}
