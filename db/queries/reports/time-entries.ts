/**
 * Report ore e vendite (ReportTimeEntryManager): the finished time entries worked in the period (work_date), their
 * minutes and value, by month (the chart) and by the table's grouping (Mese, Cliente, Lavoro, Utente).
 * Value: each entry's minutes × the job's hourly rate (the customer's, else the tenant's), rounded half-up to the
 * cent per entry, as 'Da fatturare' of the Lavori computes it (also for a fixed-price job: what its time is worth).
 * Billed: entries marked invoiced by a sales document; to bill: billable and not invoiced; not billable: the rest.
 */
import "server-only";
import { eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { activities, contacts, timeEntries as te, users } from "@/db/schema";
import { intEq, lit, type TenantScope } from "@/db/scope";
import { monthLabel, monthsOf, type ReportFilters, type ReportResult, type TimeGroup } from "@/lib/schemas/report";
import { minutesAmountSql } from "../activities";
import { between, groupedBy, monthOf, sumOf } from "./common";

const userNameSql = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

/** The table's key and label per grouping. */
const GROUPS: Record<TimeGroup, { key: SQL<string>; label: SQL<string> }> = {
  Mese: { key: sql<string>`${monthOf(te.workDate)}`, label: sql<string>`${monthOf(te.workDate)}` },
  Cliente: { key: sql<string>`${contacts.id}::text`, label: sql<string>`coalesce(${contacts.name}, '')` },
  Lavoro: { key: sql<string>`${activities.id}::text`, label: sql<string>`${activities.activityNumber}::text || ' - ' || ${activities.name}` },
  Utente: { key: sql<string>`${users.id}::text`, label: userNameSql },
};

export async function timeEntryReport(scope: TenantScope, filters: ReportFilters): Promise<ReportResult> {
  const { from, to } = filters;
  const tenant = await scope.getTenant();
  const amount = minutesAmountSql(te.minutes, sql`coalesce(${contacts.hourlyPrice}, ${lit(tenant.hourlyPrice)})`);
  const billed = sql`${te.invoiced}`;
  const unbilled = sql`${te.billable} and not ${te.invoiced}`;
  const figures = {
    minutes: sumOf(sql`${te.minutes}`),
    amount: sumOf(amount),
    billedMinutes: sumOf(sql`case when ${billed} then ${te.minutes} else 0 end`),
    unbilledMinutes: sumOf(sql`case when ${unbilled} then ${te.minutes} else 0 end`),
    unbilledAmount: sumOf(sql`case when ${unbilled} then ${amount} else 0 end`),
    nonBillableMinutes: sumOf(sql`case when not ${te.billable} and not ${te.invoiced} then ${te.minutes} else 0 end`),
  };
  const where = [
    isNotNull(te.minutes),
    between(te.workDate, from, to),
    filters.customer ? intEq(activities.contactId, filters.customer.id) : undefined,
    filters.job ? intEq(te.activityId, filters.job.id) : undefined,
    filters.user ? intEq(te.userId, filters.user.id) : undefined,
  ];
  const select = <F extends Record<string, SQL>>(head: F) =>
    scope
      .select({ ...head, ...figures })
      .from(te)
      .innerJoin(activities, eq(activities.id, te.activityId))
      .innerJoin(contacts, eq(contacts.id, activities.contactId))
      .innerJoin(users, eq(users.id, te.userId))
      .where(...where);

  const group = GROUPS[filters.groupBy ?? "Mese"];
  const [months, groups] = await Promise.all([
    groupedBy(select({ month: monthOf(te.workDate) })),
    groupedBy(select({ key: group.key, label: group.label }), 2, { orderBy: filters.groupBy === "Mese" || !filters.groupBy ? sql`2` : sql`4 desc, 2` }),
  ]);

  const byMonth = new Map(months.map((m) => [m.month as string, m]));
  const empty = { minutes: 0, amount: 0, billedMinutes: 0, unbilledMinutes: 0, unbilledAmount: 0, nonBillableMinutes: 0 };
  const series = monthsOf(from, to).map((month) => {
    const { month: _m, ...values } = byMonth.get(month) ?? { month, ...empty };
    void _m;
    return { month, label: monthLabel(month), ...values };
  });
  const rows = groups.map((g) => ({ ...g, label: filters.groupBy === "Mese" || !filters.groupBy ? monthLabel(g.label as string) : g.label }));
  const totals = Object.fromEntries(Object.keys(empty).map((k) => [k, months.reduce((sum, m) => sum + (m[k as keyof typeof empty] as number), 0)]));
  return { filters, series, rows, totals };
}
