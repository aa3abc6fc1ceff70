/**
 * Report impegni svolti (ReportTodoManager): the to-dos done in the period (done_date), per assignee (the table) and
 * per month (the chart); on time when done on or before the due date (or without one), late otherwise.
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { todos, users } from "@/db/schema";
import { intEq, type TenantScope } from "@/db/scope";
import { monthLabel, monthsOf, type ReportFilters, type ReportResult } from "@/lib/schemas/report";
import { between, countOf, groupedBy, monthOf } from "./common";

const lateSql = sql`${todos.dueDate} is not null and ${todos.doneDate} > ${todos.dueDate}`;
const figures = {
  done: sql<number>`count(*)`.mapWith(Number),
  onTime: countOf(sql`not (${lateSql})`),
  late: countOf(lateSql),
};

export async function todoReport(scope: TenantScope, filters: ReportFilters): Promise<ReportResult> {
  const { from, to } = filters;
  const where = [
    eq(todos.done, true),
    between(todos.doneDate, from, to),
    filters.user ? intEq(todos.assigneeId, filters.user.id) : undefined,
    filters.customer ? intEq(todos.contactId, filters.customer.id) : undefined,
  ];
  const [months, people] = await Promise.all([
    scope.wideRead((tx) => groupedBy(tx.select({ month: monthOf(todos.doneDate), ...figures }).from(todos).where(...where))),
    scope.wideRead((tx) =>
      groupedBy(
        tx
          .select({
            id: todos.assigneeId,
            label: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}, 'Non assegnato')`,
            ...figures,
          })
          .from(todos)
          .leftJoin(users, eq(users.id, todos.assigneeId))
          .where(...where),
        2,
        { orderBy: sql`3 desc, 2` },
      ),
    ),
  ]);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const series = monthsOf(from, to).map((month) => {
    const m = byMonth.get(month);
    return { month, label: monthLabel(month), done: m?.done ?? 0, onTime: m?.onTime ?? 0, late: m?.late ?? 0 };
  });
  const sum = (k: "done" | "onTime" | "late") => months.reduce((s, m) => s + m[k], 0);
  return { filters, series, rows: people, totals: { done: sum("done"), onTime: sum("onTime"), late: sum("late") } };
}
