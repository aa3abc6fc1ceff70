import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { activities } from "./activities";
import { createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { contacts } from "./contacts";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * Agenda: an appointment. starts_at / ends_at are instants (the API speaks Europe/Rome wall-clock times,
 * db/queries/agenda-events.ts converts); an all-day appointment runs from the Italian midnight of its first
 * day to the midnight after its last (end exclusive, as the calendar reads it).
 *
 * The range query (events overlapping [from, to): starts_at < to and ends_at > from) needs a bound on both
 * sides of one indexed column: an appointment of at most 7 days starts after from - 7 days, so the
 * (tenant_id, starts_at) index reads a window of the range plus a week; the few longer ones (long_event,
 * generated) are read apart through their own partial index on ends_at.
 */
export const agendaEvents = pgTable(
  "agenda_events",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
    allDay: boolean("all_day").notNull().default(false),
    /** Longer than 7 days: outside the start-window of the range query (see above). */
    longEvent: boolean("long_event")
      .notNull()
      .generatedAlwaysAs(sql.raw(`"ends_at" - "starts_at" > interval '7 days'`)),
    contactId: integer("contact_id"),
    activityId: integer("activity_id"),
    place: text("place").notNull().default(""),
    description: text("description").notNull().default(""),
    createdById: integer("created_by_id"),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the calendar's range (appointments of up to 7 days) and the list's order
    index("agenda_events_tenant_starts_idx").on(t.tenantId, t.startsAt),
    // the range's long appointments: few, read by their end
    index("agenda_events_tenant_long_idx").on(t.tenantId, t.endsAt).where(sql`${t.longEvent}`),
    // a customer's or job's appointments (and their deletes clearing the reference)
    index("agenda_events_tenant_contact_idx").on(t.tenantId, t.contactId),
    index("agenda_events_tenant_activity_idx").on(t.tenantId, t.activityId),
    tenantKey("agenda_events_tenant_id_key", t),
    // an appointment outlives its customer, job or author: the reference is cleared
    sameTenant("agenda_events_contact_fk", t.tenantId, t.contactId, contacts).onDelete("set null"),
    sameTenant("agenda_events_activity_fk", t.tenantId, t.activityId, activities).onDelete("set null"),
    sameTenant("agenda_events_created_by_fk", t.tenantId, t.createdById, users).onDelete("set null"),
    check("agenda_events_end_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Partecipanti: users of the tenant taking part in an appointment (saved as one set with it). */
export const agendaEventParticipants = pgTable(
  "agenda_event_participants",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    eventId: integer("event_id").notNull(),
    userId: integer("user_id").notNull(),
  },
  (t) => [
    uniqueIndex("agenda_event_participants_key").on(t.tenantId, t.eventId, t.userId),
    // the participant filter and a user's feed
    index("agenda_event_participants_user_idx").on(t.tenantId, t.userId, t.eventId),
    sameTenant("agenda_event_participants_event_fk", t.tenantId, t.eventId, agendaEvents).onDelete("cascade"),
    sameTenant("agenda_event_participants_user_fk", t.tenantId, t.userId, users).onDelete("cascade"),
  ],
);

export type AgendaEvent = typeof agendaEvents.$inferSelect;
export type AgendaEventParticipant = typeof agendaEventParticipants.$inferSelect;
