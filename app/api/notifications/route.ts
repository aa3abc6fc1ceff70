// GET /api/notifications — the user's own notifications, newest first: { status, notifications: [{ id, title, body, link, todoId, createdAt, readAt }], unread }.
import { listNotifications } from "@/db/queries/notifications";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded(null, async ({ scope }) => ok(await listNotifications(scope)));
