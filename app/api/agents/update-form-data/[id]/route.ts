// GET /api/agents/update-form-data/{id} — the agente to edit and the form's choices: { agent, formData }.
import { getAgentFormData } from "@/db/queries/agents";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>("ROLE_DOCUMENT", async ({ params, scope }) => ok(await getAgentFormData(scope, parseId(params.id))));
