// GET /api/field-values/update-form-data/{id} — the value for the 'Modifica valore' form (foreign id → 404).
import { getFieldValueOrThrow, toFieldValueDto } from "@/db/queries/field-values";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ scope, params }) => {
  const row = await getFieldValueOrThrow(scope, parseId(params.id));
  return ok({ fieldValue: toFieldValueDto(row), formData: {} });
});
