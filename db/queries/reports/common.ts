/**
 * Statistiche (issue 14): what the four reports share. Filters are parsed and their references checked against the
 * tenant here; the sums are the reports' own grouped selects through the scope (PostgreSQL aggregates, one row per
 * month or per group: nothing sums data rows in JavaScript).
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { activities, contacts, users } from "@/db/schema";
import { lit, type ScopedQuery, type ScopedSelect, type TenantScope, type TenantTable } from "@/db/scope";
import { BadRequestError, validate } from "@/lib/errors";
import { activityLabel } from "../activities";
import { userToString } from "../users-admin";
import { REPORT_MESSAGES, reportFiltersSchema, resolvePeriod, type ReportFilters, type ReportType } from "@/lib/schemas/report";
import { todayInRome } from "@/lib/rome-time";

/** A sum of integers (cents, minutes) as a JS number: bigint in SQL, 0 when there is nothing. */
export const sumOf = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)::bigint`.mapWith(Number);
export const countOf = (expr: SQL) => sql<number>`count(*) filter (where ${expr})`.mapWith(Number);

/** The day `date` ('yyyy-MM-dd', validated) written into the statement (see lit in db/scope.ts). */
export const day = (date: string) => sql`${lit(date)}::date`;
export const between = (column: unknown, from: string, to: string) => sql`${column} between ${day(from)} and ${day(to)}`;
/** 'yyyy-MM' of a date column. */
export const monthOf = (column: unknown) => sql<string>`to_char(${column}, 'YYYY-MM')`;

/** A scoped select grouped by its first `n` selected columns (group by 1, 2…: the expressions are not repeated). */
export function groupedBy<F extends SelectedFields>(
  query: ScopedQuery<F>,
  n = 1,
  opts: { orderBy?: SQL; limit?: number } = {},
): Promise<SelectResultFields<F>[]> {
  type Grouped = Promise<SelectResultFields<F>[]> & { orderBy(s: SQL): Grouped; limit(n: number): Grouped };
  let q = groupedQuery(query, n) as unknown as Grouped;
  if (opts.orderBy) q = q.orderBy(opts.orderBy);
  if (opts.limit) q = q.limit(opts.limit);
  return q;
}

/**
 * Per-row values summed in one statement of two steps: the rows summed per `by`, one of their columns (a day, a job,
 * a user: grouping on the column itself costs less than computing each row's key; formatting each row's month cost
 * more than the sums, ~40 ms per 100,000 rows), then those sums added up per the key `rollUp` gives (days to months,
 * jobs to their customers) with its label (else the key), the tables it joins to name it and figures derived from
 * each step-one row. `build` finishes the inner select (from, joins, where). Rows: the largest first sum first.
 * The statement runs planned for a wide read (TenantScope.wideRead), as every statement of the reports.
 */
export function sumsRolledUp<K extends string, D extends string = never>(
  scope: TenantScope,
  by: SQL | PgColumn,
  sums: Record<K, SQL>,
  build: (select: ScopedSelect<Record<string, SQL.Aliased>>) => ScopedQuery<Record<string, SQL.Aliased>>,
  rollUp: (x: Record<"by" | K, SQL.Aliased<number>>) => { key: SQL<string>; label?: SQL<string>; joins?: [TenantTable, SQL][]; derived?: Record<D, SQL> },
): Promise<({ key: string; label: string } & Record<K | D, number>)[]> {
  const keys = Object.keys(sums) as K[];
  return scope.wideRead((tx) => {
    const inner = build(tx.select({ by: sql`${by}`.as("by"), ...Object.fromEntries(keys.map((k) => [k, sql`sum(${sums[k]})`.as(k)])) }));
    const x = tx.subquery(groupedQuery(inner, 1), "x") as unknown as Record<"by" | K, SQL.Aliased<number>>;
    const { key, label = key, joins = [], derived } = rollUp(x);
    const figures = { ...Object.fromEntries(keys.map((k) => [k, sql`${x[k]}`])), ...derived } as Record<string, SQL>;
    let outer = tx
      .select({ key, label, ...Object.fromEntries(Object.entries(figures).map(([k, e]) => [k, sumOf(e)])) })
      .from(x as never);
    for (const [table, on] of joins) outer = outer.leftJoin(table, on);
    return groupedBy(outer.where(), 2, { orderBy: sql`3 desc, 2` }) as unknown as Promise<({ key: string; label: string } & Record<K | D, number>)[]>;
  });
}

/** Per-row values summed per month ('yyyy-MM', the key) of a date column: sumsRolledUp from the days. */
export function sumsByMonth<K extends string>(
  scope: TenantScope,
  day: SQL | PgColumn,
  sums: Record<K, SQL>,
  build: (select: ScopedSelect<Record<string, SQL.Aliased>>) => ScopedQuery<Record<string, SQL.Aliased>>,
) {
  return sumsRolledUp(scope, day, sums, build, (x) => ({ key: monthOf(x.by) }));
}

/** The query of groupedBy, to be awaited or made a subquery (scope.subquery). */
export function groupedQuery<F extends SelectedFields>(query: ScopedQuery<F>, n: number): ScopedQuery<F> {
  const positions = sql.raw(Array.from({ length: n }, (_, i) => String(i + 1)).join(", "));
  return (query as unknown as { groupBy(s: SQL): ScopedQuery<F> }).groupBy(positions);
}

/** The `filters` query parameter: a JSON object, or the defaults when absent. */
export function readFiltersParam(value: string | null): unknown {
  if (value === null || value.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
  } catch {
    // refused below
  }
  throw new BadRequestError(REPORT_MESSAGES.filtersJson);
}

/** Parses a report's filters (400 in Italian), resolves the period from today in Europe/Rome and labels the references (another tenant's id: 400). */
export async function resolveFilters(scope: TenantScope, type: ReportType, input: unknown): Promise<ReportFilters> {
  const f = validate(reportFiltersSchema(type), input);
  const filters: ReportFilters = { preset: f.preset, ...resolvePeriod(f.preset, todayInRome(), f.from, f.to) };
  if (f.groupBy) filters.groupBy = f.groupBy;
  else if (type === "ReportTimeEntryManager") filters.groupBy = "Mese";
  const [customer, user, job] = await Promise.all([
    f.customer ? scope.find(contacts, f.customer.id) : undefined,
    f.user ? scope.find(users, f.user.id) : undefined,
    f.job ? scope.find(activities, f.job.id) : undefined,
  ]);
  if (f.customer) {
    if (!customer) throw new BadRequestError(REPORT_MESSAGES.customerUnknown);
    filters.customer = { id: customer.id, toString: customer.name };
  }
  if (f.user) {
    if (!user) throw new BadRequestError(REPORT_MESSAGES.userUnknown);
    filters.user = { id: user.id, toString: userToString(user) };
  }
  if (f.job) {
    if (!job) throw new BadRequestError(REPORT_MESSAGES.jobUnknown);
    filters.job = { id: job.id, toString: activityLabel(job) };
  }
  return filters;
}
