// GET /api/invoice-sectionals/update-form-data/{id} — the sectional to edit: { invoiceSectional, formData }.
import { getInvoiceSectionalFormData } from "@/db/queries/invoice-sectionals";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => ok(await getInvoiceSectionalFormData(scope, parseId(params.id))));
