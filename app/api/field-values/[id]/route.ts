// POST /api/field-values/{id} — update (field "fieldValue", stale version → 409); DELETE — delete.
import { deleteFieldValue, toFieldValueDto, updateFieldValue } from "@/db/queries/field-values";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { fieldValueSchema } from "@/lib/schemas/field-value";

export const POST = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ req, scope, params }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, "fieldValue", fieldValueSchema);
  const saved = await updateFieldValue(scope, id, input);
  return ok({ message: "Modifica effettuata", fieldValue: toFieldValueDto(saved) });
});

export const DELETE = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ scope, params }) => {
  await deleteFieldValue(scope, parseId(params.id));
  return ok({ message: "Eliminazione effettuata" });
});
