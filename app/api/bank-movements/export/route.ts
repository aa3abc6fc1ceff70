// GET /api/bank-movements/export — the filtered bank movements as CSV or XLSX (format=csv|xlsx, columns), streamed.
import { BANK_MOVEMENTS_ROLE, bankMovementsGrid } from "@/db/queries/bank-movements";
import { guarded } from "@/lib/api/route";
import { exportGridResponse } from "@/lib/grid/export";

export const GET = guarded(BANK_MOVEMENTS_ROLE, async ({ req, scope }) => exportGridResponse(scope, bankMovementsGrid, req.nextUrl.searchParams));
