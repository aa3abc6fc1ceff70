// POST /api/time-entries/time-entry-end — STOP (empty body): { status, message, timeEntry, dialogMessage? } (the end clipped to the next entry).
import { stopEntry, timeEntryEntity } from "@/db/queries/time-entries";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { TIME_ENTRY_MESSAGES } from "@/lib/schemas/time-entry";

export const POST = guarded(timeEntryEntity.role, async ({ scope }) => ok({ message: TIME_ENTRY_MESSAGES.stopped, ...(await stopEntry(scope)) }));
