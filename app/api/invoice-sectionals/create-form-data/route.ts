// GET /api/invoice-sectionals/create-form-data — a new sectional template and the typologies: { invoiceSectional, formData }.
import { getInvoiceSectionalFormData } from "@/db/queries/invoice-sectionals";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_DOCUMENT", async ({ scope }) => ok(await getInvoiceSectionalFormData(scope)));
