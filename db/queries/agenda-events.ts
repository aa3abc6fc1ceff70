/**
 * Agenda (ROLE_USER): appointments of the tenant, with their participants (users of the tenant).
 *
 * - The API speaks Italian wall-clock date-times ('yyyy-MM-ddTHH:mm', Europe/Rome); the table keeps instants.
 *   A time the March change skips (02:00-02:59 of its last Sunday) is read with the offset in force before the
 *   jump, so 02:30 becomes 03:30 summer time (Temporal's and date-fns-tz's 'compatible' reading: the calendar
 *   lets one drop an appointment there, and it lands where the clock reads then); the October hour that
 *   happens twice is the first, summer-time one (lib/rome-time.ts). An appointment across a change keeps the
 *   wall-clock times typed (its real length is an hour more or less).
 * - An all-day appointment runs from the Italian midnight of its first day to the midnight after its last.
 * - The range call (GET /api/agenda-events?start=&end=) lists the appointments overlapping [start, end) through
 *   two index range scans (db/schema/agenda-events.ts): those of up to 7 days by start, the longer by end.
 *   Beside them, read-only items when asked: to-dos with a due date, the Scadenziario's deadlines (ROLE_DOCUMENT
 *   only: they carry amounts), the acting user's time entries.
 */
import "server-only";
import { and, asc, eq, exists, gt, gte, inArray, isNotNull, lt, ne, not, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { defineEntity, ref } from "@/db/entity";
import { activities, agendaEventParticipants, agendaEvents, contacts, documentDeadlines, timeEntries, todos, users, type AgendaEvent } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { BadRequestError, ValidationError } from "@/lib/errors";
import { formatEuro } from "@/lib/format";
import { defineGrid } from "@/lib/grid/define";
import { italianDate, nextDay, romeInstant, romeParts } from "@/lib/rome-time";
import {
  AGENDA_EVENT_MESSAGES,
  agendaEventApi,
  agendaEventResponse,
  agendaEventSchema,
  parseLocalDateTime,
  type AgendaEventFormData,
  type AgendaEventInput,
  type AgendaEventJson,
  type AgendaItem,
  type AgendaRange,
} from "@/lib/schemas/agenda-event";
import { activityEntity, activityLabel } from "./activities";
import { contactEntity } from "./contacts";
import { userToString } from "./users-admin";

const HOUR = 3_600_000;
/** The longest appointment the start-window of the range query covers (long_event beyond it). */
const SHORT_EVENT = 7 * 24 * HOUR;
/** The widest range one call may ask (a month view shows 6 weeks). */
export const MAX_RANGE_DAYS = 62;

/**
 * The instant of an Italian wall-clock 'yyyy-MM-ddTHH:mm'. A skipped time (the March change) is read with the
 * winter offset, i.e. an hour later on the clock (02:30 → 03:30); a repeated one (October) is the first.
 */
export function romeLocalInstant(local: string): Date {
  const [date, time] = local.split("T") as [string, string];
  const exact = romeInstant(date, time);
  if (exact) return exact;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  // only the March gap reaches here: before the jump Italy is UTC+1
  return new Date(Date.UTC(y, m - 1, d, hh, mm) - HOUR);
}

/** 'yyyy-MM-ddTHH:mm' in Italy of an instant. */
export function romeLocal(instant: Date): string {
  const p = romeParts(new Date(instant));
  return `${p.date}T${p.time}`;
}

/** The instants an input names (all-day: midnight to the midnight after the last day; end exclusive). */
export function eventInstants(input: Pick<AgendaEventInput, "start" | "end" | "allDay">): { startsAt: Date; endsAt: Date } {
  if (input.allDay) {
    const first = input.start.slice(0, 10);
    let after = input.end ? (input.end.endsWith("T00:00") ? input.end.slice(0, 10) : nextDay(input.end.slice(0, 10))) : nextDay(first);
    if (after <= first) after = nextDay(first);
    return { startsAt: romeLocalInstant(`${first}T00:00`), endsAt: romeLocalInstant(`${after}T00:00`) };
  }
  const startsAt = romeLocalInstant(input.start);
  const endsAt = romeLocalInstant(input.end ?? input.start);
  // 02:30-03:00 on the March change day: 02:30 is 03:30, after the end
  if (endsAt <= startsAt) throw new ValidationError([AGENDA_EVENT_MESSAGES.endAfterStart]);
  return { startsAt, endsAt };
}

type Participant = AgendaEventJson["participants"][number];

/** The participants of the given appointments, by appointment id (one query). */
async function participantsOf(scope: TenantScope, eventIds: number[]): Promise<Map<number, Participant[]>> {
  const out = new Map<number, Participant[]>();
  if (eventIds.length === 0) return out;
  const rows = await scope
    .select({ eventId: agendaEventParticipants.eventId, id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, color: users.color })
    .from(agendaEventParticipants)
    .innerJoin(users, eq(agendaEventParticipants.userId, users.id))
    .where(eventIds.length === 1 ? eq(agendaEventParticipants.eventId, eventIds[0]!) : inArray(agendaEventParticipants.eventId, eventIds))
    .orderBy(asc(agendaEventParticipants.eventId), asc(agendaEventParticipants.id));
  for (const r of rows) {
    const list = out.get(r.eventId) ?? [];
    list.push({ id: r.id, toString: userToString(r), color: r.color });
    out.set(r.eventId, list);
  }
  return out;
}

const eventLabel = (e: Pick<AgendaEvent, "title" | "startsAt">) => `${e.title} (${italianDate(romeParts(new Date(e.startsAt)).date)})`;

/** The JSON of a row, its references and participants already read (the entity's json, and the range call). */
function eventJson(
  e: AgendaEvent,
  contact: { id: number; toString: string } | null,
  activity: { id: number; toString: string } | null,
  participants: Participant[],
): AgendaEventJson {
  return {
    id: e.id,
    version: e.version,
    rowColor: e.rowColor,
    toString: eventLabel(e),
    title: e.title,
    start: romeLocal(e.startsAt),
    end: romeLocal(e.endsAt),
    allDay: e.allDay,
    contact,
    activity,
    place: e.place,
    description: e.description,
    participants,
  };
}

/** The tenant's active users (Partecipanti, the calendar's participant filter). */
export async function tenantUsers(scope: TenantScope): Promise<AgendaEventFormData["users"]> {
  const rows = await scope
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, color: users.color })
    .from(users)
    .where(eq(users.disabled, false))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((u) => ({ id: u.id, toString: userToString(u), color: u.color }));
}

