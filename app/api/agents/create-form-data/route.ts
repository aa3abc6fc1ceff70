// GET /api/agents/create-form-data — a new agente template and the form's choices: { agent, formData }.
import { getAgentFormData } from "@/db/queries/agents";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_DOCUMENT", async ({ scope }) => ok(await getAgentFormData(scope)));
