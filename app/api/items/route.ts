// GET /api/items — prodotto: server-paged list (grid contract); POST — create (field "item").
import { createItem, itemsGrid } from "@/db/queries/items";
import { SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listRoute } from "@/lib/grid/define";
import { itemSchema } from "@/lib/schemas/item";

export const GET = listRoute(itemsGrid, "ROLE_DOCUMENT");

export const POST = guarded("ROLE_DOCUMENT", async ({ req, scope }) => {
  const input = await readEntity(req, "item", itemSchema);
  return ok({ message: SAVED_MESSAGE, item: await createItem(scope, input) });
});
