// GET /api/services/update-form-data/{id} — the servizio to edit and the form's choices: { service, formData }.
import { getServiceFormData } from "@/db/queries/items";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => ok(await getServiceFormData(scope, parseId(params.id))));
