"use client";

import { apiGet } from "@/lib/client/api";
import { activityApi } from "@/lib/schemas/activity";
import { CREATE_FROM_ACTIVITIES_URL, INVOICE_FROM_ACTIVITIES_MESSAGES as MESSAGES, MAX_INVOICE_ACTIVITIES } from "@/lib/schemas/invoice-from-activities";

export { INVOICE_FROM_ACTIVITIES_MESSAGES } from "@/lib/schemas/invoice-from-activities";

/** The invoice form's load URL for the jobs `ids` (the create-form-data shape, one Lavoro row per job). */
export const createFromActivitiesUrl = (ids: readonly number[]) => `${CREATE_FROM_ACTIVITIES_URL}?ids=${ids.join(",")}`;

/**
 * What stops 'Crea fattura' on the selected jobs before the invoice form opens, or null: none selected, too
 * many, jobs of different customers. Two small reads whatever the selection (select-all may name rows never
 * loaded): the first job's customer, then the ids of that customer's jobs. The server checks everything again
 * (and what only it knows: a job with nothing left to invoice).
 */
export async function invoiceSelectionRefusal(ids: readonly number[]): Promise<string | null> {
  if (ids.length === 0) return MESSAGES.noneSelected;
  if (new Set(ids).size > MAX_INVOICE_ACTIVITIES) return MESSAGES.tooMany;
  if (ids.length === 1) return null;
  const first = await apiGet<{ activity: { contact: { id: number } | null } }>(`${activityApi.url}/get/${ids[0]}`);
  const contactId = first.activity.contact?.id;
  if (contactId === undefined) return null;
  const same = await apiGet<{ ids: number[] }>(activityApi.url, { ids: 1, contactId });
  const ofCustomer = new Set(same.ids);
  return ids.every((id) => ofCustomer.has(id)) ? null : MESSAGES.differentCustomers;
}
