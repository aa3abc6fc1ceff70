// GET /api/bank-accounts/update-form-data/{id} — the conto corrente to edit and the form's choices: { bankAccount, formData }.
import { getBankAccountFormData } from "@/db/queries/bank-accounts";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => ok(await getBankAccountFormData(scope, parseId(params.id))));
