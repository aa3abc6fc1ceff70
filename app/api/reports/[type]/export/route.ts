// GET /api/reports/{type}/export?filters=<JSON> — the report's tables as an XLSX file (ROLE_ADMIN), figures as numbers with Italian formats.
import { readFiltersParam, reportXlsx, REPORTS_ROLE, reportType, runReport } from "@/db/queries/reports";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ type: string }>(REPORTS_ROLE, async ({ req, params, scope }) => {
  const type = reportType(params.type);
  const result = await runReport(scope, type, readFiltersParam(req.nextUrl.searchParams.get("filters")));
  const { bytes, name } = await reportXlsx(type, result);
  return new Response(bytes, {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "no-store",
    },
  });
});
