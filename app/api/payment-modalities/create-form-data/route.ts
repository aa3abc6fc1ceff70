// GET /api/payment-modalities/create-form-data — a new modalità di pagamento template and the form's choices: { paymentModality, formData }.
import { getPaymentModalityFormData } from "@/db/queries/payment-modalities";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_DOCUMENT", async ({ scope }) => ok(await getPaymentModalityFormData(scope)));
