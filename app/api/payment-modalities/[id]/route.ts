// POST /api/payment-modalities/{id} — update the modalità di pagamento (field "paymentModality", version required → 409 when stale); DELETE — delete it.
import { deletePaymentModality, updatePaymentModality } from "@/db/queries/payment-modalities";
import { DELETED_MESSAGE, requireVersion, SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { paymentModalitySchema } from "@/lib/schemas/payment-modality";

export const POST = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, "paymentModality", paymentModalitySchema);
  return ok({ message: SAVED_MESSAGE, paymentModality: await updatePaymentModality(scope, id, requireVersion(input.version), input) });
});

export const DELETE = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => {
  await deletePaymentModality(scope, parseId(params.id));
  return ok({ message: DELETED_MESSAGE });
});
