// GET /api/deadlines/export — the filtered Scadenziario as CSV or XLSX (format=csv|xlsx, columns), streamed.
import { DEADLINES_ROLE, deadlinesGrid } from "@/db/queries/deadlines";
import { guarded } from "@/lib/api/route";
import { exportGridResponse } from "@/lib/grid/export";

export const GET = guarded(DEADLINES_ROLE, async ({ req, scope }) => exportGridResponse(scope, deadlinesGrid, req.nextUrl.searchParams));
