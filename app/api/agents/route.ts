// GET /api/agents — agente: server-paged list (grid contract); POST — create (field "agent").
import { createAgent, agentsGrid } from "@/db/queries/agents";
import { SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listRoute } from "@/lib/grid/define";
import { agentSchema } from "@/lib/schemas/agent";

export const GET = listRoute(agentsGrid, "ROLE_DOCUMENT");

export const POST = guarded("ROLE_DOCUMENT", async ({ req, scope }) => {
  const input = await readEntity(req, "agent", agentSchema);
  return ok({ message: SAVED_MESSAGE, agent: await createAgent(scope, input) });
});
