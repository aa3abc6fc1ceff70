// GET /api/activities/get-unfinished — the time tracker's job selector: { activities: [{ id, toString }] } of the jobs not completed (query, offset, limit as any ajax select).
import { activityEntity, unfinishedActivities } from "@/db/queries/activities";
import { parseOptionsQuery } from "@/lib/api/entity-routes";
import { guarded } from "@/lib/api/route";

export const GET = guarded(activityEntity.role, async ({ req, scope }) => {
  const activities = await unfinishedActivities(scope, parseOptionsQuery(req.nextUrl.searchParams));
  // the ajax select reads the list from the first key
  return Response.json({ activities, status: "ok" });
});
