// POST /api/bank-movements/import — multipart: statement files in part "files" (camt.053, CBI, CSV, XLSX; one or more), JSON field "bankAccount" { id }, optional JSON field "mapping" (ColumnMapping of a CSV/XLSX, then remembered on the account) → { status, message, imported, duplicates, autoMatched, refused: [{ file, reason, headers? }] }.
import { BANK_MOVEMENTS_ROLE, importStatements } from "@/db/queries/bank-movements";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { readStatementUpload } from "../_lib/upload";

export const POST = guarded(BANK_MOVEMENTS_ROLE, async ({ req, scope }) => {
  const { accountId, files, mapping } = await readStatementUpload(req);
  return ok({ ...(await importStatements(scope, accountId, files, mapping)) });
});
