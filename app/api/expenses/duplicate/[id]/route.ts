// POST /api/expenses/duplicate/{id} — a new purchase invoice copying the fields and deadlines (to pay again), without files: { status, message, expense }.
import { duplicateExpense, expenseEntity } from "@/db/queries/expenses";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { EXPENSE_MESSAGES } from "@/lib/schemas/expense";

export const POST = guarded<{ id: string }>(expenseEntity.role, async ({ params, scope }) => {
  return ok({ message: EXPENSE_MESSAGES.duplicated, expense: await duplicateExpense(scope, parseId(params.id)) });
});
