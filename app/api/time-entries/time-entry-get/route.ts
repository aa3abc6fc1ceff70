// GET /api/time-entries/time-entry-get — the user's running entry: { timeEntryRunning: { id, start, activity } | null }.
import { runningEntry, timeEntryEntity } from "@/db/queries/time-entries";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded(timeEntryEntity.role, async ({ scope }) => ok({ timeEntryRunning: await runningEntry(scope) }));
