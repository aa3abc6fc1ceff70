/**
 * SDI receipts applied to the tenant's documents (issue 31), and the channel's 'sent' mark.
 *
 * applySdiMessage(scope, { fileName, bytes, via }) → Applied | Unmatched | Refused, for the upload
 * (POST /api/invoices/sdi-notifications) and the PEC mailbox alike:
 * - the file is read and validated (lib/fiscal/sdi-messages.ts: the root decides the type); not an SDI message about a
 *   file we sent → Refused with the reason;
 * - its XML signature is checked (lib/fiscal/xml-signature.ts) and the result stored; the receipt is applied WHATEVER
 *   the result, and the history line says it ('Firma della notifica: valida/non valida/assente');
 * - it is matched by NomeFile to the tenant's document whose file this product made (documents.electronic_invoice_file_name,
 *   with or without .p7m: a signed file is named …xml.p7m), else to a document an earlier receipt of that same file
 *   was applied to (a transmission before a correction); only this tenant's documents are read (the scope), so another
 *   tenant's file name is Unmatched and never touched;
 * - the message is stored with its bytes (document_sdi_events): the unique (tenant, document, type, IdentificativoSdI,
 *   MessageId) makes the same receipt applied twice a no-op (answered Applied, nothing written again, nobody notified
 *   again), whichever way it came.
 *
 * The SDI state (documents.sdi_state, JSON sdiState) — decisions:
 * - ranks: null < 'Inviata allo SDI' < 'Consegnata' = 'Mancata consegna' < 'Accettata' = 'Rifiutata' = 'Decorrenza termini';
 *   a receipt moves it only to a higher rank (never backwards; of two final outcomes of the same rank the first stays).
 * - 'Scartata' ends a transmission: nothing of that file moves it afterwards. A corrected document is resent with a
 *   new file (db/documents/xml.ts builds a Scartata one again: a new progressive, the same number and date) and
 *   starts again at 'Inviata allo SDI' (markSentToSdi, or 'Segna come inviata'); receipts about the older file are
 *   then recorded in the history but move nothing.
 * - An NS about a document already delivered — the life cycle 'Consegnata', the SDI state 'Consegnata' or beyond
 *   (Mancata consegna, Accettata, Rifiutata, Decorrenza termini), or 'Pagata' after a 'Consegnata' in its history — is
 *   about a later transmission of the same document (SDI's 00002 'nome file duplicato' after a re-send of a delivered
 *   invoice, e.g. one delivered before this channel existed, whose sdi_state is null): the delivered invoice exists for
 *   the law, so the NS is stored and written in the history ('la fattura risulta già consegnata…') and changes nothing
 *   (neither state, nor the SDI state) and notifies nobody (a 'Fattura scartata' alarm would be false).
 * - RC → Consegnata; NS → Scartata; MC → Mancata consegna (the invoice exists for the law; the customer must be told:
 *   the form offers 'Invia email' of the PDF); AT (PA, impossibilità di recapito) → Mancata consegna;
 *   NE EC01 → Accettata, EC02 → Rifiutata; DT → Decorrenza termini.
 *
 * The life-cycle state (documents.state: Emessa, Inviata allo SDI, Consegnata, Scartata, Pagata) and the SDI state never
 * contradict each other: a receipt also moves the life cycle where it has the same meaning — SDI 'Inviata allo SDI'
 * → 'Inviata allo SDI' (from Emessa or Scartata), Consegnata/Accettata/Rifiutata/Decorrenza → 'Consegnata' (from
 * Emessa or Inviata), Mancata consegna → 'Inviata allo SDI' (from Emessa: it was transmitted, not delivered),
 * Scartata → 'Scartata' (from Emessa or Inviata; a delivered one stays, see above: the document becomes editable
 * again, policy.ts EDITABLE_STATES). 'Pagata' is the payment's and is never overwritten by a receipt (the SDI state still records it).
 * The other way, the manual 'Segna come inviata' / 'Segna consegnata' / 'Segna scartata' (set-state) set the SDI state
 * to the same value when it would move forwards (or restart a transmission after Scartata): `sdiStateForManualState`.
 *
 * NS and MC notify: a bell notification to the tenant's active admins and document users, and an e-mail to the
 * tenant's active admins through the one mailer (outbox, in the same transaction), outside the tenant's ceiling (the
 * tenant's own users, and a mailbox job has nobody to answer a 429 to).
 */
