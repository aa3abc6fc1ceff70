// GET /api/bank-accounts/create-form-data — a new conto corrente template and the form's choices: { bankAccount, formData }.
import { getBankAccountFormData } from "@/db/queries/bank-accounts";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_DOCUMENT", async ({ scope }) => ok(await getBankAccountFormData(scope)));
