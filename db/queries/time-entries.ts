/**
 * Ore lavorate (ROLE_USER) and the time tracker of the top bar.
 *
 * - A user records and sees their own hours; ROLE_ADMIN sees and records everyone's (the 'Lista lavori
 *   eseguiti' of Statistiche): `visible` answers another user's entry as missing.
 * - An entry is a day with a start and an end time in Italy; the instants are computed with the DST rules
 *   (lib/rome-time.ts), an end at or before the start is the next day, 24 hours at most. Two entries of one
 *   user never overlap: writes of one user queue on a transaction-level advisory lock, then check.
 * - The running entry (START, no end) is server state: one per user by a partial unique index, the same in
 *   every tab and device. STOP gives it its end (whole minutes, at least one), clipped to the next entry.
 * - Invoiced entries are read-only; a running entry is changed by STOP only.
 */
import "server-only";
import { and, asc, eq, gt, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { defineEntity, ref } from "@/db/entity";
import { activities, contacts, timeEntries, users, type TimeEntry } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { ApiError, ForbiddenError, ValidationError } from "@/lib/errors";
import { defineGrid } from "@/lib/grid/define";
import { entryInstants, italianDate, romeParts, todayInRome } from "@/lib/rome-time";
import { activityApi } from "@/lib/schemas/activity";
import {
  clippedMessage,
  overlapMessage,
  TIME_ENTRY_MESSAGES,
  timeEntryApi,
  timeEntryListParams,
  timeEntryResponse,
  timeEntrySchema,
  type RunningEntry,
  type TimeEntryFormData,
  type TimeEntryJson,
  type TimeEntryListParams,
} from "@/lib/schemas/time-entry";
import { activityEntity, activityLabel, hourlyRateSql, minutesAmountSql } from "./activities";
import { pgErrorCode, pgConstraint } from "@/db/pg-errors";
import { userToString } from "./users-admin";

const MINUTE = 60_000;

/** Days for the generic tests' saves (freshExample): 2001-01-01, 2001-01-02, … */
const exampleDays = (function* () {
  for (let day = new Date(Date.UTC(2001, 0, 1)); ; day = new Date(day.getTime() + 86_400_000)) yield day.toISOString().slice(0, 10);
})();
const DAY_MINUTES = 24 * 60;

/** A user's own rows unless ROLE_ADMIN (no actor: a server task, every row). */
function ownUnlessAdmin(scope: TenantScope | undefined): SQL | undefined {
  return scope?.actor && !scope.actorHas("ROLE_ADMIN") ? eq(timeEntries.userId, scope.actorId) : undefined;
}

const romeTime = (col: typeof timeEntries.startAt) => sql<string>`to_char(${col} at time zone 'Europe/Rome', 'HH24:MI')`;
/** The entry's rate (cents): its job's customer's hourly price, else the tenant's. */
const entryRateSql = hourlyRateSql(contacts.hourlyPrice, timeEntries.tenantId);
/** Importo of an entry (cents): billable minutes × rate / 60, half-up; 0 when not billable. */
export const entryAmountSql = sql<number>`(case when ${timeEntries.billable} and ${timeEntries.minutes} is not null then ${minutesAmountSql(timeEntries.minutes, entryRateSql)} else 0 end)::bigint`;

/** 'Lista lavori eseguiti' (GET /api/time-entries; addedParams { activityId } for a job's entries), with totals. */
export const timeEntriesGrid = defineGrid<TimeEntryListParams>({
  name: "time-entries",
  table: timeEntries,
  params: timeEntryListParams,
  baseWhere: ({ activityId }, scope) => and(activityId ? eq(timeEntries.activityId, activityId) : undefined, ownUnlessAdmin(scope)),
  defaultSort: [
    { colId: "date", sort: "desc" },
    { colId: "startTime", sort: "desc" },
  ],
  exportFileName: "lavori-eseguiti",
  joins: [
    { table: activities, on: eq(timeEntries.activityId, activities.id), type: "inner" },
    { table: contacts, on: eq(activities.contactId, contacts.id) },
    { table: users, on: eq(timeEntries.userId, users.id) },
  ],
  columns: [
    { field: "id", header: "Id", type: "integer", sql: timeEntries.id, hidden: true, width: 80 },
    { field: "date", header: "Data", type: "date", sql: timeEntries.workDate, fixed: true, width: 110 },
    { field: "startTime", header: "Inizio", type: "text", sql: romeTime(timeEntries.startAt), filterable: false, width: 80 },
    { field: "endTime", header: "Fine", type: "text", sql: romeTime(timeEntries.endAt as never), filterable: false, sortable: false, width: 80 },
    { field: "user", header: "Utente", type: "entity", sql: timeEntries.userId, label: sql`trim(${users.firstName} || ' ' || ${users.lastName})`, optionsUrl: "/api/users/get-filtered-list", width: 160 },
    { field: "contact", header: "Cliente", type: "entity", sql: activities.contactId, label: contacts.name, optionsUrl: "/api/contacts/get-filtered-list?role=CUSTOMER", searchable: true, width: 200 },
    { field: "activity", header: "Lavoro", type: "entity", sql: timeEntries.activityId, label: sql`${activities.activityNumber} || ' - ' || ${activities.name}`, optionsUrl: "/api/activities/get-filtered-list", searchable: true, width: 220 },
    { field: "hours", header: "Ore", type: "decimal", scale: 2, sql: sql<number>`round(${timeEntries.minutes} * 100 / 60.0)::bigint`, width: 80 },
    { field: "amount", header: "Importo", type: "currency", sql: entryAmountSql, width: 110 },
    { field: "billable", header: "Fatturabile", type: "boolean", sql: timeEntries.billable, width: 100 },
    { field: "invoiced", header: "Fatturato", type: "boolean", sql: timeEntries.invoiced, width: 95 },
    // last: the columns with a total (Ore, Importo) stay in view on a 1366 px screen
    { field: "description", header: "Descrizione", type: "text", sql: timeEntries.description, searchable: true, width: 240 },
  ],
  totals: [
    // the hours of the whole set, rounded once (not the sum of rounded rows)
    { field: "hours", sql: sql`coalesce(round(sum(${timeEntries.minutes}) * 100 / 60.0), 0)` },
    { field: "amount", sql: sql`coalesce(sum(${entryAmountSql}), 0)` },
  ],
});

/** Writes of one user's entries queue here (inside the transaction), so the overlap check sees every other write. */
async function lockUserEntries(tx: TenantScope, userId: number): Promise<void> {
  // an advisory lock names no table: it only orders this user's writers (held until commit)
  await tx.platform.execute(sql`select pg_advisory_xact_lock(7301, ${userId})`);
}

/** The first other entry of the user overlapping [start, end) (a running one lasts until further notice). */
async function overlapping(tx: TenantScope, userId: number, start: Date, end: Date | null, exceptId?: number) {
  const [other] = await tx
    .select({ startAt: timeEntries.startAt, endAt: timeEntries.endAt })
    .from(timeEntries)
    .where(
      eq(timeEntries.userId, userId),
      exceptId === undefined ? undefined : ne(timeEntries.id, exceptId),
      end ? lt(timeEntries.startAt, end) : undefined,
      or(isNull(timeEntries.endAt), gt(timeEntries.endAt, start)),
    )
    .orderBy(asc(timeEntries.startAt))
    .limit(1);
  return other;
}

function overlapError(other: { startAt: Date; endAt: Date | null }): ValidationError {
  const s = romeParts(new Date(other.startAt));
  return new ValidationError([overlapMessage(s.time, other.endAt ? romeParts(new Date(other.endAt)).time : null, italianDate(s.date))]);
}

async function userOption(scope: TenantScope, userId: number) {
  const [u] = await scope.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return u ? { id: u.id, toString: userToString(u) } : null;
}

export const timeEntryEntity = defineEntity({
  api: timeEntryApi,
  role: "ROLE_USER",
  table: timeEntries,
  input: timeEntrySchema,
  response: timeEntryResponse,
  grid: timeEntriesGrid,
  label: (e) => `${italianDate(e.workDate)} ${romeParts(new Date(e.startAt)).time}`,
  messages: { notFound: TIME_ENTRY_MESSAGES.notFound },
  visible: ownUnlessAdmin,
  refs: { activity: ref(timeEntries.activityId, activityEntity, TIME_ENTRY_MESSAGES.activityUnknown) },
  derived: async (scope, row) => {
    const [a] = await scope
      .select({ contactId: contacts.id, contactName: contacts.name })
      .from(activities)
      .leftJoin(contacts, eq(activities.contactId, contacts.id))
      .where(eq(activities.id, row.activityId))
      .limit(1);
    return { user: await userOption(scope, row.userId), contact: a?.contactId ? { id: a.contactId, toString: a.contactName } : null };
  },
  values: (i) => ({ description: i.description, billable: i.billable }),
  json: (e, { refs, derived }) => ({
    id: e.id,
    version: e.version,
    user: (derived.user as { id: number; toString: string } | null) ?? { id: e.userId, toString: "" },
    activity: refs.activity!,
    contact: (derived.contact as { id: number; toString: string } | null) ?? null,
    date: e.workDate,
    startTime: romeParts(new Date(e.startAt)).time,
    endTime: e.endAt ? romeParts(new Date(e.endAt)).time : null,
    minutes: e.minutes,
    description: e.description,
    billable: e.billable,
    invoiced: e.invoiced,
    rowColor: e.rowColor,
    toString: `${italianDate(e.workDate)} ${romeParts(new Date(e.startAt)).time}`,
  }),
  // create-form-data?activityId=N: a job's 'Ore lavorate' tab starts an entry on that job
  draft: async (scope, query) => {
    const activityId = Number(query.get("activityId"));
    const activity = Number.isSafeInteger(activityId) && activityId > 0 ? await activityEntity.optionOf(scope, activityId) : null;
    return {
      user: scope.actor ? await userOption(scope, scope.actorId) : null,
      activity,
      contact: null,
      date: todayInRome(),
      startTime: "",
      endTime: "",
      minutes: null,
      description: "",
      billable: true,
      invoiced: false,
    };
  },
  formData: async (scope): Promise<TimeEntryFormData> => {
    const me = scope.actor ? await userOption(scope, scope.actorId) : null;
    const all = scope.actorHas("ROLE_ADMIN")
      ? (await scope.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.disabled, false)).orderBy(asc(users.lastName), asc(users.firstName))).map((u) => ({ id: u.id, toString: userToString(u) }))
      : [];
    return { users: all, currentUser: me ?? { id: 0, toString: "" } };
  },
  hooks: {
    async beforeWrite(tx, input, existing) {
      if (existing?.invoiced) throw new ApiError(409, TIME_ENTRY_MESSAGES.invoiced);
      if (existing && existing.endAt === null) throw new ApiError(409, TIME_ENTRY_MESSAGES.running);
      const userId = input.user?.id ?? existing?.userId ?? tx.actorId;
      if (tx.actor && userId !== tx.actorId && !tx.actorHas("ROLE_ADMIN")) throw new ForbiddenError(TIME_ENTRY_MESSAGES.otherUser);
      if (!(await userOption(tx, userId))) throw new ValidationError([TIME_ENTRY_MESSAGES.user]);
      const when = entryInstants(input.date, input.startTime, input.endTime);
      if ("missing" in when) throw new ValidationError([TIME_ENTRY_MESSAGES.missingTime(when.missing)]);
      await lockUserEntries(tx, userId);
      const other = await overlapping(tx, userId, when.start, when.end, existing?.id);
      if (other) throw overlapError(other);
      return { userId, workDate: input.date, startAt: when.start, endAt: when.end, minutes: when.minutes };
    },
    async beforeDelete(_tx, row) {
      if (row.invoiced) throw new ApiError(409, TIME_ENTRY_MESSAGES.invoiced);
      if (row.endAt === null) throw new ApiError(409, TIME_ENTRY_MESSAGES.running);
    },
  },
  example: { date: "2026-01-12", startTime: "09:00", endTime: "10:30", description: "Analisi dei requisiti", billable: true },
  // one user's entries may not overlap: every generic save takes another day
  freshExample: () => ({ date: exampleDays.next().value, startTime: "09:00", endTime: "10:30", description: "Analisi dei requisiti", billable: true }),
  exampleRefs: { activity: { example: activityEntity.example, api: activityApi, exampleRefs: activityEntity.exampleRefs } },
});

