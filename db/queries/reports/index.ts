/** Statistiche (issue 14): the four reports by type, ROLE_ADMIN. See lib/schemas/report.ts for the contract. */
import "server-only";
import type { TenantScope } from "@/db/scope";
import { NotFoundError } from "@/lib/errors";
import { isReportType, REPORT_MESSAGES, type ReportResult, type ReportType } from "@/lib/schemas/report";
import { resolveFilters } from "./common";
import { invoiceReport } from "./invoices";
import { timeEntryReport } from "./time-entries";
import { todoReport } from "./todos";
import { workReport } from "./work";

export { readFiltersParam } from "./common";

export const REPORTS_ROLE = "ROLE_ADMIN" as const;

const RUN: Record<ReportType, typeof invoiceReport> = {
  ReportInvoiceManager: invoiceReport,
  ReportTimeEntryManager: timeEntryReport,
  ReportWorkManager: workReport,
  ReportTodoManager: todoReport,
};

/** The report's type from the URL (404 'Report non trovato' otherwise). */
export function reportType(value: string | null | undefined): ReportType {
  if (!value || !isReportType(value)) throw new NotFoundError(REPORT_MESSAGES.unknownType);
  return value;
}

/** Filters parsed and checked (400), then the report's sums. */
export async function runReport(scope: TenantScope, type: ReportType, input: unknown): Promise<ReportResult> {
  return RUN[type](scope, await resolveFilters(scope, type, input));
}
export { reportXlsx } from "./xlsx";
