/**
 * 'Crea fattura' on the selected jobs (GET /api/invoices/create-from-activities?ids=…): a new invoice as
 * create-form-data?kind=INVOICE&contactId= gives it for the jobs' customer (the same draft: address, payment
 * modality, bank account, PA flag, the tenant's percentages), with one Lavoro row per job. Nothing is written:
 * the hours are marked invoiced when the invoice is saved (the invoice entity's Lavoro rows).
 *
 * A row is what the row form's Lavoro picker gives: the job's label as description ('12 - Sito web'), and as
 * amount its Da fatturare (toInvoiceSql: a fixed-price job not yet invoiced, or the billable uninvoiced minutes
 * × the customer's rate, else the tenant's, half-up per entry), quantity 1, the row form's flags (ritenuta
 * applied, not an advance). The Aliquota is the first the form's Aliquota select offers (the highest active
 * rate): the row form starts without one, but a row cannot be saved without it. The totals are those the
 * rows come to (get-calculated-fields), as the form's Totali will show them.
 */
import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { activities, contacts } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { ApiError, BadRequestError, NotFoundError } from "@/lib/errors";
import { ACTIVITY_MESSAGES } from "@/lib/schemas/activity";
import { INVOICE_FROM_ACTIVITIES_MESSAGES as MESSAGES, MAX_INVOICE_ACTIVITIES } from "@/lib/schemas/invoice-from-activities";
import { invoiceCalculationSchema, type InvoiceJson, type InvoiceTotals } from "@/lib/schemas/invoice";
import { activityLabel, toInvoiceSql } from "@/db/queries/activities";
import { calculatedFields } from "./calculated-fields";
import { invoiceEntity } from "./entity";
import { vatRateEntity } from "@/db/queries/vat-rates";

type DraftRow = Omit<InvoiceJson["rows"][number], "id">;

/** The selected jobs of the tenant with what each has to invoice; an id unknown or of another tenant is a 404. */
async function jobsToInvoice(scope: TenantScope, ids: readonly number[]) {
  // joined, so drizzle qualifies the columns inside toInvoiceSql (a single-table select writes them bare)
  const jobs = await scope
    .select({ id: activities.id, activityNumber: activities.activityNumber, name: activities.name, contactId: activities.contactId, toInvoice: toInvoiceSql })
    .from(activities)
    .innerJoin(contacts, eq(activities.contactId, contacts.id))
    .where(inArray(activities.id, [...ids]))
    .orderBy(asc(activities.activityNumber), asc(activities.id));
  // one answer for a missing job and another tenant's: nothing tells that it exists
  if (jobs.length !== ids.length) throw new NotFoundError(ACTIVITY_MESSAGES.notFound);
  return jobs.map((j) => ({ ...j, toInvoice: Number(j.toInvoice) }));
}

/**
 * { invoice, formData } of create-form-data for the jobs `ids` (order of their numbers). Refused: no job (400),
 * more than MAX_INVOICE_ACTIVITIES (400), jobs of different customers (400), a job with nothing left to invoice
 * (409, naming the jobs by number), a job unknown or of another tenant (404).
 */
export async function invoiceFromActivities(scope: TenantScope, ids: readonly number[]): Promise<{ invoice: Record<string, unknown>; formData: unknown }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new BadRequestError(MESSAGES.noneSelected);
  if (unique.length > MAX_INVOICE_ACTIVITIES) throw new BadRequestError(MESSAGES.tooMany);
  const jobs = await jobsToInvoice(scope, unique);
  const contactIds = new Set(jobs.map((j) => j.contactId));
  if (contactIds.size > 1) throw new BadRequestError(MESSAGES.differentCustomers);
  const empty = jobs.filter((j) => j.toInvoice <= 0);
  if (empty.length) throw new ApiError(409, MESSAGES.nothingToInvoice(empty.map((j) => j.activityNumber)));

  const contactId = jobs[0]!.contactId;
  const { invoice, formData } = (await invoiceEntity.formDataResponse(scope, undefined, new URLSearchParams({ kind: "INVOICE", contactId: String(contactId) }))) as {
    invoice: Record<string, unknown>;
    formData: unknown;
  };
  // the draft leaves out a contact that is no longer a customer: the invoice could not be saved to it
  if (!invoice.contact) throw new BadRequestError(MESSAGES.notCustomer);
  const [vat = null] = await vatRateEntity.options(scope, { limit: 1 });
  const rows: DraftRow[] = jobs.map((j) => {
    const label = activityLabel(j);
    return {
      tempId: `job-${j.id}`,
      rowType: "LAVORO",
      activity: { id: j.id, toString: label },
      item: null,
      service: null,
      description: label,
      hideAmount: false,
      quantity: "1",
      amount: j.toInvoice,
      vat,
      advance: false,
      withholding: true,
    };
  });
  // without any active rate the rows wait for the user's Aliquota, and the totals for the form's calculation
  if (!vat) return { invoice: { ...invoice, rows }, formData };
  const { totals } = await calculatedFields(scope, invoiceCalculationSchema.parse({ ...invoice, rows }));
  const amounts = Object.fromEntries(Object.entries(totals).map(([k, f]) => [k, f.amount])) as InvoiceTotals;
  return { invoice: { ...invoice, rows, totals: amounts }, formData };
}
