// POST /api/invoices/download-electronic-invoice-xml/{id} — the FatturaPA file of a numbered invoice or credit note (multipart, field xmlOptions { previdential, paymentCausal }) → { filename, contentBase64, contentType }; 400 with the SDI pre-check's messages and codes.
import { electronicInvoiceXml } from "@/db/documents/xml";
import { invoiceEntity } from "@/db/documents/entity";
import { entityFromForm, parseId, readForm } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { xmlOptionsSchema } from "@/lib/schemas/invoice";

export const POST = guarded<{ id: string }>(invoiceEntity.role, async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const form = await readForm(req);
  // a stored file needs no options: the field may be left out
  const options = form.get("xmlOptions") === null ? xmlOptionsSchema.parse(undefined) : entityFromForm(form, "xmlOptions", xmlOptionsSchema);
  return ok({ ...(await electronicInvoiceXml(scope, id, options)) });
});
