// POST /api/time-entries/time-entry-start/{activityId} — START (empty body): { status, message: 'Inizio lavoro confermato', timeEntryRunning }.
import { runningEntry, startEntry, timeEntryEntity } from "@/db/queries/time-entries";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { TIME_ENTRY_MESSAGES } from "@/lib/schemas/time-entry";

export const POST = guarded<{ activityId: string }>(timeEntryEntity.role, async ({ params, scope }) => {
  await startEntry(scope, parseId(params.activityId));
  return ok({ message: TIME_ENTRY_MESSAGES.started, timeEntryRunning: await runningEntry(scope) });
});
