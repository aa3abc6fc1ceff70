/** The save of a document: the entity's hooks (before, after, finalize, delete), its totals, deadlines and snapshots. */
import "server-only";
import { eq } from "drizzle-orm";
import { checkRef, replaceChildRows } from "@/db/entity";
import { lockCounter, setCounter } from "@/db/counters";
import {
  bankAccounts,
  contacts,
  documentRows,
  documents,
  paymentModalities,
  type Contact,
  type Document,
  type DocumentRowRecord,
  type Tenant,
} from "@/db/schema";
import { type TenantScope } from "@/db/scope";
import { ApiError, BadRequestError, ValidationError } from "@/lib/errors";
import { type CalculationResult } from "@/lib/fiscal/calculate";
import { formatMoney } from "@/lib/format";
import { buyerOf, calculate, fiscalRowsOf, fiscalSettingsOf, totalsOf } from "@/lib/invoice-calculation";
import type { EntityRef } from "@/lib/schemas/fields";
import {
  INVOICE_MESSAGES,
  type DocumentKind,
  type DocumentState,
  type InvoiceCalculationInput,
  type InvoiceDeadlineInput,
  type InvoiceInput,
  type InvoiceTotals,
} from "@/lib/schemas/invoice";
import { netCreditNote, unnetCreditNote } from "./credit-notes";
import { scheduleDeadlines } from "@/db/queries/deadline-schedule";
import { documentLabel } from "./label";
import { checkRowRefs, deadlinesDef, markRows, resolveRows, rowsDef, unmark, unmarkLeaving, type RowValues } from "./rows";
import { checkDateOrder, isDeletable, numberDocument, sectionalOf, seriesFor, seriesKey, yearOf, type SeriesOf } from "./numbering";
import { logState } from "./history";
import { isLocked, policyOf, stateAllowed } from "@/lib/documents/policy";

const totalsColumns = (t: InvoiceTotals) => ({
  taxable: t.taxable,
  totalVat: t.totalVat,
  inpsRevengeAmount: t.inpsRevengeAmount,
  professionistFundAmount: t.professionistFundAmount,
  withholdingTaxAmount: t.withholdingTaxAmount,
  stampTotal: t.stampAmount,
  total: t.total,
  netToPay: t.netToPay,
});

export function sellerSnapshot(t: Tenant) {
  return { denomination: t.denomination, fiscalCode: t.fiscalCode, vat: t.vat, address: t.address, postalCode: t.postalCode, city: t.city, province: t.province, taxRegime: t.taxRegime, phone: t.phone, email: t.email };
}

export function buyerSnapshot(c: Contact) {
  return {
    name: c.name,
    kind: c.kind,
    companyName: c.companyName,
    firstName: c.firstName,
    lastName: c.lastName,
    vatCountry: c.vatCountry,
    vatNumber: c.vatNumber,
    fiscalCode: c.fiscalCode,
    address: c.address,
    postalCode: c.postalCode,
    city: c.city,
    province: c.province,
    country: c.country,
    email: c.email,
    pec: c.pec,
    sdiCode: c.sdiCode,
    publicAdministration: c.publicAdministration,
    splitPayment: c.splitPayment,
    withholdingAgent: c.withholdingAgent,
  };
}

/** The snapshots of a document leaving Bozza: later edits of the tenant or the customer never change it. */
export const snapshots = (tenant: Tenant, contact: Contact) => ({ sellerSnapshot: sellerSnapshot(tenant), buyerSnapshot: buyerSnapshot(contact) });

export function checkStateForKind(kind: DocumentKind, state: DocumentState): void {
  if (!stateAllowed(kind, state)) throw new ValidationError([INVOICE_MESSAGES.stateForKind]);
}


// ---------------------------------------------------------------------------------------------
// The save

interface Prepared {
  kind: DocumentKind;
  rows: RowValues[];
  deadlines: InvoiceDeadlineInput[];
  existingRows: DocumentRowRecord[];
  tenant: Tenant;
  /** The series to number the document in at the end of the save (it leaves Bozza now). */
  issue: SeriesOf | null;
}

/** What beforeWrite settled for afterWrite (the same input object travels through one save). */
export const prepared = new WeakMap<object, Prepared>();

export interface Computed {
  calc: CalculationResult;
  totals: InvoiceTotals;
  rows: RowValues[];
  contact: Contact | null;
}

/** The customer chosen in the form: a customer of the tenant, else 400. */
export async function customerOf(tx: TenantScope, chosen: EntityRef | null | undefined): Promise<Contact | null> {
  const contact = chosen ? ((await tx.find(contacts, chosen.id)) ?? null) : null;
  if (chosen && (!contact || !contact.isCustomer)) throw new ValidationError([INVOICE_MESSAGES.contactUnknown]);
  return contact;
}

