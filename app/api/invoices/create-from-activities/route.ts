// GET /api/invoices/create-from-activities?ids=1,2,3 — 'Crea fattura' on the selected jobs: { invoice, formData } as create-form-data?kind=INVOICE for their customer, one Lavoro row per job (ids also as repeated ids=).
import { activityEntity } from "@/db/queries/activities";
import { invoiceFromActivities } from "@/db/documents/from-activities";
import { invoiceEntity } from "@/db/documents/entity";
import { parseIdList } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { hasRole } from "@/lib/auth/current-user";
import { ForbiddenError } from "@/lib/errors";

export const GET = guarded(invoiceEntity.role, async ({ req, user, scope }) => {
  // the invoice is Amministrazione's, the jobs it reads are Sezioni's: both roles
  if (!hasRole(user, activityEntity.role)) throw new ForbiddenError();
  const raw = req.nextUrl.searchParams.getAll("ids").join(",");
  // no ids at all: the data layer's own refusal ('Selezionare almeno un lavoro da fatturare')
  const ids = raw.trim() === "" ? [] : parseIdList(raw);
  return ok(await invoiceFromActivities(scope, ids));
});
