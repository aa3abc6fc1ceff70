/**
 * A credit note and the invoice it corrects: what is left to collect (issue 27), and a sales document's 'Pagata'
 * as its deadlines settle (shared by the Scadenziario's transitions, db/queries/deadlines.ts).
 *
 * Netting (decisions):
 * - When a credit note made from an invoice (sourceDocumentId) is issued (it leaves Bozza, by a save or by set-state),
 *   in the same transaction, with the invoice locked: the invoice's open deadlines ('Da saldare') are reduced by the
 *   credit note's netto a pagare, latest deadline first. A deadline netted whole becomes 'Stornato'; one netted in part
 *   keeps its remainder open and the netted part becomes a 'Stornato' deadline of its own beside it (same date, bank
 *   account), so an invoice's deadlines still add up to its netto a pagare (the form's check, the XML's
 *   DatiPagamento) while its open amount, what the Scadenziario, the home page and Statistiche count as 'Da
 *   incassare', falls by what the credit note takes back.
 * - The credit note's own deadlines are settled the same way for the part netted ('Stornato': that money is not paid
 *   back, it is no longer asked for), so it is not counted again as 'Da pagare'; the rest, when the invoice had less
 *   open than the credit note (already paid, in whole or in part), stays 'Da saldare': a refund to the customer, as
 *   before.
 * - The invoice then becomes 'Pagata' when none of its deadlines is open and one is 'Saldato' (settleDocument); a
 *   credit note of a whole unpaid invoice leaves every deadline 'Stornato' and the invoice in its state.
 * - Each deadline settled this way carries the credit note (credit_note_id) and says so in its description; deleting
 *   the credit note (the last of its series) reopens them ('Da saldare', a split part stays a deadline of its own).
 * - A credit note whose invoice was typed in (number and date) nets nothing: the invoice may not be in the
 *   application; its deadlines are settled by hand.
 */
import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { documentDeadlines as dd, documents, documentStateLogs, type Document, type DocumentDeadline } from "@/db/schema";
import { intEq, lit, type TenantScope } from "@/db/scope";
import { italianDate } from "@/lib/rome-time";
import type { DeadlineState, DocumentState } from "@/lib/schemas/invoice";
import { policyOf } from "@/lib/documents/policy";

export const NETTING_DESCRIPTIONS = {
  invoice: (noteDate: string) => `Stornata con nota di credito del ${italianDate(noteDate)}`,
  creditNote: (invoiceLabel: string) => `Compensata con ${invoiceLabel}`,
} as const;

/**
 * `amount` cents of the document's open deadlines settled 'Stornato', latest first (a deadline in part: split, see
 * above); returns what was settled (less than `amount` when less was open).
 */
async function settleLatest(tx: TenantScope, documentId: number, amount: number, creditNoteId: number, description: string): Promise<number> {
  if (amount <= 0) return 0;
  const open = await tx.list(dd, {
    where: and(intEq(dd.documentId, documentId), eq(dd.deadlineState, "Da saldare")),
    orderBy: [desc(dd.deadlineDate), desc(dd.position), desc(dd.id)],
  });
  let left = amount;
  for (const d of open) {
    if (left === 0) break;
    const own = Number(d.amount);
    const take = Math.min(left, own);
    left -= take;
    if (take === own) {
      await tx.updateWhere(dd, intEq(dd.id, d.id), { deadlineState: "Stornato", paymentDate: null, creditNoteId, description, version: sql`${dd.version} + 1` });
      continue;
    }
    await tx.updateWhere(dd, intEq(dd.id, d.id), { amount: own - take, version: sql`${dd.version} + 1` });
    await tx.insert(dd, {
      documentId,
      contactId: d.contactId,
      position: d.position,
      amount: take,
      deadlineDate: d.deadlineDate,
      deadlineState: "Stornato",
      bankAccountId: d.bankAccountId,
      description,
      creditNoteId,
    });
  }
  return amount - left;
}

