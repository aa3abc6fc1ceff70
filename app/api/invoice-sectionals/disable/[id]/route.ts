// POST /api/invoice-sectionals/disable/{id} — disable the sectional (no invoices of it until enabled): { status, message, invoiceSectional }.
import { invoiceSectionalEntity, SECTIONAL_DISABLED_MESSAGE, setInvoiceSectionalDisabled } from "@/db/queries/invoice-sectionals";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded<{ id: string }>(invoiceSectionalEntity.role, async ({ params, scope }) => {
  const invoiceSectional = await setInvoiceSectionalDisabled(scope, parseId(params.id), true);
  return ok({ message: SECTIONAL_DISABLED_MESSAGE, invoiceSectional });
});
