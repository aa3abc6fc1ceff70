// GET /api/items/create-form-data — a new prodotto template and the form's choices: { item, formData }.
import { getItemFormData } from "@/db/queries/items";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_DOCUMENT", async ({ scope }) => ok(await getItemFormData(scope)));
