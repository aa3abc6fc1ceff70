// POST /api/bank-movements/import-headers — multipart: one statement file in part "files", JSON field "bankAccount" { id } → { status, format, headers, mapping (the account's remembered one when it fits, else suggested), complete }. Writes nothing.
import { BANK_MOVEMENTS_ROLE, statementHeaders } from "@/db/queries/bank-movements";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { readStatementUpload } from "../_lib/upload";

export const POST = guarded(BANK_MOVEMENTS_ROLE, async ({ req, scope }) => {
  const { accountId, files } = await readStatementUpload(req);
  return ok({ ...(await statementHeaders(scope, accountId, files[0]!)) });
});
