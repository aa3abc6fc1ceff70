import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, sameTenant } from "./columns";
import { tenants } from "./tenants";
import { todos } from "./todos";
import { users } from "./users";

/** In-app notifications of a user (the bell in the top bar); read_at null = unread. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    todoId: integer("todo_id"),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** An in-app path to open (e.g. /impegni). */
    link: text("link"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    // the bell: a user's newest first, and the unread count
    index("notifications_user_created_idx").on(t.tenantId, t.userId, t.createdAt),
    sameTenant("notifications_user_fk", t.tenantId, t.userId, users).onDelete("cascade"),
    sameTenant("notifications_todo_fk", t.tenantId, t.todoId, todos).onDelete("set null"),
  ],
);

export type Notification = typeof notifications.$inferSelect;
