// GET /api/services — servizio: server-paged list (grid contract); POST — create (field "service").
import { createService, servicesGrid } from "@/db/queries/items";
import { SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listRoute } from "@/lib/grid/define";
import { serviceSchema } from "@/lib/schemas/item";

export const GET = listRoute(servicesGrid, "ROLE_DOCUMENT");

export const POST = guarded("ROLE_DOCUMENT", async ({ req, scope }) => {
  const input = await readEntity(req, "service", serviceSchema);
  return ok({ message: SAVED_MESSAGE, service: await createService(scope, input) });
});
