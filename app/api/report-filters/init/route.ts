// GET /api/report-filters/init?type=ReportInvoiceManager|ReportTimeEntryManager|ReportWorkManager|ReportTodoManager — the report's filter form (ROLE_ADMIN): { form: { type, title, fields, defaults, columns, series } } (lib/schemas/report.ts); another type: 404 'Report non trovato'.
import { REPORTS_ROLE, reportType } from "@/db/queries/reports";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { reportForm } from "@/lib/schemas/report";
import { todayInRome } from "@/lib/rome-time";

export const GET = guarded(REPORTS_ROLE, async ({ req }) => {
  const type = reportType(req.nextUrl.searchParams.get("type"));
  return ok({ form: reportForm(type, todayInRome()) });
});
