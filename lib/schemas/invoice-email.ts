/**
 * 'Invia email' of a sales document (spec §2 send-email dialog, §3 Send email, §5): GET/POST
 * /api/invoices/send-email/{id}, JSON field "sendEmail". One schema for the dialog and the handler.
 *
 * The message is written as plain text, like the tenant's invoiceEmailBody it starts from (a blank line
 * separates paragraphs): the server sends it as the text part and, escaped, as the HTML part
 * (lib/mail/text.ts textToHtml), so nobody writes HTML and nothing typed becomes markup.
 */
import { z } from "zod";
import { EMAIL_INVALID, email, text, versionField } from "./fields";
import { xmlOptionsSchema } from "./invoice";

export const SEND_EMAIL_FIELD = "sendEmail";
export const SEND_EMAIL_URL = "/api/invoices/send-email";

export const SEND_EMAIL_MESSAGES = {
  email: 'Il campo "Email di destinazione" è richiesto',
  emailInvalid: EMAIL_INVALID,
  subject: 'Il campo "Oggetto" è richiesto',
  body: 'Il campo "Messaggio" è richiesto',
  tooManyAddresses: "Troppi indirizzi: al massimo 20 per campo",
  sent: "Email inviata",
  draft: "Emetti il documento prima di inviarlo",
  xmlKind: "Il file XML si allega solo a fatture e note di credito",
  failed: "Invio dell'email non riuscito",
  historyNote: (to: string) => `Inviata per email a ${to}`,
} as const;

const MAX_ADDRESSES = 20;

/** Cc and Bcc: empty, or addresses separated by comma or semicolon, each valid; parsed into a list. */
const addressList = z
  .string({ error: EMAIL_INVALID })
  .max(MAX_ADDRESSES * 255, SEND_EMAIL_MESSAGES.tooManyAddresses)
  .optional()
  .default("")
  .transform((v, ctx) => {
    const list = v
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter((s) => s !== "");
    if (list.length > MAX_ADDRESSES) {
      ctx.addIssue({ code: "custom", message: SEND_EMAIL_MESSAGES.tooManyAddresses });
      return z.NEVER;
    }
    if (list.some((a) => a.length > 254 || !z.email().safeParse(a).success)) {
      ctx.addIssue({ code: "custom", message: EMAIL_INVALID });
      return z.NEVER;
    }
    return list;
  });

export const sendEmailSchema = z.object({
  email: email(SEND_EMAIL_MESSAGES.email),
  cc: addressList,
  bcc: addressList,
  // a subject is one header line: line breaks become spaces
  subject: text(SEND_EMAIL_MESSAGES.subject, 500).transform((v) => v.replace(/\s*[\r\n]+\s*/g, " ")),
  body: text(SEND_EMAIL_MESSAGES.body, 100_000),
  /** Attach the FatturaPA file too (invoices and credit notes). */
  attachXml: z.boolean({ error: "Valore non valido" }).optional().default(false),
  /** Only when the file is still to be built and the document has a cassa or a ritenuta (as the XML button's options). */
  xmlOptions: xmlOptionsSchema,
  /** The document's version the dialog was opened on: a stale one is a 409. */
  version: versionField,
});
export type SendEmailInput = z.infer<typeof sendEmailSchema>;
export type SendEmailValues = z.input<typeof sendEmailSchema>;

/** GET /api/invoices/send-email/{id}: the dialog prefilled, and what it should offer. */
export interface SendEmailFormData {
  sendEmail: { email: string; cc: string; bcc: string; subject: string; body: string; attachXml: boolean; version: number };
  /** Invoices and credit notes may attach their FatturaPA file. */
  canAttachXml: boolean;
  /** The options the file still needs (it is not built yet and the document has that figure). */
  xmlOptionsNeeded: { previdential: boolean; paymentCausal: boolean };
  /** A Bozza cannot be sent (no number yet): the dialog says so. */
  draft: boolean;
}
