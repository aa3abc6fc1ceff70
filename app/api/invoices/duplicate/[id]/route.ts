// POST /api/invoices/duplicate/{id} — a Bozza copy of the document (same kind, rows; deadlines recomputed), linked to it: { status, message, invoice, source }.
import { duplicateDocument } from "@/db/documents/copy";
import { invoiceEntity } from "@/db/documents/entity";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded<{ id: string }>(invoiceEntity.role, async ({ params, scope }) => {
  return ok({ ...(await duplicateDocument(scope, parseId(params.id))) });
});
