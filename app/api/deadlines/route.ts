// GET /api/deadlines — the Scadenziario (grid list contract; addedParams { direction: IN | OUT, state, period, from, to }; totals=1: da incassare, da pagare, saldo); ids=1 → every id of the filtered set.
import { DEADLINES_ROLE, deadlinesGrid } from "@/db/queries/deadlines";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listGrid, listGridIds } from "@/lib/grid/list";

export const GET = guarded(DEADLINES_ROLE, async ({ req, scope }) => {
  const params = req.nextUrl.searchParams;
  if (params.get("ids") === "1" || params.get("ids") === "true") return ok({ ...(await listGridIds(scope, deadlinesGrid, params)) });
  return ok({ ...(await listGrid(scope, deadlinesGrid, params)) });
});
