// POST /api/items/{id} — update the prodotto (field "item", version required → 409 when stale); DELETE — delete it.
import { deleteItem, updateItem } from "@/db/queries/items";
import { DELETED_MESSAGE, requireVersion, SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { itemSchema } from "@/lib/schemas/item";

export const POST = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, "item", itemSchema);
  return ok({ message: SAVED_MESSAGE, item: await updateItem(scope, id, requireVersion(input.version), input) });
});

export const DELETE = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => {
  await deleteItem(scope, parseId(params.id));
  return ok({ message: DELETED_MESSAGE });
});
