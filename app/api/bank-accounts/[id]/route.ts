// POST /api/bank-accounts/{id} — update the conto corrente (field "bankAccount", version required → 409 when stale); DELETE — delete it.
import { deleteBankAccount, updateBankAccount } from "@/db/queries/bank-accounts";
import { DELETED_MESSAGE, requireVersion, SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { bankAccountSchema } from "@/lib/schemas/bank-account";

export const POST = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, "bankAccount", bankAccountSchema);
  return ok({ message: SAVED_MESSAGE, bankAccount: await updateBankAccount(scope, id, requireVersion(input.version), input) });
});

export const DELETE = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => {
  await deleteBankAccount(scope, parseId(params.id));
  return ok({ message: DELETED_MESSAGE });
});
