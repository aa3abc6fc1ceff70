/**
 * The start page '/' (ROLE_USER): what the user needs first when opening the application, read in one go.
 *
 * Decision (the spec does not show the page; shaped on the start pages of Fatture in Cloud and Danea):
 * - for everyone with ROLE_USER: the running timer, today's appointments (theirs: taken part in or created), their
 *   open to-dos (assigned to them, by due date: the overdue first), the jobs they worked on lately (by their last
 *   time entry);
 * - with ROLE_DOCUMENT also the money: invoiced month by month this year beside last year (numbered invoices less
 *   numbered credit notes, by the document's date), what is still to collect (open sales deadlines) and how much of
 *   it is overdue, what is to pay in the next 30 days (open purchase-side deadlines), and under the regime
 *   forfettario (RF19) the year's invoiced taxable against the €85,000 limit. A credit note made from an invoice
 *   nets the invoice's open deadlines when it is issued, and its own for the same money (db/documents/credit-notes.ts),
 *   so what is to collect falls by it and it is not also to pay; only its refund part (the invoice was paid) is.
 * Every figure is summed by PostgreSQL through the tenant scope.
 */
import "server-only";
import { and, asc, desc, eq, gt, gte, isNull, lt, sql } from "drizzle-orm";
import { activities, agendaEventParticipants, agendaEvents, documentDeadlines, documents, todos, timeEntries } from "@/db/schema";
import { intEq, lit, type TenantScope } from "@/db/scope";
import { nextDay, romeInstant, romeParts, todayInRome } from "@/lib/rome-time";
import { signedByKind } from "@/db/documents/grid";
import { incomingSql, outgoingSql } from "./deadlines";

/** The regime forfettario's yearly limit of receipts (L. 190/2014 as amended: €85,000), in cents. */
export const FORFETTARIO_LIMIT = 8_500_000;

const MONTHS = ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"] as const;

export interface HomeData {
  today: string;
  timer: { activity: string; since: string } | null;
  appointments: { id: number; title: string; start: string; end: string; allDay: boolean; place: string }[];
  todos: { id: number; title: string; dueDate: string | null; priority: string; overdue: boolean }[];
  recentJobs: { id: number; label: string; lastWorked: string }[];
  money: {
    months: { month: string; current: number; previous: number }[];
    invoicedThisYear: number;
    invoicedLastYearToDate: number;
    toCollect: number;
    overdue: number;
    toPayNext30: number;
    forfettario: { taxable: number; limit: number } | null;
  } | null;
}

const n = (v: unknown) => Number(v ?? 0);

export async function homeData(scope: TenantScope, userId: number, withMoney: boolean): Promise<HomeData> {
  const now = new Date();
  const today = todayInRome(now);
  const dayStart = romeInstant(today, "00:00") ?? now;
  const dayEnd = romeInstant(nextDay(today), "00:00") ?? now;
  const me = intEq(agendaEventParticipants.userId, userId);

  const [timer, appointments, openTodos, recentJobs, money] = await Promise.all([
    scope
      .select({ since: timeEntries.startAt, number: activities.activityNumber, name: activities.name })
      .from(timeEntries)
      .innerJoin(activities, eq(timeEntries.activityId, activities.id))
      .where(intEq(timeEntries.userId, userId), isNull(timeEntries.endAt)),
    scope
      .select({ id: agendaEvents.id, title: agendaEvents.title, startsAt: agendaEvents.startsAt, endsAt: agendaEvents.endsAt, allDay: agendaEvents.allDay, place: agendaEvents.place })
      .from(agendaEvents)
      .where(
        lt(agendaEvents.startsAt, dayEnd),
        gt(agendaEvents.endsAt, dayStart),
        sql`(${intEq(agendaEvents.createdById, userId)} or exists (select 1 from ${agendaEventParticipants} where ${agendaEventParticipants.tenantId} = ${agendaEvents.tenantId} and ${agendaEventParticipants.eventId} = ${agendaEvents.id} and ${me}))`,
      )
      .orderBy(asc(agendaEvents.startsAt))
      .limit(20),
    scope
      .select({ id: todos.id, title: todos.title, dueDate: todos.dueDate, priority: todos.priority })
      .from(todos)
      .where(intEq(todos.assigneeId, userId), eq(todos.done, false))
      .orderBy(sql`${todos.dueDate} asc nulls last`, asc(todos.id))
      .limit(10),
    scope
      .select({ id: activities.id, number: activities.activityNumber, name: activities.name, last: sql<Date>`max(${timeEntries.startAt})` })
      .from(timeEntries)
      .innerJoin(activities, eq(timeEntries.activityId, activities.id))
      .where(intEq(timeEntries.userId, userId), gte(timeEntries.startAt, sql`now() - interval '60 days'`))
      .groupBy(activities.id, activities.activityNumber, activities.name)
      .orderBy(desc(sql`max(${timeEntries.startAt})`))
      .limit(5),
    withMoney ? moneyOf(scope, today) : Promise.resolve(null),
  ]);

  const t = timer[0];
  return {
    today,
    timer: t ? { activity: `${t.number} - ${t.name}`, since: romeParts(t.since).time } : null,
    appointments: appointments.map((a) => ({
      id: a.id,
      title: a.title,
      start: romeParts(a.startsAt).time,
      end: romeParts(a.endsAt).time,
      allDay: a.allDay,
      place: a.place ?? "",
    })),
    todos: openTodos.map((d) => ({ id: d.id, title: d.title, dueDate: d.dueDate, priority: d.priority, overdue: d.dueDate !== null && d.dueDate < today })),
    recentJobs: recentJobs.map((j) => ({ id: j.id, label: `${j.number} - ${j.name}`, lastWorked: romeParts(new Date(j.last)).date })),
    money,
  };
}