import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { documents, documentSdiEvents, documentStateLogs, notifications, users, type Document, type SdiState, type StoredSdiError } from "@/db/schema";
import { intEq, type TenantScope } from "@/db/scope";
import { policyOf } from "@/lib/documents/policy";
import { sdiErrorExplanation } from "@/lib/fiscal/sdi-errors";
import { parseSdiMessage, SdiMessageRefusedError, SDI_TYPE_LABELS, type SdiMessage, type SdiMessageType } from "@/lib/fiscal/sdi-messages";
import { verifyXmlSignature, type XmlSignatureCheck } from "@/lib/fiscal/xml-signature";
import { sendMail } from "@/lib/mail/mailer";
import type { DocumentState } from "@/lib/schemas/invoice";

export type SdiVia = "upload" | "pec";

export interface Applied {
  outcome: "applied";
  file: string;
  type: SdiMessageType;
  invoice: { id: number; number: string | null };
  sdiState: SdiState | null;
  /** The same receipt was already applied: nothing was written. */
  duplicate: boolean;
}
export interface Unmatched {
  outcome: "unmatched";
  file: string;
  reason: string;
}
export interface Refused {
  outcome: "refused";
  file: string;
  reason: string;
}

export const SDI_RECEIPT_MESSAGES = {
  unmatched: (nomeFile: string) => `Nessuna fattura di questa azienda corrisponde al file ${nomeFile} indicato dalla notifica`,
  notificationTitle: (type: SdiMessageType, number: string | null) =>
    type === "NS" ? `Fattura ${number ?? ""} scartata dallo SDI` : `Fattura ${number ?? ""} non consegnata al cliente`,
  signature: (r: XmlSignatureCheck["result"]) => `Firma della notifica: ${r}`,
  mcAdvice: "Fattura non consegnata: inviala al cliente per email",
  // the Agenzia's rule (circolare 14/E del 2019): the corrected file within 5 days of the scarto, same number and date
  nsAdvice: "Correggi il documento e invialo di nuovo allo SDI con lo stesso numero e la stessa data entro 5 giorni dalla notifica di scarto",
  olderFile: (current: string) => `riguarda un invio precedente (il file attuale è ${current}): lo stato SDI non cambia`,
  alreadyDelivered: "la fattura risulta già consegnata: lo scarto riguarda un nuovo invio dello stesso documento (per esempio nome file duplicato) e lo stato non cambia",
} as const;

const RANK: Record<SdiState, number> = {
  "Inviata allo SDI": 1,
  Consegnata: 2,
  "Mancata consegna": 2,
  Scartata: 2,
  Accettata: 3,
  Rifiutata: 3,
  "Decorrenza termini": 3,
};

/** The SDI state a message announces. */
export function sdiStateOf(m: Pick<SdiMessage, "type" | "esito">): SdiState {
  switch (m.type) {
    case "RC":
      return "Consegnata";
    case "NS":
      return "Scartata";
    case "MC":
    case "AT":
      return "Mancata consegna";
    case "NE":
      return m.esito === "EC02" ? "Rifiutata" : "Accettata";
    case "DT":
      return "Decorrenza termini";
  }
}

/** The state after a receipt announcing `next` (never backwards; nothing after Scartata: a new transmission restarts). */
export function nextSdiState(current: SdiState | null, next: SdiState): SdiState | null {
  if (current === "Scartata") return current;
  if (current === null) return next;
  return RANK[next] > RANK[current] ? next : current;
}

