/**
 * The deadlines a payment modality gives an amount due from a date: one per row of the modality (lib/fiscal
 * computeDeadlines: end of month, days after, the percentages, the cents on the last), or one on the date itself
 * without a modality or with a modality without rows. Shared by the sales documents (on the netto a pagare) and the
 * purchase invoices (on what the supplier is owed), so both schedules follow one rule.
 */
import "server-only";
import { asc, eq } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ChildrenDef } from "@/db/entity";
import { documentDeadlines, paymentModalities, paymentModalityRows } from "@/db/schema";
import { intEq, type TenantScope } from "@/db/scope";
import { ValidationError } from "@/lib/errors";
import type { ModalitaPagamento } from "@/lib/fiscal/codes";
import { computeDeadlines, type ExpirationType } from "@/lib/fiscal/deadlines";
import type { DeadlineState } from "@/lib/schemas/invoice";

export interface ScheduledDeadline {
  deadlineDate: string;
  amount: number;
}

/** Nothing when the amount is not positive; `unknownModality` is the caller's message for a modality not of the tenant. */
export async function scheduleDeadlines(scope: TenantScope, date: string, amount: number, paymentModalityId: number | null, unknownModality: string): Promise<ScheduledDeadline[]> {
  if (amount <= 0) return [];
  if (paymentModalityId === null) return [{ deadlineDate: date, amount }];
  // the modality and its rows in one statement (a save reads it once)
  const found = await scope
    .select({ modality: paymentModalities, row: paymentModalityRows })
    .from(paymentModalities)
    .leftJoin(paymentModalityRows, eq(paymentModalityRows.paymentModalityId, paymentModalities.id))
    .where(intEq(paymentModalities.id, paymentModalityId))
    .orderBy(asc(paymentModalityRows.position), asc(paymentModalityRows.id));
  if (!found.length) throw new ValidationError([unknownModality]);
  // the save's answer labels its modality: read here already
  scope.remember(paymentModalities, found[0]!.modality);
  const rows = found.flatMap((f) => (f.row ? [f.row] : []));
  if (!rows.length) return [{ deadlineDate: date, amount }];
  return computeDeadlines(
    date,
    amount,
    rows.map((r) => ({ expirationType: r.expirationType as ExpirationType, paymentDay: r.paymentDay, monthsAfter: r.monthsAfter, amountPercentage: r.amountPercentage })),
    found[0]!.modality.paymentType as ModalitaPagamento,
  ).map((d) => ({ deadlineDate: d.dueDate, amount: d.amount }));
}

/** A deadline as a sales document's or a purchase invoice's save writes it (the owner's contact set by the save). */
export interface DeadlineRowValues {
  id?: number;
  amount: number;
  deadlineDate: string;
  deadlineState: DeadlineState;
  paymentDate: string | null;
  bankAccount?: { id: number } | null;
  description: string;
  contactId: number;
}

/**
 * The deadlines of a document (parent document_id) or of a purchase invoice (parent expense_id) as child rows of
 * their owner's save; a payment date is kept only on a Saldato one. Their direction is set by the table's trigger.
 */
export function deadlineRows(parent: PgColumn): ChildrenDef<DeadlineRowValues, unknown> {
  return {
    table: documentDeadlines,
    parent,
    orderBy: [documentDeadlines.position, documentDeadlines.id],
    values: (d, position) => ({
      position,
      contactId: d.contactId,
      amount: d.amount,
      deadlineDate: d.deadlineDate,
      deadlineState: d.deadlineState,
      paymentDate: d.deadlineState === "Saldato" ? d.paymentDate : null,
      bankAccountId: d.bankAccount?.id ?? null,
      description: d.description,
    }),
    json: (d) => d,
  };
}
