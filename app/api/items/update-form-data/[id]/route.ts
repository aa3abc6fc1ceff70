// GET /api/items/update-form-data/{id} — the prodotto to edit and the form's choices: { item, formData }.
import { getItemFormData } from "@/db/queries/items";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => ok(await getItemFormData(scope, parseId(params.id))));
