// GET /api/calendar/token — the logged-in user's feed URL ({ status, url }; url null before the first 'Genera').
import { calendarPathOf } from "@/db/queries/calendar-feed";
import { appUrl } from "@/lib/api/links";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded("ROLE_USER", async ({ req, scope }) => {
  const path = await calendarPathOf(scope);
  return ok({ url: path ? `${appUrl(req)}${path}` : null });
});
