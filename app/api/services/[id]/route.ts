// POST /api/services/{id} — update the servizio (field "service", version required → 409 when stale); DELETE — delete it.
import { deleteService, updateService } from "@/db/queries/items";
import { DELETED_MESSAGE, requireVersion, SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { serviceSchema } from "@/lib/schemas/item";

export const POST = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, "service", serviceSchema);
  return ok({ message: SAVED_MESSAGE, service: await updateService(scope, id, requireVersion(input.version), input) });
});

export const DELETE = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => {
  await deleteService(scope, parseId(params.id));
  return ok({ message: DELETED_MESSAGE });
});
