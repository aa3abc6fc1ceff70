// POST /api/invoice-sectionals/{id} — update the sectional (field "invoiceSectional", version required); DELETE — delete it.
import { deleteInvoiceSectional, updateInvoiceSectional } from "@/db/queries/invoice-sectionals";
import { DELETED_MESSAGE, requireVersion, SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { invoiceSectionalSchema } from "@/lib/schemas/invoice-sectional";

export const POST = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, "invoiceSectional", invoiceSectionalSchema);
  return ok({ message: SAVED_MESSAGE, invoiceSectional: await updateInvoiceSectional(scope, id, requireVersion(input.version), input) });
});

export const DELETE = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => {
  await deleteInvoiceSectional(scope, parseId(params.id));
  return ok({ message: DELETED_MESSAGE });
});
