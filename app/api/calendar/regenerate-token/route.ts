// POST /api/calendar/regenerate-token — a new secret feed URL for the logged-in user ({ status, message, url }); the old one answers 404 at once.
import { regenerateCalendarToken } from "@/db/queries/calendar-feed";
import { appUrl } from "@/lib/api/links";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded("ROLE_USER", async ({ req, scope }) => ok({ message: "Nuovo indirizzo del calendario generato", url: `${appUrl(req)}${await regenerateCalendarToken(scope)}` }));