/** Totals of a document as the form holds it (also get-calculated-fields); `contact`: the customer already read. */
export async function compute(tx: TenantScope, tenant: Tenant, input: InvoiceCalculationInput, existingRows: readonly DocumentRowRecord[], customer?: Contact | null): Promise<Computed> {
  const contact = customer !== undefined ? customer : await customerOf(tx, input.contact);
  const { vats } = await checkRowRefs(tx, input.rows, contact?.id ?? null);
  const rows = await resolveRows(tx, input.rows, existingRows);
  const calc = calculate(fiscalRowsOf(rows, vats), fiscalSettingsOf(tenant, input), buyerOf(contact, input.publicAdministration), input.stampBorneByIssuer);
  return { calc, totals: totalsOf(calc), rows, contact };
}

/** Deadlines from the payment modality on the netto a pagare (one on the document date without a modality). */
export async function deadlinesFor(tx: TenantScope, kind: DocumentKind, date: string, netToPay: number, paymentModalityId: number | null, bankAccount: EntityRef | null): Promise<InvoiceDeadlineInput[]> {
  if (!policyOf(kind).deadlines) return [];
  const base = { deadlineState: "Da saldare" as const, paymentDate: null, bankAccount: bankAccount ? { id: bankAccount.id, toString: undefined } : null, description: "" };
  return (await scheduleDeadlines(tx, date, netToPay, paymentModalityId, INVOICE_MESSAGES.paymentModalityUnknown)).map((d) => ({ ...base, ...d }));
}

/**
 * Each reference is read once (the columns returned here are the hook's word, so the declaration's refs are not
 * checked again): the customer, the sectional, the payment modality (by the schedule when it gives deadlines), the
 * bank accounts, the rows' references. The number is not taken here but in finalize, the save's last statements.
 */
export async function beforeWrite(tx: TenantScope, input: InvoiceInput, existing: Document | undefined): Promise<Partial<typeof documents.$inferInsert>> {
  const kind = existing?.kind ?? input.kind;
  checkStateForKind(kind, input.state);
  if (existing && isLocked(existing)) throw new ApiError(409, policyOf(existing.kind).lockedMessage);
  // the references, read together (pipelined on PostgreSQL), refused with their own messages in the form's order
  const schedule = policyOf(kind).deadlines !== null && input.deadlines.length === 0;
  const [contact, sectional, checkedModalityId, bankAccountId, , tenant, existingRows] = await inOrder([
    customerOf(tx, input.contact),
    sectionalOf(tx, input.sectional),
    schedule ? Promise.resolve(null) : checkRef(tx, paymentModalities, input.paymentModality, INVOICE_MESSAGES.paymentModalityUnknown),
    checkRef(tx, bankAccounts, input.bankAccount, INVOICE_MESSAGES.bankAccountUnknown),
    Promise.all(input.deadlines.map((d) => checkRef(tx, bankAccounts, d.bankAccount, INVOICE_MESSAGES.deadlineBankAccountUnknown))),
    tx.getTenant(),
    existing ? tx.list(documentRows, { where: eq(documentRows.documentId, existing.id) }) : Promise.resolve([]),
  ] as const);
  const paymentModalityId = schedule ? (input.paymentModality?.id ?? null) : checkedModalityId;
  const { totals, rows } = await compute(tx, tenant, input, existingRows, contact);

  let deadlines = input.deadlines;
  if (!policyOf(kind).deadlines) deadlines = [];
  else if (schedule) {
    deadlines = await deadlinesFor(tx, kind, input.date, totals.netToPay, paymentModalityId, input.bankAccount ?? null);
    // nothing to schedule (netto a pagare zero): the modality is still checked against the tenant
    if (!deadlines.length) await checkRef(tx, paymentModalities, input.paymentModality, INVOICE_MESSAGES.paymentModalityUnknown);
  } else {
    const sum = deadlines.reduce((s, d) => s + d.amount, 0);
    if (sum !== totals.netToPay) throw new ValidationError([INVOICE_MESSAGES.deadlinesSum(formatMoney(sum), formatMoney(totals.netToPay))]);
  }

  const year = yearOf(input.date);
  const sectionalId = sectional?.id ?? null;
  let issue: SeriesOf | null = null;
  if (existing?.number != null) {
    if (input.state === "Bozza") throw new ValidationError([INVOICE_MESSAGES.backToDraft]);
    if (existing.year !== year || (existing.sectionalId ?? null) !== sectionalId) throw new ValidationError([INVOICE_MESSAGES.numberedMove]);
    if (existing.date !== input.date) await checkDateOrder(tx, tenant, { kind, sectionalId, year, number: existing.number, date: input.date });
  } else if (input.state !== "Bozza") {
    issue = seriesFor(kind, sectional, input.date);
    await checkCorrectedInvoice(tx, kind, existing?.sourceDocumentId ?? null, input.correctedInvoice);
  }
  prepared.set(input, { kind, rows, deadlines, existingRows, tenant, issue });
  return {
    kind,
    year,
    ...totalsColumns(totals),
    contactId: contact!.id,
    sectionalId,
    paymentModalityId,
    bankAccountId,
    ...(issue ? snapshots(tenant, contact!) : {}),
  };
}

