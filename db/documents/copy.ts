/**
 * Copies inside the model (convert, credit-note, duplicate, the planned operations' copies): the source's header and
 * rows through the entity's own create (refs, totals, numbering rules), a Bozza dated today, deadlines recomputed
 * from the payment modality (the source's may be paid or out of date), linked to the source (sourceDocumentId; the
 * JSON's `source`).
 * - Conversions happen once (decision): a quote or proforma converted (policy.ts `conversions`) records the new
 *   document (converted_to_id; the JSON's `convertedTo`) and shows 'Convertito in fattura' / 'Convertito in
 *   proforma' in the form and the lists (CONVERTED_STATE_LABELS: a displayed state, the stored ones stay the spec's);
 *   a second conversion, to either kind, is refused (400, naming the document made). The source is locked (SELECT …
 *   FOR UPDATE) before the check, so of two conversions at once the second waits and is refused; deleting the
 *   document made frees the source (the foreign key clears converted_to_id). A quote made into a proforma is
 *   converted: the proforma is then converted into the invoice.
 * - A credit note's link is the invoice it corrects: its duplicate keeps that link (so its XML names the invoice and
 *   its issue nets it, db/documents/credit-notes.ts), a duplicate of any other document links to the copied one.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { documents, type Document } from "@/db/schema";
import { type TenantScope } from "@/db/scope";
import { BadRequestError } from "@/lib/errors";
import { defaultDocumentType, policyOf } from "@/lib/documents/policy";
import { todayInRome } from "@/lib/rome-time";
import { DOCUMENT_KINDS, INVOICE_ACTION_MESSAGES, INVOICE_MESSAGES, invoiceSchema, type DocumentKind, type InvoiceJson } from "@/lib/schemas/invoice";
import { documentLabel } from "./label";
import { invoiceEntity } from "./entity";
export interface CopyResult {
  message: string;
  invoice: InvoiceJson;
  source: { id: number; toString: string };
}

interface CopyOptions {
  /** Refuses the source (400). */
  check: (source: Document) => void;
  target: (source: Document) => { kind: DocumentKind; documentType: string };
  message: string;
  date?: string;
  /** A conversion: the source locked, converted once (see the header). */
  conversion?: boolean;
  /** The document the copy is linked to (default: the source). */
  linkTo?: (source: Document) => number | null;
}

/** A new Bozza of `kind` from the source's header and rows, linked to it, in one transaction. */
async function copyDocument(scope: TenantScope, id: number, { check, target, message, date, conversion = false, linkTo = (s) => s.id }: CopyOptions): Promise<CopyResult> {
  return scope.transaction(async (tx) => {
    const found = await tx.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
    // a conversion waits for another one of the same source, then sees what it made
    const source = conversion ? ((await tx.lockRow(documents, eq(documents.id, found.id))) ?? found) : found;
    check(source);
    if (conversion && source.convertedToId !== null) {
      const made = await tx.find(documents, source.convertedToId);
      if (made) throw new BadRequestError(INVOICE_ACTION_MESSAGES.alreadyConverted(documentLabel(made)));
    }
    const json = await invoiceEntity.toJson(tx, source);
    const { kind, documentType } = target(source);
    const input = invoiceSchema.parse({
      ...json,
      id: undefined,
      version: undefined,
      kind,
      documentType,
      state: "Bozza",
      date: date ?? todayInRome(),
      rows: json.rows.map((r) => ({ ...r, id: undefined, tempId: undefined })),
      deadlines: [],
    });
    const created = await invoiceEntity.create(tx, input);
    const linked = await tx.update(documents, created.id, undefined, { sourceDocumentId: linkTo(source) });
    if (conversion) await tx.update(documents, source.id, undefined, { convertedToId: created.id });
    return { message, invoice: await invoiceEntity.toJson(tx, linked), source: { id: source.id, toString: documentLabel(source) } };
  });
}

/** POST /api/invoices/convert/{id}?to=INVOICE|PROFORMA: a proforma or quote into an invoice, a quote into a proforma. */
export function convertDocument(scope: TenantScope, id: number, to: string | null): Promise<CopyResult> {
  if (!DOCUMENT_KINDS.some((k) => policyOf(k).conversions.includes(to as DocumentKind))) throw new BadRequestError(INVOICE_ACTION_MESSAGES.convertTarget);
  const target = to as DocumentKind;
  return copyDocument(scope, id, {
    check: (s) => {
      if (!policyOf(s.kind).conversions.includes(target)) throw new BadRequestError(INVOICE_ACTION_MESSAGES.convertSource);
    },
    target: (s) => ({ kind: target, documentType: s.documentType === "TD04" ? "TD01" : s.documentType }),
    message: INVOICE_ACTION_MESSAGES.converted(policyOf(target).word),
    conversion: true,
  });
}

/** POST /api/invoices/credit-note/{id}: a TD04 of an issued invoice, its rows copied (to be trimmed for a partial one). */
export function createCreditNote(scope: TenantScope, id: number): Promise<CopyResult> {
  return copyDocument(scope, id, {
    check: (s) => {
      if (!policyOf(s.kind).creditNoteFrom || s.number === null) throw new BadRequestError(INVOICE_ACTION_MESSAGES.creditNoteSource);
    },
    target: () => ({ kind: "CREDIT_NOTE", documentType: defaultDocumentType("CREDIT_NOTE") }),
    message: INVOICE_ACTION_MESSAGES.creditNoteCreated,
  });
}

/** POST /api/invoices/duplicate/{id}: a Bozza copy of any document, same kind and type. */
export function duplicateDocument(scope: TenantScope, id: number): Promise<CopyResult> {
  return copyDocument(scope, id, {
    check: () => {},
    target: (s) => ({ kind: s.kind, documentType: s.documentType }),
    message: INVOICE_ACTION_MESSAGES.duplicated,
    // a credit note's link is the invoice it corrects (see the header)
    linkTo: (s) => (policyOf(s.kind).correctsInvoice ? s.sourceDocumentId : s.id),
  });
}

/**
 * Operazioni pianificate (db/queries/planned-operations-runner.ts): a Bozza copy of the template dated the
 * occurrence's day, same kind and type, or a proforma of it (`kind` PROFORMA), linked to the template.
 */
export function copyDocumentOn(scope: TenantScope, id: number, date: string, kind?: "PROFORMA"): Promise<CopyResult> {
  return copyDocument(scope, id, {
    check: () => {},
    target: (s) => ({ kind: kind ?? s.kind, documentType: s.documentType === "TD04" ? "TD01" : s.documentType }),
    message: INVOICE_ACTION_MESSAGES.duplicated,
    date,
  });
}

