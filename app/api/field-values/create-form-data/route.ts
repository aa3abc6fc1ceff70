// GET /api/field-values/create-form-data — empty value of list ?fieldName= for the 'Inserimento valore' form.
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { validate } from "@/lib/api/body";
import { fieldValuesGridParams } from "@/lib/schemas/field-value";

export const GET = guarded("ROLE_DOCUMENT", async ({ req }) => {
  const { fieldName } = validate(fieldValuesGridParams, { fieldName: req.nextUrl.searchParams.get("fieldName") ?? undefined });
  return ok({ fieldValue: { id: null, version: 0, fieldName, fieldValue: "", rowColor: null, toString: "" }, formData: {} });
});