export async function afterWrite(tx: TenantScope, row: Document, input: InvoiceInput, existing: Document | undefined): Promise<void> {
  const p = prepared.get(input);
  if (!p) throw new Error("documento: salvataggio senza preparazione");
  await unmarkLeaving(tx, p.existingRows, existing ? input.rows : []);
  const deadlines = p.deadlines.map((d) => ({ ...d, contactId: row.contactId }));
  const marks = p.rows.some((r) => r.rowType === "LAVORO" && r.activity);
  if (!existing && !marks) {
    // a new document: rows, deadlines and the first state, one INSERT each, issued together
    await Promise.all([replaceChildRows(tx, rowsDef, row.id, p.rows, true), replaceChildRows(tx, deadlinesDef, row.id, deadlines, true), logState(tx, row.id, null, row.state)]);
    return;
  }
  // a new document owns no rows yet: ids sent with a create are ignored, the rows go in one statement
  await replaceChildRows(tx, rowsDef, row.id, p.rows, !existing);
  if (marks) await markRows(tx, row);
  await replaceChildRows(tx, deadlinesDef, row.id, deadlines, !existing);
  if (!existing || existing.state !== row.state) await logState(tx, row.id, existing?.state ?? null, row.state);
  // a credit note issued now nets its invoice's open deadlines (before the answer reads the deadlines; a new document
  // has no source: copies are linked after their creation)
  if (p.issue && policyOf(row.kind).correctsInvoice) await netCreditNote(tx, row, documentLabel);
}

/**
 * Promise.all that, when several fail, throws the first failure in the list's order (not in time), so the message a
 * save answers with does not depend on which statement came back first.
 */
async function inOrder<const P extends readonly Promise<unknown>[]>(promises: P): Promise<{ -readonly [K in keyof P]: Awaited<P[K]> }> {
  const settled = await Promise.allSettled(promises);
  for (const s of settled) if (s.status === "rejected") throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as never;
}

/**
 * POST /api/invoices[/{id}]?issue=1 (issue 30, 'Salva ed emetti'): the input saved as issued. A Bozza becomes Emessa
 * (a state of every kind), so this same save numbers it in its own transaction — the credit note's rule
 * (checkCorrectedInvoice) and the netting of its invoice run as for any save leaving Bozza, and a refusal of either
 * the save or the issue rolls both back. A document already issued keeps the state sent: it just saves.
 */
export function issuedInput(input: InvoiceInput): InvoiceInput {
  return input.state === "Bozza" ? { ...input, state: "Emessa" } : input;
}

/** Last: the number, when the document leaves Bozza with this save. */
export async function finalize(tx: TenantScope, row: Document, input: InvoiceInput): Promise<Document | void> {
  const p = prepared.get(input);
  prepared.delete(input);
  if (p?.issue) return numberDocument(tx, p.tenant, row, p.issue);
}

export async function beforeDelete(tx: TenantScope, row: Document): Promise<void> {
  // an issued credit note that netted its invoice gives the netted deadlines back (the invoice locked before the
  // counter, in the order an issue takes them; a refusal below rolls it back)
  if (policyOf(row.kind).correctsInvoice && row.number !== null) await unnetCreditNote(tx, row);
  // a numbered document's counter is locked first: the rule then reads a value no issue or deletion can move
  const key = row.number !== null ? seriesKey(row) : null;
  const current = key !== null ? await lockCounter(tx, key) : 0;
  // deletableSql decides; the document's SDI state only picks the words of the refusal
  if (!(await isDeletable(tx, row.id))) throw new ApiError(409, row.sdiState !== null && row.sdiState !== "Scartata" ? INVOICE_MESSAGES.sentToSdi : INVOICE_MESSAGES.notLast);
  if (key !== null) await setCounter(tx, key, current - 1);
  for (const r of await tx.list(documentRows, { where: eq(documentRows.documentId, row.id) })) if (r.invoicedActivityId !== null) await unmark(tx, r);
}

export type LinkedJson = { ref: { id: number; toString: string }; kind: DocumentKind };

/** A linked document (source, conversion) as a reference, labelled as it is now ('Fattura 3 del …'), and its kind. */
export async function linkedDocument(scope: TenantScope, id: number | null): Promise<LinkedJson | null> {
  const d = id !== null ? await scope.find(documents, id) : undefined;
  return d ? { ref: { id: d.id, toString: documentLabel(d) }, kind: d.kind } : null;
}

/**
 * A credit note leaves Bozza only naming the invoice it corrects (it goes to DatiFattureCollegate): made from it
 * (sourceDocumentId: a numbered invoice), or its number and date typed in (correctedInvoice). Else 400; a Bozza is
 * saved without it.
 */
export async function checkCorrectedInvoice(tx: TenantScope, kind: DocumentKind, sourceDocumentId: number | null, typed: { number: string; date: string | null }): Promise<void> {
  if (!policyOf(kind).correctsInvoice) return;
  if (typed.number.trim() !== "" && typed.date) return;
  const source = sourceDocumentId !== null ? await tx.find(documents, sourceDocumentId) : undefined;
  if (source && policyOf(source.kind).creditNoteFrom && source.number !== null) return;
  throw new BadRequestError(INVOICE_MESSAGES.correctedInvoiceNeeded, [INVOICE_MESSAGES.correctedInvoiceNeeded]);
}
