// GET /api/services/create-form-data — a new servizio template and the form's choices: { service, formData }.
import { getServiceFormData } from "@/db/queries/items";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_DOCUMENT", async ({ scope }) => ok(await getServiceFormData(scope)));
