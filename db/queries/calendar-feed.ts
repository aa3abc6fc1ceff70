/**
 * The calendar feed: each user's secret URL /api/calendar/{token}.ics, which Google Calendar, Outlook and Apple
 * Calendar subscribe to (they fetch it without a session: the token is the credential). It carries the user's
 * appointments (taking part or created by them), their to-dos with a due date, and the tenant's deadlines when
 * the user has ROLE_DOCUMENT (the Scadenziario's role: amounts), from 90 days back to 400 days ahead.
 *
 * The token (32 random bytes, base64url) is kept on the user so the page can show the URL again; 'Rigenera'
 * replaces it, and the old URL answers 404 at once. A disabled user's feed is a 404 too.
 * feedOfToken is the one query outside the tenant scope here: it finds the tenant from the token.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, exists, gt, isNotNull, lt, or, sql } from "drizzle-orm";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { Db } from "@/db/client";
import { agendaEventParticipants, agendaEvents, contacts, tenants, todos, users } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import { NotFoundError } from "@/lib/errors";
import { nextDay, romeParts } from "@/lib/rome-time";
import { AGENDA_EVENT_MESSAGES } from "@/lib/schemas/agenda-event";
import type { Role } from "@/lib/schemas/roles";
import { deadlineItems } from "./agenda-events";

const DAY = 86_400_000;
const PAST_DAYS = 90;
const FUTURE_DAYS = 400;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

/** The acting user's feed URL path, or null before the first generation. */
export async function calendarPathOf(scope: TenantScope): Promise<string | null> {
  const [u] = await scope.select({ token: users.calendarToken }).from(users).where(eq(users.id, scope.actorId)).limit(1);
  return u?.token ? feedPath(u.token) : null;
}

/** A new token for the acting user (the old one stops at once): its path. */
export async function regenerateCalendarToken(scope: TenantScope): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await scope.updateWhere(users, eq(users.id, scope.actorId), { calendarToken: token });
  return feedPath(token);
}

/** A whole Italian day as the calendar's all-day date (ical-generator writes its UTC date). */
const dayDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** The .ics text of the token's user, or 404. */
export async function feedOfToken(db: Db, token: string, now = new Date()): Promise<string> {
  if (!TOKEN.test(token)) throw new NotFoundError(AGENDA_EVENT_MESSAGES.tokenUnknown);
  const [owner] = await db
    .select({ id: users.id, tenantId: users.tenantId, roles: users.roles, tenant: tenants.denomination })
    .from(users)
    .innerJoin(tenants, eq(users.tenantId, tenants.id))
    .where(and(eq(users.calendarToken, token), eq(users.disabled, false)))
    .limit(1);
  if (!owner) throw new NotFoundError(AGENDA_EVENT_MESSAGES.tokenUnknown);
  const scope = new TenantScope(db, owner.tenantId, { userId: owner.id, roles: owner.roles as Role[] });
  const from = new Date(now.getTime() - PAST_DAYS * DAY);
  const to = new Date(now.getTime() + FUTURE_DAYS * DAY);
  const firstDay = romeParts(from).date;
  const afterLast = nextDay(romeParts(to).date);

  const takesPart = exists(
    db
      .select({ one: sql`1` })
      .from(agendaEventParticipants)
      .where(and(eq(agendaEventParticipants.tenantId, agendaEvents.tenantId), eq(agendaEventParticipants.eventId, agendaEvents.id), eq(agendaEventParticipants.userId, owner.id))),
  );
  const [events, todoRows, deadlines] = await Promise.all([
    scope
      .select({ e: agendaEvents, contact: contacts.name })
      .from(agendaEvents)
      .leftJoin(contacts, eq(agendaEvents.contactId, contacts.id))
      .where(lt(agendaEvents.startsAt, to), gt(agendaEvents.endsAt, from), or(eq(agendaEvents.createdById, owner.id), takesPart))
      .orderBy(asc(agendaEvents.startsAt), asc(agendaEvents.id)),
    scope
      .select({ id: todos.id, title: todos.title, description: todos.description, dueDate: todos.dueDate, done: todos.done })
      .from(todos)
      .where(eq(todos.assigneeId, owner.id), isNotNull(todos.dueDate), sql`${todos.dueDate} >= ${firstDay}`, sql`${todos.dueDate} < ${afterLast}`)
      .orderBy(asc(todos.dueDate), asc(todos.id)),
    scope.actorHas("ROLE_DOCUMENT") ? deadlineItems(scope, firstDay, afterLast) : Promise.resolve([]),
  ]);

  const cal = ical({ name: `Agenda - ${owner.tenant}`, method: ICalCalendarMethod.PUBLISH, prodId: { company: "back-office", product: "agenda", language: "IT" }, ttl: 15 * 60 });
  for (const { e, contact } of events) {
    const start = romeParts(e.startsAt).date;
    const end = romeParts(e.endsAt).date;
    cal.createEvent({
      id: `agenda-${e.id}@back-office`,
      sequence: e.version,
      summary: e.title,
      description: [contact ? `Cliente: ${contact}` : "", e.description].filter(Boolean).join("\n") || null,
      location: e.place || null,
      allDay: e.allDay,
      // all-day: the Italian days (end exclusive); otherwise the exact instants, written in UTC
      start: e.allDay ? dayDate(start) : e.startsAt,
      end: e.allDay ? dayDate(end) : e.endsAt,
      stamp: e.updatedAt,
      lastModified: e.updatedAt,
    });
  }
  for (const t of todoRows) {
    cal.createEvent({ id: `todo-${t.id}@back-office`, summary: `${t.done ? "Svolto: " : "Impegno: "}${t.title}`, description: t.description || null, allDay: true, start: dayDate(t.dueDate!), end: dayDate(nextDay(t.dueDate!)) });
  }
  for (const d of deadlines) {
    cal.createEvent({ id: `${d.id}@back-office`, summary: `Scadenza: ${d.title}${d.done ? " (saldata)" : ""}`, allDay: true, start: dayDate(d.start), end: dayDate(nextDay(d.start)) });
  }
  return cal.toString();
}
