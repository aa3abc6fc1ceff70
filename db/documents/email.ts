/**
 * 'Invia email' of a sales document (ROLE_DOCUMENT): the dialog prefilled (GET /api/invoices/send-email/{id})
 * and the sending (POST, JSON field sendEmail).
 *
 * - Prefilled: to the customer's e-mail (its PEC when it has no other), subject and body from the tenant's
 *   invoiceEmailSubject/invoiceEmailBody (plain text) with {numero}, {data}, {cliente}, {totale} replaced; a
 *   tenant that wrote none gets an Italian default naming the kind (Fattura, Nota di credito, …).
 * - Sent: only a numbered document (a Bozza has no number). The PDF is the one 'Scarica PDF' gives (same data,
 *   same file name); the FatturaPA file, when asked, comes from the XML button's own path
 *   (xml.ts electronicInvoiceXml: the stored bytes, else built, pre-checked, XSD-validated and
 *   stored, with its refusals; the state is left as it is: a copy for the customer is no transmission to the
 *   SDI). Then the mailer (Resend, or the outbox), and a history row that says to whom
 *   it went, the state unchanged.
 */
import "server-only";
import { policyOf, XML_KINDS } from "@/lib/documents/policy";
import type { DocumentKind } from "@/lib/schemas/invoice";
import { contacts, documents, documentStateLogs, type Document, type Tenant } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { ApiError, BadRequestError, StaleVersionError } from "@/lib/errors";
import { formatDate, formatEuro } from "@/lib/format";
import { sendMail, type MailAttachment } from "@/lib/mail/mailer";
import { fillPlaceholders, textToHtml } from "@/lib/mail/text";
import { invoicePdfFilename } from "@/lib/pdf/invoice-pdf";
import { renderDocumentPdf, type PdfRenderOptions } from "@/lib/pdf/pool";
import { INVOICE_MESSAGES, type InvoiceJson } from "@/lib/schemas/invoice";
import { SEND_EMAIL_MESSAGES, type SendEmailFormData, type SendEmailInput } from "@/lib/schemas/invoice-email";
import { electronicInvoiceXml, XML_CONTENT_TYPE, xmlDefaultsOf } from "./xml";
import { getInvoicePdfData } from "./pdf";
import { assertAddressConfirmed } from "@/db/queries/email-confirmation";
import { invoiceEntity } from "./entity";


/** The texts a tenant without its own invoice e-mail gets. */
export function defaultEmailTexts(kind: DocumentKind, denomination: string): { subject: string; body: string } {
  // the kind as its PDF's title names it ('Fattura proforma'), and with its article in the body ('in allegato la fattura')
  const { pdf: { title: word }, withArticle: attached } = policyOf(kind);
  return {
    subject: `${word} n. {numero} del {data}`,
    body: `Gentile cliente,\n\nin allegato ${attached} n. {numero} del {data}, di {totale}.\n\nCordiali saluti${denomination.trim() ? `\n${denomination.trim()}` : ""}`,
  };
}

const snapshotText = (o: Record<string, unknown> | null | undefined, key: string): string => (o && typeof o[key] === "string" ? (o[key] as string) : "");

/** The customer's name as the document shows it (the snapshot of an issued one) and the address to write to. */
async function customerOf(scope: TenantScope, doc: Document): Promise<{ name: string; email: string }> {
  const contact = await scope.find(contacts, doc.contactId);
  const name = snapshotText(doc.buyerSnapshot, "name") || contact?.name || "";
  const email = contact?.email.trim() || contact?.pec.trim() || "";
  return { name, email };
}

function placeholderValues(doc: Document, customer: string): Record<string, string> {
  return {
    "{numero}": doc.numberText ?? "",
    "{data}": formatDate(doc.date),
    "{cliente}": customer,
    "{totale}": formatEuro(doc.total),
    // not advertised in the settings' hint yet: lets one template serve every kind
    "{documento}": policyOf(doc.kind).pdf.title,
  };
}

