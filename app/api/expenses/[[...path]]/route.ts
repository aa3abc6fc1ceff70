// /api/expenses — Fatture d'acquisto: the standard entity calls (list with the totals footer, export, create-form-data, update-form-data/{id}, get/{id}, get-filtered-list, delete/{id}); the saves POST /api/expenses and /api/expenses/{id} (multipart: expense, electronicInvoiceXmlFileContent, electronicInvoiceOriginalFileContent, filesContent[index]) answer { status, message, expense }. get-calculated-fields, duplicate, the downloads and import are routes of their own (static segments win over this catch-all).
import { expenseEntity, withEinvoiceFiles } from "@/db/queries/expenses";
import { SAVED_MESSAGE, UPDATED_MESSAGE } from "@/db/entity";
import { parseId } from "@/lib/api/body";
import { entityRoutes, UNKNOWN_CALL } from "@/lib/api/entity-routes";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { NotFoundError } from "@/lib/errors";
import { readExpenseSave } from "../_lib/read-expense-save";

export const { GET, DELETE } = entityRoutes(expenseEntity);

export const POST = guarded<{ path?: string[] }>(expenseEntity.role, async ({ req, params, scope }) => {
  const path = params.path ?? [];
  if (path.length > 1) throw new NotFoundError(UNKNOWN_CALL);
  const id = path.length === 1 ? parseId(path[0]) : undefined;
  const body = await readExpenseSave(req, scope);
  let saved;
  try {
    const input = withEinvoiceFiles(body.input, body.einvoice);
    saved = id === undefined ? await expenseEntity.create(scope, input, body.staged) : await expenseEntity.update(scope, id, input, body.staged);
  } catch (err) {
    await body.discard();
    throw err;
  }
  return ok({ message: id === undefined ? SAVED_MESSAGE : UPDATED_MESSAGE, expense: saved });
});
