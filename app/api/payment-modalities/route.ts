// GET /api/payment-modalities — modalità di pagamento: server-paged list (grid contract); POST — create (field "paymentModality").
import { createPaymentModality, paymentModalitiesGrid } from "@/db/queries/payment-modalities";
import { SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listRoute } from "@/lib/grid/define";
import { paymentModalitySchema } from "@/lib/schemas/payment-modality";

export const GET = listRoute(paymentModalitiesGrid, "ROLE_DOCUMENT");

export const POST = guarded("ROLE_DOCUMENT", async ({ req, scope }) => {
  const input = await readEntity(req, "paymentModality", paymentModalitySchema);
  return ok({ message: SAVED_MESSAGE, paymentModality: await createPaymentModality(scope, input) });
});
