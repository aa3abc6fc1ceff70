// POST /api/vat-rates/{id} — update the aliquota IVA (field "vatRate", version required → 409 when stale); DELETE — delete it.
import { deleteVatRate, updateVatRate } from "@/db/queries/vat-rates";
import { DELETED_MESSAGE, requireVersion, SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { vatRateSchema } from "@/lib/schemas/vat-rate";

export const POST = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, "vatRate", vatRateSchema);
  return ok({ message: SAVED_MESSAGE, vatRate: await updateVatRate(scope, id, requireVersion(input.version), input) });
});

export const DELETE = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => {
  await deleteVatRate(scope, parseId(params.id));
  return ok({ message: DELETED_MESSAGE });
});
