// POST /api/invoices/convert/{id}?to=INVOICE|PROFORMA — a proforma or quote copied into a new invoice (a quote also into a proforma), linked to it: { status, message, invoice, source }.
import { convertDocument } from "@/db/documents/copy";
import { invoiceEntity } from "@/db/documents/entity";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded<{ id: string }>(invoiceEntity.role, async ({ req, params, scope }) => {
  return ok({ ...(await convertDocument(scope, parseId(params.id), req.nextUrl.searchParams.get("to"))) });
});
