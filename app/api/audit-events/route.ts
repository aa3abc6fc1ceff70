// GET /api/audit-events — the audit log of security events (Impostazioni › Sicurezza, ROLE_ADMIN): grid list contract, newest first; ids=1 → every id of the filtered set.
import { AUDIT_EVENTS_ROLE, auditEventsGrid } from "@/db/queries/audit-events";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listGrid, listGridIds } from "@/lib/grid/list";

export const GET = guarded(AUDIT_EVENTS_ROLE, async ({ req, scope }) => {
  const params = req.nextUrl.searchParams;
  if (params.get("ids") === "1" || params.get("ids") === "true") return ok({ ...(await listGridIds(scope, auditEventsGrid, params)) });
  return ok({ ...(await listGrid(scope, auditEventsGrid, params)) });
});
