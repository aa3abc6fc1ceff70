/**
 * Report lavori conclusi (ReportWorkManager): the jobs in state 'Concluso' whose last change to 'Concluso' (the
 * Storico, activity_state_logs, day in Europe/Rome) falls in the period; per job its worked minutes (all its time
 * entries), the amount invoiced for it (Σ of the Lavoro rows naming the job on numbered invoices, less those on
 * numbered credit notes, which take it back: unit price × quantity, rounded to the cent; Bozze count nowhere) and the
 * effective hourly rate (invoiced ÷ hours, cents per hour; none without hours).
 * The chart: jobs concluded and invoiced per month of conclusion.
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { activities, activityStateLogs as logs, contacts, documentRows as dr, documents, timeEntries as te } from "@/db/schema";
import { OFFSET_FENCE, intEq, type TenantScope } from "@/db/scope";
import { monthLabel, monthsOf, type ReportFilters, type ReportResult } from "@/lib/schemas/report";
import { between, groupedBy, monthOf, sumOf } from "./common";
import { signedByKind } from "@/db/documents/grid";

const ROWS_LIMIT = 2000;

const concludedSql = sql<string>`(select (max(${logs.created}) at time zone 'Europe/Rome')::date from ${logs}
  where ${logs.tenantId} = ${activities.tenantId} and ${logs.activityId} = ${activities.id} and ${logs.stateAfter} = 'Concluso')`;
const minutesSql = sql<number>`(select coalesce(sum(${te.minutes}), 0) from ${te} where ${te.tenantId} = ${activities.tenantId} and ${te.activityId} = ${activities.id})::bigint`;
const invoicedSql = sql<number>`(select coalesce(sum(${signedByKind(sql`round(${dr.amount} * ${dr.quantity})`)}), 0) from ${dr}
  join ${documents} on ${documents.tenantId} = ${dr.tenantId} and ${documents.id} = ${dr.documentId}
  where ${dr.tenantId} = ${activities.tenantId} and ${dr.activityId} = ${activities.id} and ${dr.rowType} = 'LAVORO'
    and ${documents.kind} in ('INVOICE', 'CREDIT_NOTE') and ${documents.number} is not null and ${documents.state} <> 'Bozza')::bigint`;

export async function workReport(scope: TenantScope, filters: ReportFilters): Promise<ReportResult> {
  const { from, to } = filters;
  const where = [
    eq(activities.activityState, "Concluso"),
    between(concludedSql, from, to),
    filters.customer ? intEq(activities.contactId, filters.customer.id) : undefined,
  ];
  // each job's figures computed once (OFFSET 0 keeps the subquery whole: pulled up, its sub-selects would be copied
  // into every place the outer select names them, the period's minutes summed twice)
  const concluded = scope.subquery(
    scope
      .select({
        id: activities.id,
        activityNumber: activities.activityNumber,
        name: activities.name,
        customer: sql<string>`coalesce(${contacts.name}, '')`.as("customer"),
        concludedDate: sql<string>`${concludedSql}`.as("concluded_date"),
        minutes: sql<number>`${minutesSql}`.as("minutes"),
        invoiced: sql<number>`${invoicedSql}`.as("invoiced"),
      })
      .from(activities)
      .innerJoin(contacts, eq(contacts.id, activities.contactId))
      .where(...where)
      .offset(OFFSET_FENCE),
    "concluded",
  );
  const [months, jobs] = await Promise.all([
    scope.wideRead((tx) =>
      groupedBy(
        tx
          .select({ month: monthOf(concludedSql), jobs: sql<number>`count(*)`.mapWith(Number), invoiced: sumOf(invoicedSql) })
          .from(activities)
          .where(...where),
      ),
    ),
    scope.wideRead((tx) =>
      tx
        .select({
          id: concluded.id,
          activityNumber: concluded.activityNumber,
          name: concluded.name,
          customer: sql<string>`${concluded.customer}`,
          concludedDate: sql<string>`${concluded.concludedDate}::text`,
          minutes: sql<number>`${concluded.minutes}`.mapWith(Number),
          invoiced: sql<number>`${concluded.invoiced}`.mapWith(Number),
          // the period's minutes over every concluded job (before the limit)
          allMinutes: sql<number>`sum(${concluded.minutes}) over ()`.mapWith(Number),
        })
        .from(concluded)
        .where()
        .orderBy(sql`5`, sql`2`)
        .limit(ROWS_LIMIT),
    ),
  ]);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const series = monthsOf(from, to).map((month) => {
    const m = byMonth.get(month);
    return { month, label: monthLabel(month), jobs: m?.jobs ?? 0, invoiced: m?.invoiced ?? 0 };
  });
  const rate = (invoiced: number, minutes: number) => (minutes > 0 ? Math.round((invoiced * 60) / minutes) : null);
  const rows = jobs.map(({ allMinutes: _all, ...j }) => (void _all, { ...j, hourlyRate: rate(j.invoiced, j.minutes) }));
  const sum = (k: "jobs" | "invoiced") => months.reduce((s, m) => s + m[k], 0);
  const totals = { jobs: sum("jobs"), minutes: jobs[0]?.allMinutes ?? 0, invoiced: sum("invoiced") };
  return { filters, series, rows, totals: { ...totals, hourlyRate: rate(totals.invoiced, totals.minutes) ?? 0 } };
}
