// GET /api/bank-accounts — conto corrente: server-paged list (grid contract); POST — create (field "bankAccount").
import { createBankAccount, bankAccountsGrid } from "@/db/queries/bank-accounts";
import { SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listRoute } from "@/lib/grid/define";
import { bankAccountSchema } from "@/lib/schemas/bank-account";

export const GET = listRoute(bankAccountsGrid, "ROLE_DOCUMENT");

export const POST = guarded("ROLE_DOCUMENT", async ({ req, scope }) => {
  const input = await readEntity(req, "bankAccount", bankAccountSchema);
  return ok({ message: SAVED_MESSAGE, bankAccount: await createBankAccount(scope, input) });
});
