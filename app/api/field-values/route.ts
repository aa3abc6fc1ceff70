// GET /api/field-values — server-paged list of one value list (?fieldName=…, grid contract); POST — create (field "fieldValue").
import { createFieldValue, fieldValuesGrid, toFieldValueDto } from "@/db/queries/field-values";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listRoute } from "@/lib/grid/define";
import { fieldValueCreateSchema } from "@/lib/schemas/field-value";

export const GET = listRoute(fieldValuesGrid, "ROLE_DOCUMENT");

export const POST = guarded("ROLE_DOCUMENT", async ({ req, scope }) => {
  const input = await readEntity(req, "fieldValue", fieldValueCreateSchema);
  const saved = await createFieldValue(scope, input);
  return ok({ message: "Salvataggio effettuato", fieldValue: toFieldValueDto(saved) });
});
