// GET /api/reports/{type}?filters=<JSON> — a Statistiche report (ROLE_ADMIN): { filters, series, rows, totals, tables? } in cents and minutes (lib/schemas/report.ts). Unknown type: 404; bad filters: 400.
import { readFiltersParam, REPORTS_ROLE, reportType, runReport } from "@/db/queries/reports";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ type: string }>(REPORTS_ROLE, async ({ req, params, scope }) => {
  const type = reportType(params.type);
  const result = await runReport(scope, type, readFiltersParam(req.nextUrl.searchParams.get("filters")));
  return ok({ ...result });
});