/** The life-cycle state that goes with an SDI state (see the header); the current one when it must stay. */
export function lifeCycleFor(state: DocumentState, sdi: SdiState): DocumentState {
  const from = (allowed: DocumentState[], to: DocumentState) => (allowed.includes(state) ? to : state);
  switch (sdi) {
    case "Inviata allo SDI":
      return from(["Emessa", "Scartata"], "Inviata allo SDI");
    case "Mancata consegna":
      return from(["Emessa"], "Inviata allo SDI");
    case "Scartata":
      return from(["Emessa", "Inviata allo SDI"], "Scartata");
    default:
      return from(["Emessa", "Inviata allo SDI"], "Consegnata");
  }
}

/**
 * The SDI state after the user marks a life-cycle state by hand (set-state): 'Inviata allo SDI' starts a transmission
 * (from none or after Scartata), 'Consegnata' and 'Scartata' record SDI's answer when it would move forwards. Other
 * states leave it as it is.
 */
export function sdiStateForManualState(current: SdiState | null, state: DocumentState): SdiState | null {
  if (state === "Inviata allo SDI") return current === null || current === "Scartata" ? "Inviata allo SDI" : current;
  if (state === "Consegnata" || state === "Scartata") return nextSdiState(current, state);
  return current;
}

const stripP7m = (name: string) => name.replace(/\.p7m$/i, "");
const namesOf = (nomeFile: string) => {
  const base = stripP7m(nomeFile);
  return [...new Set([nomeFile, base, `${base}.p7m`])];
};

/** The tenant's document whose file this is (the current file first, else one an earlier receipt of that file named). */
async function matchDocument(scope: TenantScope, nomeFile: string): Promise<Document | undefined> {
  const names = namesOf(nomeFile);
  const [current] = await scope
    .select({ d: documents })
    .from(documents)
    .where(and(inArray(documents.electronicInvoiceFileName, names), inArray(documents.kind, ["INVOICE", "CREDIT_NOTE"])))
    .orderBy(asc(documents.id))
    .limit(1);
  if (current) return current.d;
  const [earlier] = await scope
    .select({ documentId: documentSdiEvents.documentId })
    .from(documentSdiEvents)
    .where(inArray(documentSdiEvents.transmittedFileName, names))
    .orderBy(asc(documentSdiEvents.id))
    .limit(1);
  return earlier ? scope.find(documents, earlier.documentId) : undefined;
}

const isoOrNull = (s: string | null) => {
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** SDI states that say the file passed SDI's checks (delivered, or handed to the recipient's mailbox). */
const DELIVERED_SDI_STATES: readonly SdiState[] = ["Consegnata", "Mancata consegna", "Accettata", "Rifiutata", "Decorrenza termini"];

/** Whether the document is known delivered (see the header: an NS then changes nothing). */
async function alreadyDelivered(tx: TenantScope, doc: Document): Promise<boolean> {
  if (doc.state === "Consegnata" || (doc.sdiState !== null && DELIVERED_SDI_STATES.includes(doc.sdiState))) return true;
  if (doc.state !== "Pagata") return false;
  // paid: delivered when its history's last delivery-or-discard line is a delivery
  const [last] = await tx
    .select({ after: documentStateLogs.stateAfter })
    .from(documentStateLogs)
    .where(and(intEq(documentStateLogs.documentId, doc.id), inArray(documentStateLogs.stateAfter, ["Consegnata", "Scartata"])))
    .orderBy(desc(documentStateLogs.id))
    .limit(1);
  return last?.after === "Consegnata";
}

function historyNote(m: SdiMessage, fileName: string, signature: XmlSignatureCheck, older: string | null, delivered = false): string {
  const parts = [`${SDI_TYPE_LABELS[m.type]} dallo SDI (${fileName}, IdentificativoSdI ${m.identificativoSdi})`];
  if (m.type === "NE") parts.push(m.esito === "EC02" ? "esito EC02: rifiutata dal committente" : "esito EC01: accettata dal committente");
  if (m.description && m.type !== "NS") parts.push(m.description);
  if (m.errors.length) parts.push(m.errors.map((e) => `[${e.code}] ${sdiErrorExplanation(e)}`).join("; "));
  if (older) parts.push(SDI_RECEIPT_MESSAGES.olderFile(older));
  else if (delivered) parts.push(SDI_RECEIPT_MESSAGES.alreadyDelivered);
  parts.push(`${SDI_RECEIPT_MESSAGES.signature(signature.result)}${signature.detail ? ` (${signature.detail})` : ""}`);
  return parts.join(". ");
}

