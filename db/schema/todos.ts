import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { activities } from "./activities";
import { createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { contacts } from "./contacts";
import { tenants } from "./tenants";
import { users } from "./users";

import type { AlertType, TodoPriority } from "../../lib/schemas/todo-enums";

/**
 * Impegni: a to-do, optionally of a customer and a job, assigned to a user of the tenant. The alert moment
 * (alert_on, generated) is the day the reminder is due: the due date minus alertDays for 'Giorni prima della
 * scadenza', alertDate for 'Data fissa', null without an alert. Deleting a customer, job or user clears the
 * reference and keeps the to-do.
 */
export const todos = pgTable(
  "todos",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    contactId: integer("contact_id"),
    activityId: integer("activity_id"),
    assigneeId: integer("assignee_id"),
    /** Who created it: the reminder goes to them when nobody is assigned. */
    createdById: integer("created_by_id"),
    dueDate: date("due_date", { mode: "string" }),
    done: boolean("done").notNull().default(false),
    doneDate: date("done_date", { mode: "string" }),
    alertType: text("alert_type").$type<AlertType>(),
    alertDays: integer("alert_days"),
    alertDate: date("alert_date", { mode: "string" }),
    alertOn: date("alert_on", { mode: "string" }).generatedAlwaysAs(
      sql.raw(
        `case when "alert_type" = 'Data fissa' then "alert_date" when "alert_type" = 'Giorni prima della scadenza' then "due_date" - "alert_days" end`,
      ),
    ),
    priority: text("priority").$type<TodoPriority>().notNull().default("Normale"),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the default list (done = 0) by due date
    index("todos_tenant_done_due_idx").on(t.tenantId, t.done, t.dueDate),
    // the calendar and the feed: to-dos with a due date in a range
    index("todos_tenant_due_idx").on(t.tenantId, t.dueDate),
    // the reminder scan across tenants: open to-dos whose alert day has come
    index("todos_alert_on_idx").on(t.alertOn).where(sql`${t.done} = false and ${t.alertOn} is not null`),
    tenantKey("todos_tenant_id_key", t),
    sameTenant("todos_contact_fk", t.tenantId, t.contactId, contacts).onDelete("set null"),
    sameTenant("todos_activity_fk", t.tenantId, t.activityId, activities).onDelete("set null"),
    sameTenant("todos_assignee_fk", t.tenantId, t.assigneeId, users).onDelete("set null"),
    sameTenant("todos_created_by_fk", t.tenantId, t.createdById, users).onDelete("set null"),
    check("todos_alert_type_check", sql`${t.alertType} is null or ${t.alertType} in ('Giorni prima della scadenza', 'Data fissa')`),
    check("todos_priority_check", sql`${t.priority} in ('Bassa', 'Normale', 'Alta')`),
    check("todos_alert_days_check", sql`${t.alertDays} is null or ${t.alertDays} >= 0`),
  ],
);

/**
 * One row per reminder sent: (todo, alert day) is unique, so of two workers racing on the same alert only the
 * one whose INSERT … ON CONFLICT DO NOTHING inserts sends the e-mail and writes the notification (in the same
 * transaction). Moving the alert to another day makes a new reminder due.
 */
export const todoReminders = pgTable(
  "todo_reminders",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    todoId: integer("todo_id").notNull(),
    alertOn: date("alert_on", { mode: "string" }).notNull(),
    userId: integer("user_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("todo_reminders_todo_alert_key").on(t.tenantId, t.todoId, t.alertOn),
    sameTenant("todo_reminders_todo_fk", t.tenantId, t.todoId, todos).onDelete("cascade"),
    sameTenant("todo_reminders_user_fk", t.tenantId, t.userId, users).onDelete("set null"),
  ],
);

export type Todo = typeof todos.$inferSelect;
export type TodoReminder = typeof todoReminders.$inferSelect;
