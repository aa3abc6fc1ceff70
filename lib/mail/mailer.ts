import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Resend } from "resend";
import type { Db } from "@/db/client";
import { mailOutbox, tenants } from "@/db/schema";
import type { OutboxAttachment } from "@/db/schema/auth";
import { countTenantMail } from "./limits";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  tenantId: number | null;
  to: string;
  cc?: string[];
  bcc?: string[];
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

const FROM = process.env.MAIL_FROM ?? "Gestionale <noreply@example.it>";

/**
 * The one mailer. With RESEND_API_KEY the message goes out through Resend; without it the message
 * stays in the mail_outbox table and the server log, so reset and invitation links work with no
 * external service. Every message is recorded in mail_outbox either way; the log never shows a
 * message's body (it may hold a reset or invitation link). Answers the provider and its refusal, if any
 * (callers whose user waits for the mail say so; the account flows answer the same either way).
 * MAIL_OUTBOX_DIR (development and tests) also writes each message there as JSON, attachments
 * included (base64, as in mail_outbox: the API tests read the PDF and XML back from there).
 *
 * A tenant's message (issue 29): from the public demo tenant (tenants.demo) it never leaves, whatever the
 * configuration: the outbox only, so the demo cannot mail anyone. Otherwise it counts against the tenant's
 * ceiling (lib/mail/limits.ts), which throws the 429 before anything is sent or recorded; `limited: false`
 * only for the account flows (a reset link: a stranger's request must not spend the tenant's ceiling, and
 * those flows have their own limits in lib/auth/rate-limit.ts).
 */
export async function sendMail(db: Db, msg: MailMessage, { limited = true }: { limited?: boolean } = {}): Promise<{ provider: string; error: string | null }> {
  let provider = "outbox";
  let providerId: string | null = null;
  let error: string | null = null;
  const cc = msg.cc ?? [];
  const bcc = msg.bcc ?? [];
  const [tenant] = msg.tenantId === null ? [] : await db.select({ id: tenants.id, demo: tenants.demo, isFree: tenants.isFree }).from(tenants).where(eq(tenants.id, msg.tenantId));
  if (tenant && limited) await countTenantMail(db, tenant, 1 + cc.length + bcc.length);
  const attachments: OutboxAttachment[] = (msg.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: a.content.length,
    contentBase64: a.content.toString("base64"),
  }));
  const key = tenant?.demo ? undefined : process.env.RESEND_API_KEY;
  if (key) {
    provider = "resend";
    try {
      const res = await new Resend(key).emails.send({
        from: FROM,
        to: msg.to,
        ...(cc.length ? { cc } : {}),
        ...(bcc.length ? { bcc } : {}),
        subject: msg.subject,
        html: msg.html,
        text: msg.text,
        ...(msg.attachments?.length ? { attachments: msg.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
      });
      providerId = res.data?.id ?? null;
      error = res.error ? res.error.message : null;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (error) console.error(`[mail] invio a ${msg.to} non riuscito: ${error}`);
    else console.log(`[mail] tenant ${msg.tenantId ?? "-"} a: ${[msg.to, ...cc, ...bcc].join(", ")} | oggetto: ${msg.subject} (inviata con Resend)`);
  } else {
    // recipient and subject only: bodies carry reset and invitation links (read them in mail_outbox or MAIL_OUTBOX_DIR)
    console.log(`[mail] tenant ${msg.tenantId ?? "-"} a: ${[msg.to, ...cc, ...bcc].join(", ")} | oggetto: ${msg.subject} (nella tabella mail_outbox)`);
  }
  const record = { tenantId: msg.tenantId, to: msg.to, cc, bcc, subject: msg.subject, html: msg.html, text: msg.text, attachments };
  await db.insert(mailOutbox).values({ ...record, provider, providerId, error });
  const dir = process.env.MAIL_OUTBOX_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify({ ...record, provider, createdAt: new Date().toISOString() }));
  }
  return { provider, error };
}