/** 'Agenda' as a server grid (GET /api/agenda-events without a range: the standard list contract, export). */
export const agendaEventsGrid = defineGrid({
  name: "agenda-events",
  table: agendaEvents,
  defaultSort: [{ colId: "start", sort: "desc" }],
  exportFileName: "appuntamenti",
  joins: [
    { table: contacts, on: eq(agendaEvents.contactId, contacts.id) },
    { table: activities, on: eq(agendaEvents.activityId, activities.id) },
  ],
  columns: [
    { field: "id", header: "Id", type: "integer", sql: agendaEvents.id, hidden: true, width: 80 },
    { field: "start", header: "Inizio", type: "datetime", sql: agendaEvents.startsAt, fixed: true, width: 150 },
    { field: "end", header: "Fine", type: "datetime", sql: agendaEvents.endsAt, width: 150 },
    { field: "title", header: "Titolo", type: "text", sql: agendaEvents.title, searchable: true, width: 220 },
    { field: "allDay", header: "Tutto il giorno", type: "boolean", sql: agendaEvents.allDay, width: 110 },
    { field: "contact", header: "Cliente", type: "entity", sql: agendaEvents.contactId, label: contacts.name, optionsUrl: "/api/contacts/get-filtered-list", searchable: true, width: 180 },
    { field: "activity", header: "Lavoro", type: "entity", sql: agendaEvents.activityId, label: sql`${activities.activityNumber} || ' - ' || ${activities.name}`, optionsUrl: "/api/activities/get-filtered-list", width: 200 },
    { field: "place", header: "Luogo", type: "text", sql: agendaEvents.place, searchable: true, width: 160 },
    { field: "description", header: "Descrizione", type: "text", sql: agendaEvents.description, searchable: true, hidden: true, width: 240 },
  ],
});

/** Partecipanti must be users of the tenant (another tenant's or an unknown id: 400). */
async function checkParticipants(tx: TenantScope, input: AgendaEventInput): Promise<number[]> {
  const ids = [...new Set(input.participants.map((p) => p.id))];
  if (ids.length === 0) return ids;
  const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  if (found.length !== ids.length) throw new ValidationError([AGENDA_EVENT_MESSAGES.participantUnknown]);
  return ids;
}

