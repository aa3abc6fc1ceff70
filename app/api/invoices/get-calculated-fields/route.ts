// POST /api/invoices/get-calculated-fields[?id=N] — the form's document (multipart, field invoice; id: the saved document it edits) → { totals (each with its steps), summary, notes, isForfettario, deadlines }: nothing is saved.
import { calculatedFields } from "@/db/documents/calculated-fields";
import { invoiceEntity } from "@/db/documents/entity";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { invoiceCalculationSchema } from "@/lib/schemas/invoice";

export const POST = guarded(invoiceEntity.role, async ({ req, scope }) => {
  const invoice = await readEntity(req, invoiceEntity.api.field, invoiceCalculationSchema);
  const id = req.nextUrl.searchParams.get("id");
  return ok({ ...(await calculatedFields(scope, invoice, id ? parseId(id) : undefined)) });
});
