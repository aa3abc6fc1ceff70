// GET /api/vat-rates/update-form-data/{id} — the aliquota IVA to edit and the form's choices: { vatRate, formData }.
import { getVatRateFormData } from "@/db/queries/vat-rates";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => ok(await getVatRateFormData(scope, parseId(params.id))));
