// GET /api/payment-modalities/update-form-data/{id} — the modalità di pagamento to edit and the form's choices: { paymentModality, formData }.
import { getPaymentModalityFormData } from "@/db/queries/payment-modalities";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => ok(await getPaymentModalityFormData(scope, parseId(params.id))));
