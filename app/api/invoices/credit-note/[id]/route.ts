// POST /api/invoices/credit-note/{id} — a credit note (TD04, Bozza) copying an issued invoice, linked to it: { status, message, invoice, source }.
import { createCreditNote } from "@/db/queries/invoice-actions";
import { invoiceEntity } from "@/db/queries/invoices";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded<{ id: string }>(invoiceEntity.role, async ({ params, scope }) => {
  return ok({ ...(await createCreditNote(scope, parseId(params.id))) });
});
