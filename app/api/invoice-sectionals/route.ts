// GET /api/invoice-sectionals — every sectional of the tenant { data: [...] } (not paged); POST — create (field "invoiceSectional").
import { createInvoiceSectional, listInvoiceSectionals } from "@/db/queries/invoice-sectionals";
import { SAVED_MESSAGE } from "@/db/queries/lookup-support";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { invoiceSectionalSchema } from "@/lib/schemas/invoice-sectional";

export const GET = guarded("ROLE_DOCUMENT", async ({ scope }) => ok({ data: await listInvoiceSectionals(scope) }));

export const POST = guarded("ROLE_DOCUMENT", async ({ req, scope }) => {
  const input = await readEntity(req, "invoiceSectional", invoiceSectionalSchema);
  return ok({ message: SAVED_MESSAGE, invoiceSectional: await createInvoiceSectional(scope, input) });
});