/** NS and MC: the bell of the tenant's active admins and document users, and an e-mail to its active admins. */
async function notify(tx: TenantScope, doc: Document, m: SdiMessage, errors: StoredSdiError[]): Promise<void> {
  const people = await tx
    .select({ id: users.id, email: users.email, roles: users.roles })
    .from(users)
    .where(and(eq(users.disabled, false), sql`(${users.roles} @> '["ROLE_ADMIN"]'::jsonb or ${users.roles} @> '["ROLE_DOCUMENT"]'::jsonb)`))
    .orderBy(asc(users.id));
  const title = SDI_RECEIPT_MESSAGES.notificationTitle(m.type, doc.numberText);
  const lines =
    m.type === "NS"
      ? [SDI_RECEIPT_MESSAGES.nsAdvice + ".", ...errors.map((e) => `[${e.code}] ${e.explanation}`)]
      : [`${SDI_RECEIPT_MESSAGES.mcAdvice}.`, ...(m.description ? [`SDI: ${m.description}`] : [])];
  const body = lines.join("\n");
  const link = "/fatture";
  for (const p of people) await tx.insert(notifications, { userId: p.id, title, body, link });
  const tenant = await tx.getTenant();
  for (const p of people.filter((u) => u.roles.includes("ROLE_ADMIN"))) {
    const text = `${title} (${tenant.denomination ?? ""}).\n\n${body}\n\nFile: ${doc.electronicInvoiceFileName ?? m.nomeFile} · IdentificativoSdI ${m.identificativoSdi}\n`;
    const html = `<p><strong>${escapeHtml(title)}</strong></p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p>File: ${escapeHtml(doc.electronicInvoiceFileName ?? m.nomeFile)} · IdentificativoSdI ${escapeHtml(m.identificativoSdi)}</p>`;
    await sendMail(tx.platform, { tenantId: tx.tenantId, to: p.email, subject: title, text, html }, { limited: false });
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Reads, checks, matches and applies one SDI message (see the header). */
export async function applySdiMessage(scope: TenantScope, input: { fileName: string; bytes: Uint8Array; via: SdiVia }): Promise<Applied | Unmatched | Refused> {
  const file = input.fileName;
  let m: SdiMessage;
  try {
    m = parseSdiMessage(input.bytes, file);
  } catch (e) {
    if (e instanceof SdiMessageRefusedError) return { outcome: "refused", file, reason: e.message };
    throw e;
  }
  const signature: XmlSignatureCheck = m.signed ? verifyXmlSignature(Buffer.from(input.bytes).toString("utf8")) : { result: "assente", detail: "" };
  const matched = await matchDocument(scope, m.nomeFile);
  if (!matched || !policyOf(matched.kind).xml) return { outcome: "unmatched", file, reason: SDI_RECEIPT_MESSAGES.unmatched(m.nomeFile) };

  return scope.transaction(async (tx) => {
    const doc = (await tx.lockRow(documents, intEq(documents.id, matched.id)))!;
    const current = doc.electronicInvoiceFileName;
    const older = current && !namesOf(m.nomeFile).includes(current) ? current : null;
    const announced = sdiStateOf(m);
    const delivered = !older && m.type === "NS" && (await alreadyDelivered(tx, doc));
    const sdiState = older || delivered ? doc.sdiState : nextSdiState(doc.sdiState, announced);
    const errors: StoredSdiError[] = m.errors.map((e) => ({ ...e, explanation: sdiErrorExplanation(e) }));
    const inserted = await tx.upsert(
      documentSdiEvents,
      [documentSdiEvents.documentId, documentSdiEvents.type, documentSdiEvents.identificativoSdi, documentSdiEvents.messageId],
      {
        documentId: doc.id,
        type: m.type,
        fileName: file.slice(0, 1000),
        transmittedFileName: m.nomeFile,
        identificativoSdi: m.identificativoSdi,
        messageId: m.messageId,
        messageDate: isoOrNull(m.deliveredAt ?? m.receivedAt),
        esito: m.esito,
        signatureResult: signature.result,
        signatureDetail: signature.detail,
        errors,
        file: Buffer.from(input.bytes),
        via: input.via,
        sdiStateAfter: sdiState,
        userId: tx.actor?.userId ?? null,
      },
    );
    if (!inserted) return { outcome: "applied", file, type: m.type, invoice: { id: doc.id, number: doc.numberText }, sdiState: doc.sdiState, duplicate: true };

    const state = sdiState && sdiState !== doc.sdiState ? lifeCycleFor(doc.state, sdiState) : doc.state;
    if (sdiState !== doc.sdiState || state !== doc.state) await tx.update(documents, doc.id, undefined, { sdiState, state });
    await tx.insert(documentStateLogs, {
      documentId: doc.id,
      stateBefore: doc.state,
      stateAfter: state,
      note: historyNote(m, file, signature, older, delivered),
      userId: tx.actor?.userId ?? null,
    });
    if (!older && !delivered && (m.type === "NS" || m.type === "MC")) await notify(tx, doc, m, errors);
    return { outcome: "applied", file, type: m.type, invoice: { id: doc.id, number: doc.numberText }, sdiState, duplicate: false };
  });
}

/**
 * The channel's mark: the provider accepted the PEC carrying `fileName` (the document's file, .xml or .xml.p7m).
 * Starts a transmission: sdiState 'Inviata allo SDI' (from none, or after Scartata), the life cycle with it, a history
 * line. Never backwards: a receipt of that file already applied (it can come first) keeps its state.
 */
export async function markSentToSdi(scope: TenantScope, documentId: number, fileName: string): Promise<{ sdiState: SdiState | null; state: DocumentState }> {
  return scope.transaction(async (tx) => {
    await tx.getOrThrow(documents, documentId);
    const doc = (await tx.lockRow(documents, intEq(documents.id, documentId)))!;
    const names = namesOf(fileName);
    const answered = await tx.count(documentSdiEvents, and(intEq(documentSdiEvents.documentId, doc.id), inArray(documentSdiEvents.transmittedFileName, names)));
    const restart = doc.sdiState === null || (doc.sdiState === "Scartata" && answered === 0);
    if (!restart) return { sdiState: doc.sdiState, state: doc.state };
    const state = lifeCycleFor(doc.state, "Inviata allo SDI");
    await tx.update(documents, doc.id, undefined, { sdiState: "Inviata allo SDI", state });
    await tx.insert(documentStateLogs, {
      documentId: doc.id,
      stateBefore: doc.state,
      stateAfter: state,
      note: `Inviata allo SDI (file ${fileName})`,
      userId: tx.actor?.userId ?? null,
    });
    return { sdiState: "Inviata allo SDI", state };
  });
}

/** A document's SDI messages for its form (oldest first): type, file, signature, NS's errors explained. */
export async function sdiEventsOf(scope: TenantScope, documentId: number) {
  const rows = await scope
    .select({
      id: documentSdiEvents.id,
      type: documentSdiEvents.type,
      fileName: documentSdiEvents.fileName,
      transmittedFileName: documentSdiEvents.transmittedFileName,
      identificativoSdi: documentSdiEvents.identificativoSdi,
      messageDate: documentSdiEvents.messageDate,
      esito: documentSdiEvents.esito,
      signatureResult: documentSdiEvents.signatureResult,
      signatureDetail: documentSdiEvents.signatureDetail,
      errors: documentSdiEvents.errors,
      via: documentSdiEvents.via,
      sdiStateAfter: documentSdiEvents.sdiStateAfter,
      createdAt: documentSdiEvents.createdAt,
    })
    .from(documentSdiEvents)
    .where(intEq(documentSdiEvents.documentId, documentId))
    .orderBy(asc(documentSdiEvents.createdAt), asc(documentSdiEvents.id));
  return rows.map((r) => ({
    ...r,
    label: SDI_TYPE_LABELS[r.type],
    messageDate: r.messageDate ? new Date(r.messageDate).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

