import fs from "node:fs";
import path from "node:path";
import { Resend } from "resend";
import type { Db } from "@/db/client";
import { mailOutbox } from "@/db/schema";

export interface MailMessage {
  tenantId: number | null;
  to: string;
  subject: string;
  html: string;
  text: string;
}

const FROM = process.env.MAIL_FROM ?? "Gestionale <noreply@example.it>";

/**
 * The one mailer. With RESEND_API_KEY the message goes out through Resend; without it the message
 * stays in the mail_outbox table and the server log, so reset and invitation links work with no
 * external service. Every message is recorded in mail_outbox either way; the log never shows a
 * message's body (it may hold a reset or invitation link).
 * MAIL_OUTBOX_DIR (development and tests) also writes each message there as JSON.
 */
export async function sendMail(db: Db, msg: MailMessage): Promise<void> {
  let provider = "outbox";
  let providerId: string | null = null;
  let error: string | null = null;
  const key = process.env.RESEND_API_KEY;
  if (key) {
    provider = "resend";
    try {
      const res = await new Resend(key).emails.send({ from: FROM, to: msg.to, subject: msg.subject, html: msg.html, text: msg.text });
      providerId = res.data?.id ?? null;
      error = res.error ? res.error.message : null;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (error) console.error(`[mail] invio a ${msg.to} non riuscito: ${error}`);
  } else {
    // recipient and subject only: bodies carry reset and invitation links (read them in mail_outbox or MAIL_OUTBOX_DIR)
    console.log(`[mail] a: ${msg.to} | oggetto: ${msg.subject} (nella tabella mail_outbox)`);
  }
  await db.insert(mailOutbox).values({ ...msg, provider, providerId, error });
  const dir = process.env.MAIL_OUTBOX_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify({ ...msg, provider, createdAt: new Date().toISOString() }));
  }
}