/** A new appointment's draft: the slot chosen in the calendar (?start=&end=&allDay=1), else the next hour; the acting user takes part. */
async function draftOf(scope: TenantScope, query: URLSearchParams) {
  const allDay = query.get("allDay") === "1" || query.get("allDay") === "true";
  const nextHour = new Date(Math.ceil(Date.now() / HOUR) * HOUR);
  const start = parseLocalDateTime(query.get("start") ?? "") ?? romeLocal(nextHour);
  const end = parseLocalDateTime(query.get("end") ?? "") ?? (allDay ? `${nextDay(start.slice(0, 10))}T00:00` : romeLocal(new Date(romeLocalInstant(start).getTime() + HOUR)));
  const me = scope.actor ? (await tenantUsers(scope)).find((u) => u.id === scope.actorId) : undefined;
  return { title: "", start, end: end > start ? end : `${nextDay(start.slice(0, 10))}T00:00`, allDay, contact: null, activity: null, place: "", description: "", participants: me ? [me] : [] };
}

export const agendaEventEntity = defineEntity({
  api: agendaEventApi,
  role: "ROLE_USER",
  table: agendaEvents,
  input: agendaEventSchema,
  response: agendaEventResponse,
  grid: agendaEventsGrid,
  label: eventLabel,
  messages: { notFound: AGENDA_EVENT_MESSAGES.notFound },
  refs: {
    contact: ref(agendaEvents.contactId, contactEntity, AGENDA_EVENT_MESSAGES.contactUnknown),
    activity: ref(agendaEvents.activityId, activityEntity, AGENDA_EVENT_MESSAGES.activityUnknown),
  },
  derived: async (scope, row) => ({ participants: (await participantsOf(scope, [row.id])).get(row.id) ?? [] }),
  values: (i) => ({ title: i.title, allDay: i.allDay, place: i.place, description: i.description, ...eventInstants(i), updatedAt: new Date() }),
  json: (e, { refs, derived }) => eventJson(e, refs.contact ?? null, refs.activity ?? null, (derived.participants as Participant[]) ?? []),
  draft: draftOf,
  formData: async (scope): Promise<AgendaEventFormData> => ({ users: await tenantUsers(scope) }),
  hooks: {
    async beforeWrite(tx, input, existing) {
      await checkParticipants(tx, input);
      return existing ? {} : { createdById: tx.actor ? tx.actorId : null };
    },
    async afterWrite(tx, row, input) {
      const ids = [...new Set(input.participants.map((p) => p.id))];
      await tx.deleteWhere(agendaEventParticipants, and(eq(agendaEventParticipants.eventId, row.id), ids.length ? not(inArray(agendaEventParticipants.userId, ids)) : undefined));
      for (const userId of ids) await tx.upsert(agendaEventParticipants, [agendaEventParticipants.eventId, agendaEventParticipants.userId], { eventId: row.id, userId });
    },
  },
  example: { title: "Riunione di avanzamento", start: "2026-01-12T09:00", end: "2026-01-12T10:30", allDay: false, place: "Sala riunioni", description: "Stato dei lavori" },
});

// ---------------------------------------------------------------------------------------------
// The calendar's range (GET /api/agenda-events?start=&end=)

export interface RangeQuery {
  /** Italian wall-clock bounds, 'yyyy-MM-ddTHH:mm'. */
  start: string;
  end: string;
  participant?: number;
  todos?: boolean;
  deadlines?: boolean;
  timeEntries?: boolean;
}

const flag = (v: string | null) => v === "1" || v === "true";

/** The range call's parameters (400 with an Italian message on anything wrong). */
export function parseRangeQuery(params: URLSearchParams): RangeQuery {
  const start = parseLocalDateTime(params.get("start") ?? "");
  const end = parseLocalDateTime(params.get("end") ?? "");
  if (!start || !end || end <= start) throw new BadRequestError(AGENDA_EVENT_MESSAGES.range);
  if (romeLocalInstant(end).getTime() - romeLocalInstant(start).getTime() > (MAX_RANGE_DAYS * 24 + 1) * HOUR) throw new BadRequestError(AGENDA_EVENT_MESSAGES.range);
  const raw = params.get("participant");
  let participant: number | undefined;
  if (raw) {
    participant = Number(raw);
    if (!/^\d{1,10}$/.test(raw) || participant < 1 || participant > 2_147_483_647) throw new BadRequestError(AGENDA_EVENT_MESSAGES.participant);
  }
  return { start, end, participant, todos: flag(params.get("todos")), deadlines: flag(params.get("deadlines")), timeEntries: flag(params.get("timeEntries")) };
}

