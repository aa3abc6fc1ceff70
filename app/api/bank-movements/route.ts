// GET /api/bank-movements — the bank movements (grid list contract; addedParams { bankAccount: id, state: 'Da abbinare' | 'Abbinato' | 'Nessun documento' }; totals=1: credit, debit, amount); ids=1 → every id of the filtered set.
import { BANK_MOVEMENTS_ROLE, bankMovementsGrid } from "@/db/queries/bank-movements";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listGrid, listGridIds } from "@/lib/grid/list";

export const GET = guarded(BANK_MOVEMENTS_ROLE, async ({ req, scope }) => {
  const params = req.nextUrl.searchParams;
  if (params.get("ids") === "1" || params.get("ids") === "true") return ok({ ...(await listGridIds(scope, bankMovementsGrid, params)) });
  return ok({ ...(await listGrid(scope, bankMovementsGrid, params)) });
});