function prefilledTexts(tenant: Tenant, doc: Document, customer: string): { subject: string; body: string } {
  const fallback = defaultEmailTexts(doc.kind, tenant.denomination);
  const subject = tenant.invoiceEmailSubject.trim() || fallback.subject;
  const body = tenant.invoiceEmailBody.trim() || fallback.body;
  const values = placeholderValues(doc, customer);
  return { subject: fillPlaceholders(subject, values), body: fillPlaceholders(body, values) };
}

/** GET /api/invoices/send-email/{id}: the dialog's values and what it may offer (404 for another tenant's document). */
export async function emailFormData(scope: TenantScope, id: number): Promise<SendEmailFormData> {
  const doc = await scope.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
  const tenant = await scope.getTenant();
  const customer = await customerOf(scope, doc);
  const canAttachXml = XML_KINDS.includes(doc.kind);
  // the options matter only while the file is still to be built (a Scartata one is built again)
  const toBuild = canAttachXml && (!doc.electronicInvoiceXml || doc.state === "Scartata");
  // an option the tenant has a default for is not asked (xml.ts xmlDefaultsOf)
  const defaults = xmlDefaultsOf(tenant);
  return {
    sendEmail: { email: customer.email, cc: "", bcc: "", ...prefilledTexts(tenant, doc, customer.name), attachXml: false, version: doc.version },
    canAttachXml,
    xmlOptionsNeeded: {
      previdential: toBuild && Number(doc.professionistFundAmount) !== 0 && defaults.cassa === null,
      paymentCausal: toBuild && Number(doc.withholdingTaxAmount) !== 0 && defaults.causale === null,
    },
    draft: doc.number === null,
  };
}

export interface SendEmailResult {
  message: string;
  invoice: InvoiceJson;
}

/**
 * POST /api/invoices/send-email/{id}: the document's PDF (and FatturaPA file) to the customer, logged in its history.
 * `pdf`: the PDF pool's options (a planned operation's render waits for the pool instead of a 503).
 */
export async function sendInvoiceEmail(scope: TenantScope, id: number, input: SendEmailInput, today?: string, pdf: PdfRenderOptions = {}): Promise<SendEmailResult> {
  const doc = await scope.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
  if (input.version !== undefined && input.version !== doc.version) throw new StaleVersionError();
  if (doc.number === null || doc.numberText === null) throw new BadRequestError(SEND_EMAIL_MESSAGES.draft);
  if (input.attachXml && !XML_KINDS.includes(doc.kind)) throw new BadRequestError(SEND_EMAIL_MESSAGES.xmlKind);
  // an unconfirmed sign-up mails no customer (issue 29)
  await assertAddressConfirmed(scope, "mail");

  const pdfData = await getInvoicePdfData(scope, id);
  const attachments: MailAttachment[] = [{ filename: invoicePdfFilename(pdfData), contentType: "application/pdf", content: await renderDocumentPdf(pdfData, pdf) }];
  if (input.attachXml) {
    // the XML button's path: its options, pre-check and XSD refusals are this call's too (400)
    // a copy for the customer, not a transmission: the state stays (the XML button marks 'Inviata allo SDI')
    const file = await electronicInvoiceXml(scope, id, input.xmlOptions, today);
    attachments.push({ filename: file.filename, contentType: XML_CONTENT_TYPE, content: Buffer.from(file.contentBase64, "base64") });
  }

  const sent = await sendMail(scope.platform, {
    tenantId: scope.tenantId,
    to: input.email,
    cc: input.cc,
    bcc: input.bcc,
    subject: input.subject,
    text: input.body,
    html: textToHtml(input.body),
    attachments,
  });
  // the provider refused it: recorded in mail_outbox, the user must know it did not leave
  if (sent.error) throw new ApiError(502, `${SEND_EMAIL_MESSAGES.failed}: ${sent.error}`);

  // the XML may have moved the state (Emessa → Inviata allo SDI): the log and the answer read it again
  const current = await scope.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
  await scope.insert(documentStateLogs, {
    documentId: id,
    stateBefore: current.state,
    stateAfter: current.state,
    note: SEND_EMAIL_MESSAGES.historyNote(input.email),
    userId: scope.actor?.userId ?? null,
  });
  return { message: SEND_EMAIL_MESSAGES.sent, invoice: await invoiceEntity.toJson(scope, current) };
}
