// POST /api/invoices/credit-note/{id} — a credit note (TD04, Bozza) copying an issued invoice, linked to it: { status, message, invoice, source }.
import { createCreditNote } from "@/db/documents/copy";
import { invoiceEntity } from "@/db/documents/entity";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded<{ id: string }>(invoiceEntity.role, async ({ params, scope }) => {
  return ok({ ...(await createCreditNote(scope, parseId(params.id))) });
});
