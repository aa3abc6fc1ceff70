// GET /api/planned-operations/runs/{id} — 'Storico esecuzioni': { status, runs: [{ id, occurrence, state, message, document, link, createdAt }] }, newest first.
import { listPlannedRuns, plannedOperationEntity } from "@/db/queries/planned-operations";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>(plannedOperationEntity.role, async ({ params, scope }) => ok({ runs: await listPlannedRuns(scope, parseId(params.id)) }));
