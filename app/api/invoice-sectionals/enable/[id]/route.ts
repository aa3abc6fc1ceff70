// POST /api/invoice-sectionals/enable/{id} — enable the sectional again: { status, message, invoiceSectional }.
import { invoiceSectionalEntity, SECTIONAL_ENABLED_MESSAGE, setInvoiceSectionalDisabled } from "@/db/queries/invoice-sectionals";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded<{ id: string }>(invoiceSectionalEntity.role, async ({ params, scope }) => {
  const invoiceSectional = await setInvoiceSectionalDisabled(scope, parseId(params.id), false);
  return ok({ message: SECTIONAL_ENABLED_MESSAGE, invoiceSectional });
});
