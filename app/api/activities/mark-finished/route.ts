// POST /api/activities/mark-finished — 'Segna completato' on the selected jobs: multipart ids (comma list); answers { status, message, updated }.
import { activityEntity, markFinished } from "@/db/queries/activities";
import { parseIdList, readForm } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { ACTIVITY_MESSAGES } from "@/lib/schemas/activity";

export const POST = guarded(activityEntity.role, async ({ req, scope }) => {
  // select-all may send many ids
  const form = await readForm(req, 16 * 1024 * 1024);
  const updated = await markFinished(scope, parseIdList(form.get("ids")));
  return ok({ message: ACTIVITY_MESSAGES.finishedDone, updated });
});
