// POST /api/planned-operations/run-now/{id} — 'Esegui ora': the next occurrence made now: { status, message, run: { state, documentId, message } | null, plannedOperation }.
import { runPlannedOperationNow } from "@/db/queries/planned-operations-runner";
import { plannedOperationEntity } from "@/db/queries/planned-operations";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { PLANNED_OPERATION_MESSAGES } from "@/lib/schemas/planned-operation";

export const POST = guarded<{ id: string }>(plannedOperationEntity.role, async ({ params, scope }) => {
  const id = parseId(params.id);
  const outcome = await runPlannedOperationNow(scope, id);
  const plannedOperation = await plannedOperationEntity.get(scope, id);
  const run = outcome.ran ? { state: outcome.state, documentId: outcome.documentId, message: outcome.message } : null;
  return ok({ message: run?.state === "Errore" ? run.message : PLANNED_OPERATION_MESSAGES.ran, run, plannedOperation });
});
