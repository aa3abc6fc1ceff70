// GET /api/audit-events/export — the filtered audit log as CSV or XLSX (format=csv|xlsx, columns), streamed (ROLE_ADMIN).
import { AUDIT_EVENTS_ROLE, auditEventsGrid } from "@/db/queries/audit-events";
import { guarded } from "@/lib/api/route";
import { exportGridResponse } from "@/lib/grid/export";

export const GET = guarded(AUDIT_EVENTS_ROLE, async ({ req, scope }) => exportGridResponse(scope, auditEventsGrid, req.nextUrl.searchParams));