// ---------------------------------------------------------------------------------------------
// The time tracker (spec §2, §4; calls of §7)

/** The acting user's running entry (GET /api/time-entries/time-entry-get → timeEntryRunning), or null. */
export async function runningEntry(scope: TenantScope): Promise<RunningEntry | null> {
  const [r] = await scope
    .select({ id: timeEntries.id, startAt: timeEntries.startAt, activityId: activities.id, activityNumber: activities.activityNumber, name: activities.name, customer: contacts.name })
    .from(timeEntries)
    .innerJoin(activities, eq(timeEntries.activityId, activities.id))
    .leftJoin(contacts, eq(activities.contactId, contacts.id))
    .where(eq(timeEntries.userId, scope.actorId), isNull(timeEntries.endAt))
    .limit(1);
  if (!r) return null;
  return { id: r.id, start: new Date(r.startAt).toISOString(), activity: { id: r.activityId, toString: `${activityLabel(r)}${r.customer ? ` (${r.customer})` : ""}` } };
}

/** START on a job (POST /api/time-entries/time-entry-start/{activityId}). */
export async function startEntry(scope: TenantScope, activityId: number, now = new Date()): Promise<void> {
  try {
    await scope.transaction(async (tx) => {
      const activity = await tx.getOrThrow(activities, activityId, activityEntity.messages.notFound);
      if (activity.finished) throw new ValidationError([TIME_ENTRY_MESSAGES.finishedJob]);
      const userId = tx.actorId;
      await lockUserEntries(tx, userId);
      const start = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
      const other = await overlapping(tx, userId, start, new Date(start.getTime() + MINUTE));
      if (other) throw new ApiError(409, other.endAt === null ? TIME_ENTRY_MESSAGES.alreadyRunning : TIME_ENTRY_MESSAGES.nowOverlaps);
      await tx.insert(timeEntries, { userId, activityId, workDate: romeParts(start).date, startAt: start, endAt: null, minutes: null, description: "", billable: true });
    });
  } catch (err) {
    // two STARTs at the same moment on two instances: the partial unique index keeps one
    if (pgErrorCode(err) === "23505" && pgConstraint(err) === "time_entries_one_running_key") throw new ApiError(409, TIME_ENTRY_MESSAGES.alreadyRunning);
    throw err;
  }
}

