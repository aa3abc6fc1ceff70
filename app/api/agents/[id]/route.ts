// POST /api/agents/{id} — update the agente (field "agent", version required → 409 when stale); DELETE — delete it.
import { deleteAgent, updateAgent } from "@/db/queries/agents";
import { DELETED_MESSAGE, requireVersion, SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { agentSchema } from "@/lib/schemas/agent";

export const POST = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, "agent", agentSchema);
  return ok({ message: SAVED_MESSAGE, agent: await updateAgent(scope, id, requireVersion(input.version), input) });
});

export const DELETE = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => {
  await deleteAgent(scope, parseId(params.id));
  return ok({ message: DELETED_MESSAGE });
});
