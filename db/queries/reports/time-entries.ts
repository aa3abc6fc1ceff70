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
import { between, monthOf, sumOf } from "./common";

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
  const group = GROUPS[filters.groupBy ?? "Mese"];
  const byMonthOnly = (filters.groupBy ?? "Mese") === "Mese";
  const month = monthOf(te.workDate);
  // one scan for the chart and the table: grouping sets (month) and (key, label); `part` tells them apart
  const q = scope
    .select({ part: sql<number>`grouping(${month})`.mapWith(Number), month, key: sql<string | null>`${byMonthOnly ? month : group.key}`, label: sql<string | null>`${byMonthOnly ? month : group.label}`, ...figures })
    .from(te)
    .innerJoin(activities, eq(activities.id, te.activityId))
    .innerJoin(contacts, eq(contacts.id, activities.contactId))
    .leftJoin(users, eq(users.id, te.userId))
    .where(...where);
  const grouping = byMonthOnly ? sql`${month}` : sql`grouping sets ((${month}), (${group.key}, ${group.label}))`;
  // the table's order: by month, else the most hours first (positions: part, month, key, label, minutes)
  type Grouped = { groupBy(s: SQL): { orderBy(s: SQL): Promise<Awaited<typeof q>> } };
  const all = await (q as unknown as Grouped).groupBy(grouping).orderBy(byMonthOnly ? sql`2` : sql`1, 5 desc, 4`);
  const names = Object.keys(figures) as (keyof typeof figures)[];
  const values = (r: Partial<Record<keyof typeof figures, number>> | undefined) => Object.fromEntries(names.map((k) => [k, r?.[k] ?? 0])) as Record<keyof typeof figures, number>;
  const months = all.filter((r) => r.part === 0);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const series = monthsOf(from, to).map((m) => ({ month: m, label: monthLabel(m), ...values(byMonth.get(m)) }));
  const rows = (byMonthOnly ? all : all.filter((r) => r.part === 1)).map((g) => ({ key: g.key, label: byMonthOnly ? monthLabel(String(g.label)) : g.label, ...values(g) }));
  const totals = Object.fromEntries(names.map((k) => [k, months.reduce((sum, m) => sum + m[k], 0)]));
  return { filters, series, rows, totals };
}
