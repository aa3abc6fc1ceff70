import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cents, createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { contacts } from "./contacts";
import { tenants } from "./tenants";
import { users } from "./users";

import type { ActivityPaymentType, ActivityState } from "../../lib/schemas/lookup-enums";

/**
 * Lavori: a job of a customer. activityNumber is the tenant's progressive (counter "activity", taken in
 * the saving transaction), unique in the tenant. The customer is a restricting reference: a contact with
 * jobs cannot be deleted (409).
 */
export const activities = pgTable(
  "activities",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").notNull(),
    activityNumber: integer("activity_number").notNull(),
    activityState: text("activity_state").$type<ActivityState>().notNull().default("Attivo"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    paymentType: text("payment_type").$type<ActivityPaymentType>().notNull(),
    /** Importo lavoro (cents) of a fixed-price job. */
    activityAmount: cents("activity_amount"),
    /** Scadenza prevista. */
    activityExpirationDate: date("activity_expiration_date", { mode: "string" }),
    finished: boolean("finished").notNull().default(false),
    /** A fixed-price job's amount has been invoiced (set by the sales documents). */
    invoiced: boolean("invoiced").notNull().default(false),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("activities_tenant_number_key").on(t.tenantId, t.activityNumber),
    // the customer's jobs (customer form, job picker of an invoice)
    index("activities_tenant_contact_idx").on(t.tenantId, t.contactId),
    // the default list: jobs not finished, newest number first
    index("activities_tenant_finished_number_idx").on(t.tenantId, t.finished, t.activityNumber),
    tenantKey("activities_tenant_id_key", t),
    sameTenant("activities_contact_fk", t.tenantId, t.contactId, contacts).onDelete("restrict"),
    check("activities_state_check", sql`${t.activityState} in ('Attivo', 'Sospeso', 'Concluso')`),
    check("activities_payment_type_check", sql`${t.paymentType} in ('Lavoro pagato a corpo', 'Lavoro pagato a ore')`),
  ],
);

/** Storico dei cambi di stato: written in the job's saving transaction (state before, after, when, who). */
export const activityStateLogs = pgTable(
  "activity_state_logs",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    activityId: integer("activity_id").notNull(),
    /** null: the job was created in stateAfter. */
    stateBefore: text("state_before").$type<ActivityState>(),
    stateAfter: text("state_after").$type<ActivityState>().notNull(),
    userId: integer("user_id"),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    index("activity_state_logs_tenant_activity_idx").on(t.tenantId, t.activityId, t.created),
    sameTenant("activity_state_logs_activity_fk", t.tenantId, t.activityId, activities).onDelete("cascade"),
    sameTenant("activity_state_logs_user_fk", t.tenantId, t.userId, users).onDelete("set null"),
  ],
);

/**
 * Ore lavorate: a user's time on a job. workDate, startTime and endTime are what the user sees (Europe/Rome);
 * startAt and endAt are the instants they name (an end at or before the start is the next day), minutes the
 * real time between them (right on the DST change days). A running entry (the time tracker) has no end: at
 * most one per user, by a partial unique index.
 */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    activityId: integer("activity_id").notNull(),
    workDate: date("work_date", { mode: "string" }).notNull(),
    startAt: timestamp("start_at", { withTimezone: true, mode: "date" }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true, mode: "date" }),
    minutes: integer("minutes"),
    description: text("description").notNull().default(""),
    billable: boolean("billable").notNull().default(true),
    /** Billed on a sales invoice (set by the sales documents): read-only from then on. */
    invoiced: boolean("invoiced").notNull().default(false),
    /**
     * The hourly price (cents) of the job's customer, null when the customer has none (then the tenant's applies).
     * Kept by the database's triggers (drizzle/0028), never written by the code: on insert or a change of job, when
     * the customer's price changes, when the job changes customer. The value of an entry (hours report) reads it
     * here instead of joining every entry with its job and customer.
     */
    customerRate: integer("customer_rate"),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // one running entry per user: two STARTs at once leave exactly one
    uniqueIndex("time_entries_one_running_key").on(t.tenantId, t.userId).where(sql`${t.endAt} is null`),
    // a user's entries by time (overlap check, the list filtered by user and period)
    index("time_entries_tenant_user_start_idx").on(t.tenantId, t.userId, t.startAt),
    // the list by period, newest first. The columns after the id (unique: they do not change the order) make the
    // hours report (Statistiche, a year is ~330,000 entries at 1,000,000) an index-only scan
    index("time_entries_tenant_date_idx").on(t.tenantId, t.workDate, t.id, t.activityId, t.userId, t.minutes, t.billable, t.invoiced, t.customerRate),
    // a job's hours (job form, the jobs list's Ore lavorate and Da fatturare, the concluded jobs report, the hours
    // report per job: a period of one job's entries together): index-only
    index("time_entries_tenant_activity_idx").on(t.tenantId, t.activityId, t.workDate, t.minutes, t.billable, t.invoiced, t.userId, t.customerRate),
    tenantKey("time_entries_tenant_id_key", t),
    sameTenant("time_entries_activity_fk", t.tenantId, t.activityId, activities).onDelete("cascade"),
    sameTenant("time_entries_user_fk", t.tenantId, t.userId, users).onDelete("restrict"),
    check("time_entries_end_after_start", sql`${t.endAt} is null or ${t.endAt} > ${t.startAt}`),
    check("time_entries_at_most_a_day", sql`${t.endAt} is null or ${t.endAt} <= ${t.startAt} + interval '24 hours'`),
  ],
);

export type Activity = typeof activities.$inferSelect;
export type ActivityStateLog = typeof activityStateLogs.$inferSelect;
export type TimeEntry = typeof timeEntries.$inferSelect;
