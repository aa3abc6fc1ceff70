// POST /api/notifications/read — marks the user's notifications read (field ids "1,2" or all=1): { status, message, unread }.
import { markNotificationsRead } from "@/db/queries/notifications";
import { readForm, validate } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { markReadSchema, NOTIFICATION_MESSAGES } from "@/lib/schemas/notification";

export const POST = guarded(null, async ({ req, scope }) => {
  const form = await readForm(req);
  const value = (key: string) => (typeof form.get(key) === "string" ? (form.get(key) as string) : undefined);
  const input = validate(markReadSchema, { ids: value("ids"), all: value("all") });
  const unread = await markNotificationsRead(scope, input);
  return ok({ message: NOTIFICATION_MESSAGES.read, unread });
});
