/**
 * Report ore e vendite (ReportTimeEntryManager): the finished time entries worked in the period (work_date), their
 * minutes and value, by month (the chart) and by the table's grouping (Mese, Cliente, Lavoro, Utente).
 * Value: each entry's minutes × the job's hourly rate (the customer's, else the tenant's), rounded half-up to the
 * cent per entry (the customer's rate is copied on each entry by the database: time_entries.customer_rate), as 'Da fatturare' of the Lavori computes it (also for a fixed-price job: what its time is worth).
 * Billed: entries marked invoiced by a sales document, and those of an invoiced fixed-price job; to bill: billable and
 * not billed (valued only on an hourly job: a fixed-price job's amount is billed whole); not billable: the rest.
 */
import "server-only";
import { eq, inArray, isNotNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { activities, contacts, timeEntries as te, users } from "@/db/schema";
import { intEq, lit, type TenantScope, type TenantTable } from "@/db/scope";
import { FIXED_PRICE } from "@/lib/schemas/activity";
import { monthLabel, monthsOf, type ReportFilters, type ReportResult, type TimeGroup } from "@/lib/schemas/report";
import { minutesAmountSql } from "../activities";
import { between, monthOf, sumsRolledUp } from "./common";

const userNameSql = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

export async function timeEntryReport(scope: TenantScope, filters: ReportFilters): Promise<ReportResult> {
  const { from, to } = filters;
  const groupBy: TimeGroup = filters.groupBy ?? "Mese";
  const tenant = await scope.getTenant();
  // an entry's value: its customer's rate is on the entry (customer_rate, kept by the database's triggers), so no
  // entry is joined with its job and customer; an integer number of cents, summed without numeric arithmetic
  const amount = sql`(${minutesAmountSql(te.minutes, sql`coalesce(${te.customerRate}, ${lit(tenant.hourlyPrice)})`)})::int`;
  // a fixed-price job is billed as a whole (its amount, on a 'Lavoro' row), not by the hour: its entries are billed
  // once the job is invoiced, and while it is not their time is to bill but worth nothing by the hour (the job's
  // amount is its 'Da fatturare' in Lavori). The tenant's fixed-price jobs are read once (a hashed subplan), so each
  // entry is still not joined with its job.
  const fixedJobs = (invoiced?: boolean) =>
    scope
      .select({ id: activities.id })
      .from(activities)
      .where(eq(activities.paymentType, FIXED_PRICE), invoiced ? eq(activities.invoiced, true) : undefined);
  const billed = sql`(${te.invoiced} or ${inArray(te.activityId, fixedJobs(true))})`;
  const unbilled = sql`${te.billable} and not ${billed}`;
  const perEntry = {
    minutes: sql`${te.minutes}`,
    amount,
    billedMinutes: sql`case when ${billed} then ${te.minutes} else 0 end`,
    unbilledMinutes: sql`case when ${unbilled} then ${te.minutes} else 0 end`,
    unbilledAmount: sql`case when ${unbilled} and ${notInArray(te.activityId, fixedJobs())} then ${amount} else 0 end`,
  };
  type Figure = keyof typeof perEntry | "nonBillableMinutes";
  type Row = { key: string; label: string } & Record<Figure, number>;

  /**
   * The period's entries (an index-only scan) summed per `by`, an entry's column (its day, job or user), each entry's
   * value rounded on its own first, then rolled up per `named`'s key (days to months, jobs to their customers).
   */
  const summedBy = (by: SQL | PgColumn, named: (x: Record<"by", SQL.Aliased<number>>) => { key: SQL<string>; label?: SQL<string>; joins?: [TenantTable, SQL][] }): Promise<Row[]> =>
    sumsRolledUp(
      scope,
      by,
      perEntry,
      (s) =>
        s
          .from(te)
          .where(
            isNotNull(te.minutes),
            between(te.workDate, from, to),
            filters.customer ? inArray(te.activityId, scope.select({ id: activities.id }).from(activities).where(intEq(activities.contactId, filters.customer.id))) : undefined,
            filters.job ? intEq(te.activityId, filters.job.id) : undefined,
            filters.user ? intEq(te.userId, filters.user.id) : undefined,
          ),
      // not billable (and not invoiced): the rest of the minutes
      (x) => ({ ...named(x), derived: { nonBillableMinutes: sql`${x.minutes} - ${x.billedMinutes} - ${x.unbilledMinutes}` } }),
    );

  const tables: Record<Exclude<TimeGroup, "Mese">, () => Promise<Row[]>> = {
    Lavoro: () =>
      summedBy(te.activityId, (x) => ({
        key: sql<string>`${x.by}::text`,
        label: sql<string>`${activities.activityNumber}::text || ' - ' || ${activities.name}`,
        joins: [[activities, eq(activities.id, x.by)]],
      })),
    Cliente: () =>
      summedBy(te.activityId, (x) => ({
        key: sql<string>`${contacts.id}::text`,
        label: sql<string>`coalesce(${contacts.name}, '')`,
        joins: [
          [activities, eq(activities.id, x.by)],
          [contacts, eq(contacts.id, activities.contactId)],
        ],
      })),
    Utente: () => summedBy(te.userId, (x) => ({ key: sql<string>`${x.by}::text`, label: userNameSql, joins: [[users, eq(users.id, x.by)]] })),
  };
  // the chart by month and the table by its key: two statements, which PostgreSQL runs side by side, one core each (one
  // statement with grouping sets does both in one pass on one core: no faster, 108-114 ms for the year by job)
  const [months, table] = await Promise.all([summedBy(te.workDate, (x) => ({ key: monthOf(x.by) })), groupBy === "Mese" ? undefined : tables[groupBy]()]);

  const names = [...Object.keys(perEntry), "nonBillableMinutes"] as Figure[];
  const values = (r: Partial<Record<Figure, number>> | undefined) => Object.fromEntries(names.map((k) => [k, r?.[k] ?? 0])) as Record<Figure, number>;
  const byMonth = new Map(months.map((m) => [m.key, m]));
  const series = monthsOf(from, to).map((m) => ({ month: m, label: monthLabel(m), ...values(byMonth.get(m)) }));
  const rows = table
    ? table.map((g) => ({ key: g.key, label: g.label, ...values(g) }))
    : series.filter((m) => byMonth.has(m.month)).map(({ month, ...m }) => ({ key: month, ...m }));
  const totals = Object.fromEntries(names.map((k) => [k, months.reduce((sum, m) => sum + m[k], 0)]));
  return { filters, series, rows, totals };
}
