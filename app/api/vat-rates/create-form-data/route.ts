// GET /api/vat-rates/create-form-data — a new aliquota IVA template and the form's choices: { vatRate, formData }.
import { getVatRateFormData } from "@/db/queries/vat-rates";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_DOCUMENT", async ({ scope }) => ok(await getVatRateFormData(scope)));