async function moneyOf(scope: TenantScope, today: string): Promise<NonNullable<HomeData["money"]>> {
  const year = Number(today.slice(0, 4));
  const lastYearToday = `${year - 1}${today.slice(4)}`;
  const signed = signedByKind(documents.total);
  const signedTaxable = signedByKind(documents.taxable);
  const issued = and(sql`${documents.kind} in ('INVOICE', 'CREDIT_NOTE')`, sql`${documents.number} is not null`, sql`${documents.year} in (${lit(year - 1)}, ${lit(year)})`);
  const in30 = sql`${today}::date + 30`;
  const [byMonth, [deadlines], tenant] = await Promise.all([
    scope
      .select({
        year: documents.year,
        month: sql<number>`extract(month from ${documents.date})::int`,
        total: sql<string>`sum(${signed})`,
        toDate: sql<string>`sum(${signed}) filter (where ${documents.date} <= ${lastYearToday}::date)`,
        taxable: sql<string>`sum(${signedTaxable})`,
      })
      .from(documents)
      .where(issued)
      .groupBy(documents.year, sql`extract(month from ${documents.date})`),
    scope
      .select({
        // the Scadenziario's own sides (a received credit note is money to collect), so the two pages agree
        toCollect: sql<string>`coalesce(sum(${documentDeadlines.amount}) filter (where ${incomingSql}), 0)`,
        overdue: sql<string>`coalesce(sum(${documentDeadlines.amount}) filter (where ${incomingSql} and ${documentDeadlines.deadlineDate} < ${today}::date), 0)`,
        toPay: sql<string>`coalesce(sum(${documentDeadlines.amount}) filter (where ${outgoingSql} and ${documentDeadlines.deadlineDate} <= ${in30}), 0)`,
      })
      .from(documentDeadlines)
      .where(eq(documentDeadlines.deadlineState, "Da saldare"), sql`${documentDeadlines.direction} is not null`),
    scope.getTenant(),
  ]);
  const months = MONTHS.map((month, i) => {
    const cur = byMonth.find((r) => r.year === year && r.month === i + 1);
    const prev = byMonth.find((r) => r.year === year - 1 && r.month === i + 1);
    return { month, current: n(cur?.total), previous: n(prev?.total) };
  });
  const thisYear = byMonth.filter((r) => r.year === year);
  return {
    months,
    invoicedThisYear: thisYear.reduce((s, r) => s + n(r.total), 0),
    invoicedLastYearToDate: byMonth.filter((r) => r.year === year - 1).reduce((s, r) => s + n(r.toDate), 0),
    toCollect: n(deadlines?.toCollect),
    overdue: n(deadlines?.overdue),
    toPayNext30: n(deadlines?.toPay),
    forfettario: tenant.taxRegime === "RF19" ? { taxable: thisYear.reduce((s, r) => s + n(r.taxable), 0), limit: FORFETTARIO_LIMIT } : null,
  };
}
