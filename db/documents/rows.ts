/**
 * A document's rows and deadlines: written by the save as children (their answer carries the labels of their
 * references), the rows' references checked against the tenant, a Lavoro row's amount settled, and the jobs' time
 * marked invoiced by an invoice's Lavoro rows (and given back).
 */
import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type ChildrenDef } from "@/db/entity";
import {
  activities,
  bankAccounts,
  contacts,
  documentDeadlines,
  documentRows,
  items,
  services,
  timeEntries,
  vatRates,
  type Document,
  type DocumentRowRecord,
} from "@/db/schema";
import { intEq, intIn, type TenantScope } from "@/db/scope";
import { ValidationError } from "@/lib/errors";
import { INVOICE_MESSAGES, type InvoiceJson, type InvoiceRowInput } from "@/lib/schemas/invoice";
import { activityLabel, toInvoiceSql } from "@/db/queries/activities";
import { bankAccountToString } from "@/db/queries/bank-accounts";
import { deadlineRows } from "@/db/queries/deadline-schedule";
import { vatRateToString } from "@/db/queries/vat-rates";
import { policyOf } from "@/lib/documents/policy";

// ---------------------------------------------------------------------------------------------
// Rows and deadlines: written by the hooks (their answer carries the labels of their references)

export type RowValues = InvoiceRowInput & { amount: number };

export const rowsDef: ChildrenDef<RowValues & { id?: number }, DocumentRowRecord> = {
  table: documentRows,
  parent: documentRows.documentId,
  orderBy: [documentRows.position, documentRows.id],
  values: (r, position) => ({
    position,
    rowType: r.rowType,
    activityId: r.rowType === "LAVORO" ? (r.activity?.id ?? null) : null,
    itemId: r.rowType === "PRODOTTO" ? (r.item?.id ?? null) : null,
    serviceId: r.rowType === "SERVIZIO" ? (r.service?.id ?? null) : null,
    description: r.description,
    hideAmount: r.hideAmount,
    quantity: r.quantity,
    amount: r.amount,
    vatRateId: r.vat?.id ?? null,
    advance: r.advance,
    withholding: r.withholding,
  }),
  json: (r) => r,
};

export const deadlinesDef = deadlineRows(documentDeadlines.documentId);

export const rowActivity = alias(activities, "row_activity");

export async function rowsOf(scope: TenantScope, documentId: number): Promise<InvoiceJson["rows"]> {
  const rows = await scope
    .select({
      r: documentRows,
      activityNumber: rowActivity.activityNumber,
      activityName: rowActivity.name,
      itemName: items.name,
      serviceName: services.name,
      // what the rate's label needs (a narrower select is cheaper to build and to read)
      vat: { rate: vatRates.rate, description: vatRates.description, natura: vatRates.natura },
    })
    .from(documentRows)
    .leftJoin(rowActivity, eq(documentRows.activityId, rowActivity.id))
    .leftJoin(items, eq(documentRows.itemId, items.id))
    .leftJoin(services, eq(documentRows.serviceId, services.id))
    .leftJoin(vatRates, eq(documentRows.vatRateId, vatRates.id))
    .where(intEq(documentRows.documentId, documentId))
    .orderBy(asc(documentRows.position), asc(documentRows.id));
  return rows.map(({ r, activityNumber, activityName, itemName, serviceName, vat }) => ({
    id: r.id,
    rowType: r.rowType,
    activity: r.activityId && activityName !== null ? { id: r.activityId, toString: activityLabel({ activityNumber: activityNumber!, name: activityName }) } : null,
    item: r.itemId && itemName !== null ? { id: r.itemId, toString: itemName } : null,
    service: r.serviceId && serviceName !== null ? { id: r.serviceId, toString: serviceName } : null,
    description: r.description,
    hideAmount: r.hideAmount,
    quantity: trimQuantity(r.quantity),
    amount: Number(r.amount),
    vat: r.vatRateId && vat ? { id: r.vatRateId, toString: vatRateToString(vat) } : null,
    advance: r.advance,
    withholding: r.withholding,
  }));
}

/** "1.50000000" → "1.5" (the form shows what was typed). */
function trimQuantity(q: string): string {
  return q.includes(".") ? q.replace(/0+$/, "").replace(/\.$/, "") : q;
}

