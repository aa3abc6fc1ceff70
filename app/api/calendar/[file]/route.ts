// GET /api/calendar/{token}.ics — a user's calendar feed (text/calendar), no session: the secret token is the credential; an unknown, replaced or malformed token is a 404.
import { feedOfToken } from "@/db/queries/calendar-feed";
import { publicRoute } from "@/lib/api/route";
import { NotFoundError } from "@/lib/errors";
import { AGENDA_EVENT_MESSAGES } from "@/lib/schemas/agenda-event";

export const GET = publicRoute<{ file: string }>(async ({ params, db }) => {
  const match = /^(.+)\.ics$/.exec(params.file);
  if (!match) throw new NotFoundError(AGENDA_EVENT_MESSAGES.tokenUnknown);
  const body = await feedOfToken(db, match[1]!);
  return new Response(body, {
    headers: { "content-type": "text/calendar; charset=utf-8", "content-disposition": 'inline; filename="agenda.ics"', "cache-control": "private, no-store" },
  });
});
