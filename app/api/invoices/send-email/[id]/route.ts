// GET /api/invoices/send-email/{id} — the 'Invia email' dialog prefilled: { status, sendEmail, canAttachXml, xmlOptionsNeeded, draft }.
// POST /api/invoices/send-email/{id} — sends the document's PDF (and FatturaPA file) to the customer (multipart, field sendEmail): { status, message, invoice }.
import { emailFormData, sendInvoiceEmail } from "@/db/documents/email";
import { invoiceEntity } from "@/db/documents/entity";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { SEND_EMAIL_FIELD, sendEmailSchema } from "@/lib/schemas/invoice-email";

export const GET = guarded<{ id: string }>(invoiceEntity.role, async ({ params, scope }) => {
  return ok({ ...(await emailFormData(scope, parseId(params.id))) });
});

export const POST = guarded<{ id: string }>(invoiceEntity.role, async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, SEND_EMAIL_FIELD, sendEmailSchema);
  return ok({ ...(await sendInvoiceEmail(scope, id, input)) });
});