export async function deadlinesOf(scope: TenantScope, documentId: number): Promise<InvoiceJson["deadlines"]> {
  const rows = await scope
    .select({
      d: documentDeadlines,
      bank: { bankAccountType: bankAccounts.bankAccountType, bankName: bankAccounts.bankName, code: bankAccounts.code },
      // the bank movement that paid it (issue 32): the link's unique (tenant_id, deadline_id) index
      bankMovement: sql<{ id: number; bookingDate: string; description: string; amount: number } | null>`(select json_build_object('id', m.id, 'bookingDate', to_char(m.booking_date, 'YYYY-MM-DD'), 'description', m.description, 'amount', m.amount)
        from bank_movement_links l join bank_movements m on m.tenant_id = l.tenant_id and m.id = l.movement_id
        where l.tenant_id = ${documentDeadlines.tenantId} and l.deadline_id = ${documentDeadlines.id})`,
    })
    .from(documentDeadlines)
    .leftJoin(bankAccounts, eq(documentDeadlines.bankAccountId, bankAccounts.id))
    .where(intEq(documentDeadlines.documentId, documentId))
    .orderBy(asc(documentDeadlines.position), asc(documentDeadlines.id));
  return rows.map(({ d, bank, bankMovement }) => ({
    id: d.id,
    deadlineDate: d.deadlineDate,
    amount: Number(d.amount),
    deadlineState: d.deadlineState,
    paymentDate: d.paymentDate,
    bankAccount: d.bankAccountId && bank ? { id: d.bankAccountId, toString: bankAccountToString(bank) } : null,
    bankMovement: bankMovement ? { ...bankMovement, amount: Number(bankMovement.amount) } : null,
  }));
}

interface ResolvedVat {
  rate: string;
  natura: string | null;
}

// ---------------------------------------------------------------------------------------------
// References inside the document

interface RowRefs {
  vats: Map<number, ResolvedVat>;
}

/** Every reference of the rows belongs to the tenant (a job also to the document's customer): else 400. */
export async function checkRowRefs(tx: TenantScope, rows: readonly InvoiceRowInput[], contactId: number | null): Promise<RowRefs> {
  const ids = (pick: (r: InvoiceRowInput) => { id: number } | null | undefined, type?: InvoiceRowInput["rowType"]) => [
    ...new Set(rows.filter((r) => !type || r.rowType === type).flatMap((r) => (pick(r) ? [pick(r)!.id] : []))),
  ];
  const missing = async (table: typeof items | typeof services, wanted: number[], message: string) => {
    if (!wanted.length) return;
    const found = await tx.select({ id: table.id }).from(table).where(intIn(table.id, wanted));
    if (found.length !== wanted.length) throw new ValidationError([message]);
  };
  await missing(items, ids((r) => r.item, "PRODOTTO"), INVOICE_MESSAGES.rowItemUnknown);
  await missing(services, ids((r) => r.service, "SERVIZIO"), INVOICE_MESSAGES.rowServiceUnknown);
  const jobIds = ids((r) => r.activity, "LAVORO");
  if (jobIds.length) {
    const found = await tx.select({ id: activities.id, contactId: activities.contactId }).from(activities).where(intIn(activities.id, jobIds));
    if (found.length !== jobIds.length || found.some((j) => contactId !== null && j.contactId !== contactId)) throw new ValidationError([INVOICE_MESSAGES.rowActivityUnknown]);
  }
  const vatIds = ids((r) => r.vat);
  const vats = new Map<number, ResolvedVat>();
  if (vatIds.length) {
    const found = await tx.select({ id: vatRates.id, rate: vatRates.rate, natura: vatRates.natura }).from(vatRates).where(intIn(vatRates.id, vatIds));
    if (found.length !== vatIds.length) throw new ValidationError([INVOICE_MESSAGES.rowVatUnknown]);
    for (const v of found) vats.set(v.id, { rate: v.rate, natura: v.natura });
  }
  return { vats };
}