/** STOP (POST /api/time-entries/time-entry-end): the entry with its end, and a notice when the end was clipped. */
export async function stopEntry(scope: TenantScope, now = new Date()): Promise<{ timeEntry: TimeEntryJson; dialogMessage?: string }> {
  return scope.transaction(async (tx) => {
    const userId = tx.actorId;
    await lockUserEntries(tx, userId);
    const [running] = await tx.select({ id: timeEntries.id, startAt: timeEntries.startAt, version: timeEntries.version }).from(timeEntries).where(eq(timeEntries.userId, userId), isNull(timeEntries.endAt)).limit(1);
    if (!running) throw new ApiError(409, TIME_ENTRY_MESSAGES.notRunning);
    const start = new Date(running.startAt).getTime();
    const minutes = Math.min(DAY_MINUTES, Math.max(1, Math.round((now.getTime() - start) / MINUTE)));
    let end = start + minutes * MINUTE;
    const [next] = await tx
      .select({ startAt: timeEntries.startAt })
      .from(timeEntries)
      .where(eq(timeEntries.userId, userId), ne(timeEntries.id, running.id), gt(timeEntries.startAt, new Date(start)))
      .orderBy(asc(timeEntries.startAt))
      .limit(1);
    let dialogMessage: string | undefined;
    if (next && new Date(next.startAt).getTime() < end) {
      end = new Date(next.startAt).getTime();
      dialogMessage = clippedMessage(romeParts(new Date(end)).time);
    }
    const row = await tx.update(timeEntries, running.id, running.version, { endAt: new Date(end), minutes: Math.round((end - start) / MINUTE) });
    return { timeEntry: await timeEntryEntity.toJson(tx, row as TimeEntry), ...(dialogMessage ? { dialogMessage } : {}) };
  });
}
