
import "server-only";
import { eq } from "drizzle-orm";
import { checkRef } from "@/db/entity";
import { bankAccounts, documentRows, documents, paymentModalities } from "@/db/schema";
import { type TenantScope } from "@/db/scope";
import { totalsWithSteps, vatSummaryOf } from "@/lib/invoice-calculation";
import { INVOICE_MESSAGES, type InvoiceCalculationInput } from "@/lib/schemas/invoice";
import { bankAccountEntity } from "@/db/queries/bank-accounts";
import { compute, deadlinesFor } from "./save";

/**
 * POST /api/invoices/get-calculated-fields: the totals with their working and the deadlines the modality gives,
 * for the document as the form holds it (nothing is saved; the references are checked like a save's).
 */
export async function calculatedFields(scope: TenantScope, input: InvoiceCalculationInput, id?: number) {
  const tenant = await scope.getTenant();
  await checkRef(scope, paymentModalities, input.paymentModality, INVOICE_MESSAGES.paymentModalityUnknown);
  await checkRef(scope, bankAccounts, input.bankAccount, INVOICE_MESSAGES.bankAccountUnknown);
  const existingRows = id !== undefined ? await scope.list(documentRows, { where: eq(documentRows.documentId, (await scope.getOrThrow(documents, id, INVOICE_MESSAGES.notFound)).id) }) : [];
  const { calc, totals } = await compute(scope, tenant, input, existingRows);
  const deadlines = await deadlinesFor(scope, input.kind, input.date, totals.netToPay, input.paymentModality?.id ?? null, input.bankAccount ?? null);
  const bankAccount = await bankAccountEntity.optionOf(scope, input.bankAccount?.id ?? null);
  return {
    totals: totalsWithSteps(calc),
    summary: vatSummaryOf(calc),
    notes: calc.notes,
    isForfettario: calc.isForfettario,
    deadlines: deadlines.map((d) => ({ deadlineDate: d.deadlineDate, amount: d.amount, deadlineState: d.deadlineState, paymentDate: null, bankAccount })),
  };
}