/** 'yyyy-MM-ddTHH:mm' in Italy, computed by PostgreSQL (2,000 rows: Intl in JS cost more than the query). */
const romeLocalSql = (col: PgColumn) => sql<string>`to_char(${col} at time zone 'Europe/Rome', 'YYYY-MM-DD"T"HH24:MI')`;

/** The appointments overlapping [from, to) (optionally one participant's), ordered by start: one query per index range. */
export async function eventsInRange(scope: TenantScope, from: Date, to: Date, participant?: number): Promise<AgendaEventJson[]> {
  const takesPart =
    participant === undefined
      ? undefined
      : exists(
          scope.platform
            .select({ one: sql`1` })
            .from(agendaEventParticipants)
            .where(and(eq(agendaEventParticipants.tenantId, agendaEvents.tenantId), eq(agendaEventParticipants.eventId, agendaEvents.id), eq(agendaEventParticipants.userId, participant))),
        );
  const fields = {
    id: agendaEvents.id,
    version: agendaEvents.version,
    rowColor: agendaEvents.rowColor,
    title: agendaEvents.title,
    start: romeLocalSql(agendaEvents.startsAt),
    end: romeLocalSql(agendaEvents.endsAt),
    // the order key as a number: 2,000 Date columns cost more to read than the query
    startsEpoch: sql<number>`extract(epoch from ${agendaEvents.startsAt})::float8`,
    allDay: agendaEvents.allDay,
    place: agendaEvents.place,
    description: agendaEvents.description,
    contactId: contacts.id,
    contactName: contacts.name,
    activityId: activities.id,
    activityNumber: activities.activityNumber,
    activityName: activities.name,
  };
  const inRange = [lt(agendaEvents.startsAt, to), gt(agendaEvents.endsAt, from), takesPart];
  const query = (window: SQL) =>
    scope
      .select(fields)
      .from(agendaEvents)
      .leftJoin(contacts, eq(agendaEvents.contactId, contacts.id))
      .leftJoin(activities, eq(agendaEvents.activityId, activities.id))
      .where(window, ...inRange);
  // the participants of the same appointments as plain pairs (a JSON aggregate per appointment cost 15 µs a row)
  const pairs = (window: SQL) =>
    scope
      .select({ eventId: agendaEventParticipants.eventId, userId: agendaEventParticipants.userId, id: agendaEventParticipants.id })
      .from(agendaEventParticipants)
      .innerJoin(agendaEvents, eq(agendaEventParticipants.eventId, agendaEvents.id))
      .where(window, ...inRange);
  // up to 7 days long: started within a week before `from` (an index range on starts_at); longer: by end
  const shortWindow = and(eq(agendaEvents.longEvent, false), gte(agendaEvents.startsAt, new Date(from.getTime() - SHORT_EVENT)))!;
  const longWindow = eq(agendaEvents.longEvent, true);
  const [short, long, shortPairs, longPairs, people] = await Promise.all([
    query(shortWindow),
    query(longWindow),
    pairs(shortWindow),
    pairs(longWindow),
    scope.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, color: users.color }).from(users).where(),
  ]);
  const userById = new Map(people.map((u) => [u.id, { id: u.id, toString: userToString(u), color: u.color }]));
  const participants = new Map<number, Participant[]>();
  for (const p of [...shortPairs, ...longPairs].sort((x, y) => x.id - y.id)) {
    const user = userById.get(p.userId);
    if (!user) continue;
    const list = participants.get(p.eventId);
    if (list) list.push(user);
    else participants.set(p.eventId, [user]);
  }
  const rows = [...short, ...long].sort((a, b) => a.startsEpoch - b.startsEpoch || a.id - b.id);
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    rowColor: r.rowColor,
    toString: `${r.title} (${italianDate(r.start.slice(0, 10))})`,
    title: r.title,
    start: r.start,
    end: r.end,
    allDay: r.allDay,
    contact: r.contactId ? { id: r.contactId, toString: r.contactName } : null,
    activity: r.activityId ? { id: r.activityId, toString: activityLabel({ activityNumber: r.activityNumber, name: r.activityName }) } : null,
    place: r.place,
    description: r.description,
    participants: participants.get(r.id) ?? [],
  }));
}

/** The days [first, afterLast) whose 24 hours overlap [start, end) (all-day items). */
function dayBounds(start: string, end: string): { first: string; afterLast: string } {
  return { first: start.slice(0, 10), afterLast: end.endsWith("T00:00") ? end.slice(0, 10) : nextDay(end.slice(0, 10)) };
}

