/**
 * The bell (top bar): a user's own in-app notifications. Every call reads and writes only the acting user's rows
 * of the session's tenant; another user's notification is not there for them.
 */
import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { notifications } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import type { MarkReadInput, NotificationJson } from "@/lib/schemas/notification";

/** How many the bell lists (newest first); the unread count covers all. */
export const NOTIFICATIONS_SHOWN = 30;

const mine = (scope: TenantScope) => eq(notifications.userId, scope.actorId);

export async function listNotifications(scope: TenantScope, limit = NOTIFICATIONS_SHOWN): Promise<{ notifications: NotificationJson[]; unread: number }> {
  const rows = await scope
    .select({ id: notifications.id, title: notifications.title, body: notifications.body, link: notifications.link, todoId: notifications.todoId, createdAt: notifications.createdAt, readAt: notifications.readAt })
    .from(notifications)
    .where(mine(scope))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const unread = await scope.count(notifications, and(mine(scope), isNull(notifications.readAt)));
  return {
    notifications: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), readAt: r.readAt ? new Date(r.readAt).toISOString() : null })),
    unread,
  };
}

/** Marks the user's notifications read (the listed ones, or all); others' ids are ignored. Answers the unread left. */
export async function markNotificationsRead(scope: TenantScope, input: MarkReadInput): Promise<number> {
  await scope.updateWhere(notifications, and(mine(scope), isNull(notifications.readAt), input.all ? undefined : inArray(notifications.id, input.ids)), { readAt: sql`now()` });
  return scope.count(notifications, and(mine(scope), isNull(notifications.readAt)));
}
