/**
 * The PEC mailbox's two clients, built one way for the channel (lib/sdi/pec-channel.ts: send, poll) and for
 * 'Prova connessione' (lib/sdi/connection-check.ts): nodemailer's SMTP transport and imapflow's IMAP client, with the
 * server's host, port, TLS and login, 10 s to connect and to be greeted. Only the idle-socket limit differs by use
 * (a send may take a minute; a check gives up after 10 s).
 */
import "server-only";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";

/** A mail server of the tenant's PEC mailbox (Impostazioni › Fatturazione elettronica). */
export interface MailServerSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
}

/** To connect and to be greeted. */
export const MAIL_CONNECT_TIMEOUT_MS = 10_000;

export function smtpTransport(s: MailServerSettings, socketTimeoutMs: number) {
  return nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: { user: s.user, pass: s.password },
    connectionTimeout: MAIL_CONNECT_TIMEOUT_MS,
    greetingTimeout: MAIL_CONNECT_TIMEOUT_MS,
    socketTimeout: socketTimeoutMs,
  });
}

/**
 * An IMAP client (not connected); its 'error' event is swallowed: a dropped connection is reported by the awaited
 * calls, and an unheard 'error' would crash the process.
 */
export function imapClient(s: MailServerSettings, options: { socketTimeoutMs?: number; disableAutoIdle?: boolean } = {}) {
  const client = new ImapFlow({
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: { user: s.user, pass: s.password },
    logger: false,
    connectionTimeout: MAIL_CONNECT_TIMEOUT_MS,
    greetingTimeout: MAIL_CONNECT_TIMEOUT_MS,
    ...(options.socketTimeoutMs ? { socketTimeout: options.socketTimeoutMs } : {}),
    ...(options.disableAutoIdle ? { disableAutoIdle: true } : {}),
  });
  client.on("error", () => {});
  return client;
}
