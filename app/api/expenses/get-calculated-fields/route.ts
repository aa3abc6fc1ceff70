// POST /api/expenses/get-calculated-fields — the form's purchase invoice (multipart or JSON body, field expense) → { deadlines, total }: the deadlines the payment modality gives the amount due from the document date, 'Da saldare', with the invoice's bank account; nothing is saved.
import { expenseCalculatedFields, expenseEntity } from "@/db/queries/expenses";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { expenseCalculationSchema } from "@/lib/schemas/expense";

export const POST = guarded(expenseEntity.role, async ({ req, scope }) => {
  const expense = await readEntity(req, expenseEntity.api.field, expenseCalculationSchema);
  return ok({ ...(await expenseCalculatedFields(scope, expense)) });
});
