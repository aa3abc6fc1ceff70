/**
 * The deadlines a payment modality gives an amount due from a date: one per row of the modality (lib/fiscal
 * computeDeadlines: end of month, days after, the percentages, the cents on the last), or one on the date itself
 * without a modality or with a modality without rows. Shared by the sales documents (on the netto a pagare) and the
 * purchase invoices (on what the supplier is owed), so both schedules follow one rule.
 */
import "server-only";
import { asc, eq } from "drizzle-orm";
import { paymentModalities, paymentModalityRows } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { ValidationError } from "@/lib/errors";
import type { ModalitaPagamento } from "@/lib/fiscal/codes";
import { computeDeadlines, type ExpirationType } from "@/lib/fiscal/deadlines";

export interface ScheduledDeadline {
  deadlineDate: string;
  amount: number;
}

/** Nothing when the amount is not positive; `unknownModality` is the caller's message for a modality not of the tenant. */
export async function scheduleDeadlines(scope: TenantScope, date: string, amount: number, paymentModalityId: number | null, unknownModality: string): Promise<ScheduledDeadline[]> {
  if (amount <= 0) return [];
  if (paymentModalityId === null) return [{ deadlineDate: date, amount }];
  const modality = await scope.find(paymentModalities, paymentModalityId);
  if (!modality) throw new ValidationError([unknownModality]);
  const rows = await scope.list(paymentModalityRows, { where: eq(paymentModalityRows.paymentModalityId, paymentModalityId), orderBy: [asc(paymentModalityRows.position), asc(paymentModalityRows.id)] });
  if (!rows.length) return [{ deadlineDate: date, amount }];
  return computeDeadlines(
    date,
    amount,
    rows.map((r) => ({ expirationType: r.expirationType as ExpirationType, paymentDay: r.paymentDay, monthsAfter: r.monthsAfter, amountPercentage: r.amountPercentage })),
    modality.paymentType as ModalitaPagamento,
  ).map((d) => ({ deadlineDate: d.dueDate, amount: d.amount }));
}
