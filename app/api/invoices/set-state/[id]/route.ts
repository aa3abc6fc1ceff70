// POST /api/invoices/set-state/{id} — a new state of the document (multipart, field invoiceState { state, version? }); leaving Bozza gives the number: { status, message, invoice }.
import { invoiceEntity } from "@/db/documents/entity";
import { setDocumentState } from "@/db/documents/set-state";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { INVOICE_MESSAGES, invoiceStateSchema } from "@/lib/schemas/invoice";

export const POST = guarded<{ id: string }>(invoiceEntity.role, async ({ req, params, scope }) => {
  const { state, version } = await readEntity(req, "invoiceState", invoiceStateSchema);
  const invoice = await setDocumentState(scope, parseId(params.id), state, version);
  return ok({ message: INVOICE_MESSAGES.stateChanged, invoice });
});
