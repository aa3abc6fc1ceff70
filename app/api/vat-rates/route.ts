// GET /api/vat-rates — aliquota IVA: server-paged list (grid contract); POST — create (field "vatRate").
import { createVatRate, vatRatesGrid } from "@/db/queries/vat-rates";
import { SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { listRoute } from "@/lib/grid/define";
import { vatRateSchema } from "@/lib/schemas/vat-rate";

export const GET = listRoute(vatRatesGrid, "ROLE_DOCUMENT");

export const POST = guarded("ROLE_DOCUMENT", async ({ req, scope }) => {
  const input = await readEntity(req, "vatRate", vatRateSchema);
  return ok({ message: SAVED_MESSAGE, vatRate: await createVatRate(scope, input) });
});
