
import "server-only";
import { contacts, documents, invoiceSectionals } from "@/db/schema";
import { type TenantScope } from "@/db/scope";
import { ValidationError } from "@/lib/errors";
import { INVOICE_MESSAGES, type DocumentState, type InvoiceJson } from "@/lib/schemas/invoice";
import { netCreditNote } from "./credit-notes";
import { documentLabel } from "./label";
import { numberDocument, seriesFor } from "./numbering";
import { checkCorrectedInvoice, checkStateForKind, snapshots } from "./save";
import { logState } from "./history";
import { sdiStateForManualState } from "./sdi";
import { invoiceEntity } from "./entity";
import { policyOf } from "@/lib/documents/policy";

/**
 * POST /api/invoices/set-state/{id}: a state of the document's kind. Leaving Bozza gives the number (and the
 * snapshots) in this transaction; a numbered document never goes back to Bozza. With `version`, a stale one is a 409.
 */
export async function setDocumentState(scope: TenantScope, id: number, state: DocumentState, version?: number): Promise<InvoiceJson> {
  return scope.transaction(async (tx) => {
    const doc = await tx.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
    checkStateForKind(doc.kind, state);
    if (doc.state === state) return invoiceEntity.toJson(tx, doc);
    if (doc.number !== null && state === "Bozza") throw new ValidationError([INVOICE_MESSAGES.backToDraft]);
    if (doc.number !== null || state === "Bozza") {
      // the manual marks ('Segna come inviata' / 'consegnata' / 'scartata') keep the SDI state in step (db/documents/sdi.ts)
      const row = await tx.update(documents, id, version, { state, sdiState: sdiStateForManualState(doc.sdiState, state) });
      await logState(tx, id, doc.state, state);
      return invoiceEntity.toJson(tx, row);
    }
    // leaving Bozza: a credit note names its invoice; snapshots now, the number last (the counter's lock held for the
    // fewest statements); a credit note made from an invoice nets it in between
    await checkCorrectedInvoice(tx, doc.kind, doc.sourceDocumentId, { number: doc.correctedInvoiceNumber, date: doc.correctedInvoiceDate });
    const tenant = await tx.getTenant();
    const contact = await tx.getOrThrow(contacts, doc.contactId, INVOICE_MESSAGES.contactUnknown);
    const series = seriesFor(doc.kind, doc.sectionalId === null ? null : ((await tx.find(invoiceSectionals, doc.sectionalId)) ?? null), doc.date);
    const row = await tx.update(documents, id, version, { state, ...snapshots(tenant, contact) });
    await logState(tx, id, doc.state, state);
    if (policyOf(row.kind).correctsInvoice) await netCreditNote(tx, row, documentLabel);
    return invoiceEntity.toJson(tx, await numberDocument(tx, tenant, row, series));
  });
}