/** To-dos with a due date in the days (one participant's: assigned to them). */
export async function todoItems(scope: TenantScope, first: string, afterLast: string, assignee?: number): Promise<AgendaItem[]> {
  const rows = await scope
    .select({ id: todos.id, title: todos.title, dueDate: todos.dueDate, done: todos.done })
    .from(todos)
    .where(isNotNull(todos.dueDate), gte(todos.dueDate, first), lt(todos.dueDate, afterLast), assignee === undefined ? undefined : eq(todos.assigneeId, assignee))
    .orderBy(asc(todos.dueDate), asc(todos.id));
  return rows.map((r) => ({ kind: "todo", id: `todo-${r.id}`, title: r.title, start: r.dueDate!, end: null, allDay: true, done: r.done }));
}

/**
 * The Scadenziario's deadlines (listed, not cancelled) due in the days: 'Da incassare € 1.220,00 - Rossi Srl'; a paid
 * one says so, 'Incassato' / 'Pagato' (the week and month views show the title alone, not the item's done mark).
 */
export async function deadlineItems(scope: TenantScope, first: string, afterLast: string): Promise<AgendaItem[]> {
  const rows = await scope
    .select({ id: documentDeadlines.id, date: documentDeadlines.deadlineDate, amount: documentDeadlines.amount, direction: documentDeadlines.direction, state: documentDeadlines.deadlineState, contact: contacts.name })
    .from(documentDeadlines)
    .innerJoin(contacts, eq(documentDeadlines.contactId, contacts.id))
    .where(isNotNull(documentDeadlines.direction), ne(documentDeadlines.deadlineState, "Stornato"), gte(documentDeadlines.deadlineDate, first), lt(documentDeadlines.deadlineDate, afterLast))
    .orderBy(asc(documentDeadlines.deadlineDate), asc(documentDeadlines.id));
  return rows.map((r) => ({
    kind: "deadline",
    id: `deadline-${r.id}`,
    title: `${deadlineWording(r.direction === "IN", r.state === "Saldato")} ${formatEuro(r.amount)} - ${r.contact}`,
    start: r.date,
    end: null,
    allDay: true,
    done: r.state === "Saldato",
  }));
}

const deadlineWording = (incoming: boolean, paid: boolean) => (incoming ? (paid ? "Incassato" : "Da incassare") : paid ? "Pagato" : "Da pagare");

/** One user's finished time entries overlapping [from, to). */
async function timeEntryItems(scope: TenantScope, from: Date, to: Date, userId: number): Promise<AgendaItem[]> {
  const rows = await scope
    .select({ id: timeEntries.id, startAt: timeEntries.startAt, endAt: timeEntries.endAt, activityNumber: activities.activityNumber, name: activities.name })
    .from(timeEntries)
    .innerJoin(activities, eq(timeEntries.activityId, activities.id))
    // an entry lasts at most 24 hours (check constraint): the window keeps the index range bounded
    .where(eq(timeEntries.userId, userId), gte(timeEntries.startAt, new Date(from.getTime() - 24 * HOUR)), lt(timeEntries.startAt, to), gt(timeEntries.endAt, from))
    .orderBy(asc(timeEntries.startAt));
  return rows.map((r) => ({ kind: "timeEntry", id: `time-entry-${r.id}`, title: `Ore: ${activityLabel(r)}`, start: romeLocal(r.startAt), end: romeLocal(r.endAt!), allDay: false, done: true }));
}

/** GET /api/agenda-events?start=&end=…: { data: appointments, items: read-only to-dos, deadlines, time entries }. */
export async function agendaRange(scope: TenantScope, q: RangeQuery): Promise<AgendaRange> {
  const from = romeLocalInstant(q.start);
  const to = romeLocalInstant(q.end);
  const { first, afterLast } = dayBounds(q.start, q.end);
  // a user reaches only their own hours (as in Ore lavorate) unless ROLE_ADMIN
  const entriesOf = q.participant !== undefined && scope.actorHas("ROLE_ADMIN") ? q.participant : scope.actor ? scope.actorId : undefined;
  const [data, todoList, deadlineList, entryList] = await Promise.all([
    eventsInRange(scope, from, to, q.participant),
    q.todos ? todoItems(scope, first, afterLast, q.participant) : [],
    // amounts are ROLE_DOCUMENT's (the Scadenziario)
    q.deadlines && scope.actorHas("ROLE_DOCUMENT") ? deadlineItems(scope, first, afterLast) : [],
    q.timeEntries && entriesOf !== undefined ? timeEntryItems(scope, from, to, entriesOf) : [],
  ]);
  return { data, items: [...todoList, ...deadlineList, ...entryList] };
}