/** What a Lavoro row without an amount bills: the job's 'Da fatturare' (cents). */
async function toInvoiceOf(tx: TenantScope, activityId: number): Promise<number> {
  // joined, so drizzle qualifies the columns inside toInvoiceSql (a single-table select writes them bare)
  const [r] = await tx.select({ toInvoice: toInvoiceSql }).from(activities).innerJoin(contacts, eq(activities.contactId, contacts.id)).where(eq(activities.id, activityId));
  return Number(r?.toInvoice ?? 0);
}

/** The rows with their amounts settled (a Lavoro row without one: its stored amount, else the job's Da fatturare). */
export async function resolveRows(tx: TenantScope, rows: readonly InvoiceRowInput[], existingRows: readonly DocumentRowRecord[]): Promise<RowValues[]> {
  const stored = new Map(existingRows.map((r) => [r.id, r]));
  const out: RowValues[] = [];
  for (const r of rows) {
    let amount = r.amount;
    if (amount === null) {
      const before = r.id !== undefined ? stored.get(r.id) : undefined;
      if (r.rowType === "LAVORO" && r.activity && before && before.activityId === r.activity.id) amount = Number(before.amount);
      else if (r.rowType === "LAVORO" && r.activity) amount = await toInvoiceOf(tx, r.activity.id);
      else amount = 0;
    }
    out.push({ ...r, amount: r.hideAmount ? 0 : amount });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Lavoro rows: marking the job's time invoiced, and giving it back

export async function unmark(tx: TenantScope, row: DocumentRowRecord): Promise<void> {
  if (row.invoicedTimeEntryIds?.length) await tx.updateWhere(timeEntries, inArray(timeEntries.id, row.invoicedTimeEntryIds), { invoiced: false, version: sql`${timeEntries.version} + 1` });
  if (row.invoicedActivity && row.invoicedActivityId !== null) await tx.updateWhere(activities, eq(activities.id, row.invoicedActivityId), { invoiced: false, version: sql`${activities.version} + 1` });
  await tx.updateWhere(documentRows, eq(documentRows.id, row.id), { invoicedActivityId: null, invoicedTimeEntryIds: null, invoicedActivity: false });
}

export async function mark(tx: TenantScope, row: DocumentRowRecord): Promise<void> {
  const job = await tx.find(activities, row.activityId!);
  if (!job) return;
  let entryIds: number[] = [];
  let fixed = false;
  if (job.paymentType === "Lavoro pagato a corpo") {
    fixed = !job.invoiced;
    if (fixed) await tx.updateWhere(activities, eq(activities.id, job.id), { invoiced: true, version: sql`${activities.version} + 1` });
  } else {
    entryIds = await tx.updateWhere(
      timeEntries,
      and(eq(timeEntries.activityId, job.id), eq(timeEntries.billable, true), eq(timeEntries.invoiced, false), sql`${timeEntries.minutes} is not null`),
      { invoiced: true, version: sql`${timeEntries.version} + 1` },
    );
  }
  await tx.updateWhere(documentRows, eq(documentRows.id, row.id), { invoicedActivityId: job.id, invoicedTimeEntryIds: entryIds, invoicedActivity: fixed });
}

/** After the rows are written: an invoice's Lavoro rows mark their job (once per row and job). */
export async function markRows(tx: TenantScope, doc: Document): Promise<void> {
  if (!policyOf(doc.kind).marksJobs) return;
  const rows = await tx.list(documentRows, { where: and(eq(documentRows.documentId, doc.id), eq(documentRows.rowType, "LAVORO")), orderBy: [asc(documentRows.position)] });
  for (const r of rows) if (r.activityId !== null && r.invoicedActivityId === null) await mark(tx, r);
}

/** Before the rows are replaced: rows going away, or no longer on the same job, give back what they marked. */
export async function unmarkLeaving(tx: TenantScope, existingRows: readonly DocumentRowRecord[], input: readonly InvoiceRowInput[]): Promise<void> {
  const kept = new Map(input.flatMap((r) => (r.id !== undefined ? [[r.id, r] as const] : [])));
  for (const r of existingRows) {
    if (r.invoicedActivityId === null) continue;
    const next = kept.get(r.id);
    if (next && next.rowType === "LAVORO" && next.activity?.id === r.invoicedActivityId) continue;
    await unmark(tx, r);
  }
}