/** At a credit note's issue (see above): its invoice's open deadlines netted by it; returns the amount netted. */
export async function netCreditNote(tx: TenantScope, note: Document, labelOf: (d: Document) => string): Promise<number> {
  if (!policyOf(note.kind).correctsInvoice || note.sourceDocumentId === null) return 0;
  // the invoice first (FOR UPDATE), as the Scadenziario's transitions take it: two credit notes, or a payment, at once
  // see each other's deadlines
  const invoice = await tx.lockRow(documents, eq(documents.id, note.sourceDocumentId));
  if (!invoice || !policyOf(invoice.kind).creditNoteFrom || invoice.number === null) return 0;
  const netted = await settleLatest(tx, invoice.id, Number(note.netToPay), note.id, NETTING_DESCRIPTIONS.invoice(note.date));
  if (netted === 0) return 0;
  await settleLatest(tx, note.id, netted, note.id, NETTING_DESCRIPTIONS.creditNote(labelOf(invoice)));
  await settleDocument(tx, invoice, "Stornato");
  return netted;
}

/** Before an issued credit note is deleted: the other documents' deadlines it settled are open again. */
export async function unnetCreditNote(tx: TenantScope, note: Document): Promise<void> {
  const settled = await tx.select({ documentId: dd.documentId }).from(dd).where(intEq(dd.creditNoteId, note.id), sql`${dd.documentId} <> ${lit(note.id)}`);
  const ids = [...new Set(settled.flatMap((r) => (r.documentId !== null ? [r.documentId] : [])))];
  for (const id of ids) {
    const invoice = await tx.lockRow(documents, eq(documents.id, id));
    await tx.updateWhere(dd, and(intEq(dd.documentId, id), intEq(dd.creditNoteId, note.id)), {
      deadlineState: "Da saldare",
      paymentDate: null,
      creditNoteId: null,
      description: "",
      version: sql`${dd.version} + 1`,
    });
    if (invoice) await settleDocument(tx, invoice, "Da saldare");
  }
}

// ---------------------------------------------------------------------------------------------
// 'Pagata' as the deadlines settle

async function logState(tx: TenantScope, documentId: number, before: DocumentState | null, after: DocumentState): Promise<void> {
  await tx.insert(documentStateLogs, { documentId, stateBefore: before, stateAfter: after, userId: tx.actor?.userId ?? null });
}

/** The state a document had before it became 'Pagata' (its last history row entering 'Pagata'). */
async function stateBeforePaid(tx: TenantScope, documentId: number): Promise<DocumentState> {
  const [last] = await tx
    .select({ before: documentStateLogs.stateBefore })
    .from(documentStateLogs)
    .where(and(eq(documentStateLogs.documentId, documentId), eq(documentStateLogs.stateAfter, "Pagata"), sql`${documentStateLogs.stateBefore} is distinct from 'Pagata'`))
    .orderBy(desc(documentStateLogs.created), desc(documentStateLogs.id))
    .limit(1);
  return last?.before && last.before !== "Pagata" ? last.before : "Emessa";
}

/**
 * After a deadline of the document moved (to `to`): the document becomes 'Pagata' when none of its deadlines is open
 * and one is 'Saldato' (Stornato ones do not count against it), or leaves it when one is reopened; the change is
 * written to the history. The caller holds the document's lock.
 */
export async function settleDocument(tx: TenantScope, doc: Document, to: DeadlineState): Promise<DocumentState> {
  const rows: Pick<DocumentDeadline, "deadlineState">[] = await tx.select({ deadlineState: dd.deadlineState }).from(dd).where(eq(dd.documentId, doc.id));
  const paid = rows.some((r) => r.deadlineState === "Saldato") && rows.every((r) => r.deadlineState !== "Da saldare");
  let next: DocumentState = doc.state;
  if (to !== "Da saldare" && paid && doc.state !== "Pagata") next = "Pagata";
  else if (to === "Da saldare" && !paid && doc.state === "Pagata") next = await stateBeforePaid(tx, doc.id);
  if (next === doc.state) return doc.state;
  await tx.update(documents, doc.id, undefined, { state: next });
  await logState(tx, doc.id, doc.state, next);
  return next;
}
