/**
 * The FatturaPA file of a sales document (download-electronic-invoice-xml; the zip and the e-mail reuse it): only for
 * a numbered document of a kind with a file (policy.ts `xml`). Built once by lib/fiscal buildFatturaPA from the stored
 * document (rows, percentages, deadlines; the seller and the buyer from the snapshots taken when it left Bozza), its
 * file name and ProgressivoInvio from the tenant's transmission counter ("transmission", taken in the same
 * transaction: a refusal gives it back). The SDI pre-check must pass (else 400 with its messages and codes) and the
 * file must validate against the XSD; then its bytes are stored with the document and the same file is answered
 * every later time. Making the file changes neither the state nor the version: 'Inviata allo SDI' is set by
 * 'Segna come inviata' (set-state) until the SDI channel sends it. A Scartata document is built again (it was
 * corrected: a new file, a new progressive).
 * The XML options give the cassa's TipoCassa and the ritenuta's CausalePagamento (the calculation used TC01/"A":
 * neither changes an amount); each is required only when the document has that figure and the tenant has no default
 * for it (xmlDefaultsOf: the cassa named in Impostazioni, 'A' for a tenant applying the ritenuta).
 * A credit note's DatiFattureCollegate: the invoice it was made from, else the number and date typed in its form
 * (policy.ts correctedInvoiceOf, which its PDF reads too).
 */
import "server-only";
import { asc, eq } from "drizzle-orm";
import { takeMany, takeNext } from "@/db/counters";
import { bankAccounts, documentDeadlines, documentRows, documents, paymentModalities, vatRates, type Document, type Tenant } from "@/db/schema";
import type { PartySnapshot } from "@/db/schema/documents";
import { intEq, intIn, type TenantScope } from "@/db/scope";
import { ApiError, BadRequestError, ValidationError } from "@/lib/errors";
import { canBuyerWithhold } from "@/lib/fiscal/calculate";
import {
  CAUSALI_PAGAMENTO,
  MODALITA_PAGAMENTO,
  TIPI_CASSA,
  type CausalePagamento,
  type ModalitaPagamento,
  type RegimeFiscale,
  type TipoCassa,
  type TipoDocumento,
} from "@/lib/fiscal/codes";
import { precheckDocument, type PrecheckIssue } from "@/lib/fiscal/precheck";
import type { Buyer, FiscalDocument, OrderReference, Seller } from "@/lib/fiscal/types";
import { buildFatturaPA, progressiveFromCounter } from "@/lib/fiscal/xml-builder";
import { validateFatturaXml } from "@/lib/fiscal/xsd";
import { correctedInvoiceOf, policyOf } from "@/lib/documents/policy";
import { INVOICE_ACTION_MESSAGES, INVOICE_MESSAGES, XML_OPTIONS_MESSAGES, type XmlOptionsInput } from "@/lib/schemas/invoice";
import { fiscalRowsOf, fiscalSettingsOf } from "@/lib/invoice-calculation";
import { tipoCassaOfFundName } from "@/lib/fiscal/cassa";

export const XML_CONTENT_TYPE = "application/xml";

export interface ElectronicInvoiceFile {
  filename: string;
  contentBase64: string;
  contentType: string;
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
const orUndefined = (v: string) => v || undefined;

/** A VAT number as stored may carry its country ("IT01234567890"): the XML wants the digits alone. */
function vatDigits(vat: string, country: string): string {
  const v = vat.replace(/\s+/g, "").toUpperCase();
  return v.startsWith(country) ? v.slice(country.length) : v;
}

function sellerOf(tenant: Tenant, snapshot: PartySnapshot | null): Seller {
  const s = snapshot ?? {};
  const pick = (key: keyof Tenant & string) => text(s[key]) || text(tenant[key]);
  return {
    companyName: pick("denomination"),
    vatCountry: "IT",
    vatNumber: orUndefined(vatDigits(pick("vat"), "IT")),
    fiscalCode: orUndefined(pick("fiscalCode").toUpperCase()),
    address: { street: pick("address") || "-", cap: pick("postalCode"), city: pick("city"), province: orUndefined(pick("province").toUpperCase()), country: "IT" },
    regime: (pick("taxRegime") || "RF01") as RegimeFiscale,
    phone: orUndefined(pick("phone")),
    email: orUndefined(pick("email")),
  };
}

function buyerOfSnapshot(s: PartySnapshot, publicAdministration: boolean): Buyer {
  const isPa = publicAdministration || s.publicAdministration === true;
  const vatCountry = text(s.vatCountry) || "IT";
  const vatNumber = vatDigits(text(s.vatNumber), vatCountry);
  const person = s.kind === "PERSON";
  const kind: Buyer["kind"] = isPa ? "pa" : person && !vatNumber ? "consumer" : "business";
  const country = (text(s.country) || "IT").toUpperCase();
  return {
    kind,
    ...(person && text(s.firstName) && text(s.lastName) ? { firstName: text(s.firstName), lastName: text(s.lastName) } : { companyName: text(s.companyName) || text(s.name) }),
    vatCountry,
    vatNumber: orUndefined(vatNumber),
    fiscalCode: orUndefined(text(s.fiscalCode).toUpperCase()),
    address: { street: text(s.address) || "-", cap: text(s.postalCode), city: text(s.city), province: country === "IT" ? orUndefined(text(s.province).toUpperCase()) : undefined, country },
    codiceDestinatario: orUndefined(text(s.sdiCode).toUpperCase()),
    pec: orUndefined(text(s.pec)),
    // the one rule (consumer, abroad, else the flag; a snapshot without the flag withholds)
    withholdingAgent: canBuyerWithhold({ kind, withholdingAgent: s.withholdingAgent !== false, vatCountry, address: { country } }),
    splitPayment: s.splitPayment === true,
  };
}

/**
 * The tenant's defaults of the XML options (issue 30): the cassa's TipoCassa from its 'Nome cassa professionisti'
 * (lib/fiscal/cassa.ts), and CausalePagamento 'A' (lavoro autonomo) for a tenant that applies the ritenuta — a
 * professional's usual; none when the name is not recognised or the tenant does not withhold (the dialog asks).
 */
export function xmlDefaultsOf(tenant: Pick<Tenant, "professionistFundName" | "withholdingTaxApply">): { cassa: Exclude<TipoCassa, "TC22"> | null; causale: CausalePagamento | null } {
  return { cassa: tipoCassaOfFundName(tenant.professionistFundName), causale: tenant.withholdingTaxApply ? "A" : null };
}

/**
 * The options the document needs: a Cassa professionisti needs its TipoCassa, a ritenuta its CausalePagamento; an
 * option left empty takes the tenant's default (xmlDefaultsOf), and only when there is none is it refused.
 */
function checkXmlOptions(doc: Document, options: XmlOptionsInput, defaults: ReturnType<typeof xmlDefaultsOf>): { cassa: Exclude<TipoCassa, "TC22">; causale: CausalePagamento } {
  const errors: string[] = [];
  const needsCassa = Number(doc.professionistFundAmount) !== 0;
  const needsCausale = Number(doc.withholdingTaxAmount) !== 0;
  const cassa = options.previdential ?? defaults.cassa;
  const causale = options.paymentCausal ?? defaults.causale;
  if (needsCassa && !cassa) errors.push(XML_OPTIONS_MESSAGES.previdential);
  else if (cassa && (!(cassa in TIPI_CASSA) || cassa === "TC22")) errors.push(XML_OPTIONS_MESSAGES.previdentialInvalid);
  if (needsCausale && !causale) errors.push(XML_OPTIONS_MESSAGES.paymentCausal);
  else if (causale && !(causale in CAUSALI_PAGAMENTO)) errors.push(XML_OPTIONS_MESSAGES.paymentCausalInvalid);
  if (errors.length) throw new ValidationError(errors);
  return { cassa: (cassa ?? "TC01") as Exclude<TipoCassa, "TC22">, causale: (causale ?? "A") as CausalePagamento };
}

/** What the fiscal model of a document needs besides the document (read for one document, or for many at once). */
interface FiscalParts {
  rows: { r: typeof documentRows.$inferSelect; rate: string | null; natura: string | null }[];
  deadlines: (typeof documentDeadlines.$inferSelect)[];
  modality: (typeof paymentModalities.$inferSelect) | undefined;
  bank: (typeof bankAccounts.$inferSelect) | undefined;
  /** The invoice a credit note corrects. */
  source: Pick<Document, "kind" | "numberText" | "date"> | undefined;
}

type XmlChoice = { cassa: Exclude<TipoCassa, "TC22">; causale: CausalePagamento };

/** The fiscal model of a stored, numbered invoice or credit note. */
async function fiscalDocumentOf(tx: TenantScope, tenant: Tenant, doc: Document, options: XmlChoice): Promise<FiscalDocument> {
  const [rows, deadlines, modality, bank, source] = await Promise.all([
    tx
      .select({ r: documentRows, rate: vatRates.rate, natura: vatRates.natura })
      .from(documentRows)
      .leftJoin(vatRates, eq(documentRows.vatRateId, vatRates.id))
      .where(intEq(documentRows.documentId, doc.id))
      .orderBy(asc(documentRows.position), asc(documentRows.id)),
    tx.list(documentDeadlines, { where: intEq(documentDeadlines.documentId, doc.id), orderBy: [asc(documentDeadlines.position), asc(documentDeadlines.id)] }),
    doc.paymentModalityId !== null ? tx.find(paymentModalities, doc.paymentModalityId) : undefined,
    doc.bankAccountId !== null ? tx.find(bankAccounts, doc.bankAccountId) : undefined,
    policyOf(doc.kind).correctsInvoice && doc.sourceDocumentId !== null ? tx.find(documents, doc.sourceDocumentId) : undefined,
  ]);
  return fiscalDocumentFrom(tenant, doc, options, { rows, deadlines, modality, bank, source });
}

function fiscalDocumentFrom(tenant: Tenant, doc: Document, options: XmlChoice, parts: FiscalParts): FiscalDocument {
  const stored = parts.rows;
  const vats = new Map(stored.flatMap(({ r, rate, natura }) => (r.vatRateId !== null && rate !== null ? [[r.vatRateId, { rate, natura }] as const] : [])));
  const rows = fiscalRowsOf(
    stored.map(({ r }) => ({
      rowType: r.rowType,
      description: r.description,
      hideAmount: r.hideAmount,
      quantity: r.quantity,
      amount: Number(r.amount),
      vat: r.vatRateId !== null ? { id: r.vatRateId, toString: undefined } : null,
      advance: r.advance,
      withholding: r.withholding,
      activity: null,
      item: null,
      service: null,
    })),
    vats,
  );
  const seller = sellerOf(tenant, doc.sellerSnapshot ?? null);
  const base = fiscalSettingsOf({ taxRegime: seller.regime, fiscalCode: seller.fiscalCode ?? "" }, {
    inpsRevenge: doc.inpsRevenge,
    professionistFund: doc.professionistFund,
    withholdingTaxApply: doc.withholdingTaxApply,
    withholdingTaxPercentage: doc.withholdingTaxPercentage,
    stampAmount: Number(doc.stampAmount),
    stampBorneByIssuer: doc.stampBorneByIssuer,
    publicAdministration: doc.publicAdministration,
  });
  const settings = { ...base, cassa: base.cassa ? { ...base.cassa, type: options.cassa } : null, withholding: base.withholding ? { ...base.withholding, causale: options.causale } : null };

  const references: OrderReference[] = [];
  if (doc.paDocumentType && doc.paDocumentNumber) {
    references.push({ kind: doc.paDocumentType, id: doc.paDocumentNumber, date: doc.paDocumentDate ?? undefined, cig: orUndefined(doc.paCig), cup: orUndefined(doc.paCup) });
  }
  const source = parts.source;
  const corrected = correctedInvoiceOf(doc, source);
  if (corrected) {
    references.push({ kind: "Fattura collegata", id: corrected.number, date: corrected.date ?? undefined });
  }

  const { deadlines, modality, bank } = parts;
  // the payment method is the modality's, never guessed: without one the file carries no DatiPagamento (it is
  // optional) rather than MP01, cash, which a PA or an accountant would take as said
  const method = modality && modality.paymentType in MODALITA_PAGAMENTO ? (modality.paymentType as ModalitaPagamento) : null;
  return {
    kind: "invoice",
    tipoDocumento: doc.documentType as TipoDocumento,
    number: doc.numberText!,
    date: doc.date,
    seller,
    buyer: buyerOfSnapshot(doc.buyerSnapshot ?? {}, doc.publicAdministration),
    settings,
    rows,
    stampBorneByIssuer: doc.stampBorneByIssuer,
    references,
    payment: deadlines.length && method ? { method, deadlines: deadlines.map((d) => ({ dueDate: d.deadlineDate, amount: Number(d.amount) })), iban: orUndefined(bank?.iban ?? ""), bankName: orUndefined(bank?.bankName ?? "") } : undefined,
  };
}

/** The pre-check's refusal: 400, one line per problem with its SDI code. */
export class PrecheckRefusedError extends ApiError {
  constructor(readonly issues: PrecheckIssue[]) {
    const lines = issues.map((i) => `[${i.code}] ${i.message}`);
    super(400, [INVOICE_ACTION_MESSAGES.precheck, ...lines].join("\n"), lines);
  }
}

const fileOf = (name: string, bytes: Uint8Array): ElectronicInvoiceFile => ({ filename: name, contentBase64: Buffer.from(bytes).toString("base64"), contentType: XML_CONTENT_TYPE });

/** The built file must validate against the FatturaPA XSD (else the pre-check's refusal, code 00200). */
function checkSchema(xml: string): void {
  const schema = validateFatturaXml(xml);
  if (!schema.valid) throw new PrecheckRefusedError(schema.errors.map((e) => ({ code: "00200", message: `${INVOICE_ACTION_MESSAGES.xsd}: ${e.message}` })));
}

/**
 * POST /api/invoices/download-electronic-invoice-xml/{id}: the document's FatturaPA file (built and stored once).
 * Making the file changes no state: 'Inviata allo SDI' means sent, which a download does not prove; the user marks
 * it ('Segna come inviata', set-state) until the SDI channel sets it.
 */
export async function electronicInvoiceXml(scope: TenantScope, id: number, options: XmlOptionsInput, today?: string): Promise<ElectronicInvoiceFile> {
  return scope.transaction(async (tx) => {
    await tx.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
    // two downloads at once: the second waits and answers the first one's file
    const doc = (await tx.lockRow(documents, eq(documents.id, id)))!;
    if (!policyOf(doc.kind).xml) throw new BadRequestError(INVOICE_ACTION_MESSAGES.xmlKind);
    if (doc.number === null || doc.numberText === null) throw new BadRequestError(INVOICE_ACTION_MESSAGES.xmlDraft);
    if (doc.electronicInvoiceXml && doc.electronicInvoiceFileName && doc.state !== "Scartata") return fileOf(doc.electronicInvoiceFileName, doc.electronicInvoiceXml);

    const tenant = await tx.getTenant();
    const chosen = checkXmlOptions(doc, options, xmlDefaultsOf(tenant));
    const fiscal = await fiscalDocumentOf(tx, tenant, doc, chosen);
    const progressive = progressiveFromCounter(await takeNext(tx, "transmission"));
    const check = precheckDocument(fiscal, { progressive }, today ? { today } : {});
    if (!check.ok || !check.built) throw new PrecheckRefusedError(check.issues);
    checkSchema(check.built.xml);
    const bytes = Buffer.from(check.built.xml, "utf8");
    // the file made is stored beside the document, which it does not edit: the version stays, so the form that asked
    // for it can go on (its 'Segna come inviata' carries the version it read: a bump made it a 409, 'modificato da un
    // altro utente')
    await tx.updateWhere(documents, intEq(documents.id, id), {
      electronicInvoiceFileName: check.built.fileName,
      electronicInvoiceXml: bytes,
      electronicInvoiceCreated: new Date(),
    });
    return fileOf(check.built.fileName, bytes);
  });
}

/** A document's file in a batch, or why it has none (a 400 the single download would have answered). */
export type BatchOutcome = { name: string; bytes: Uint8Array } | { error: ApiError };

const groupBy = <T, K>(items: readonly T[], key: (t: T) => K) => {
  const out = new Map<K, T[]>();
  for (const t of items) {
    const k = key(t);
    const list = out.get(k);
    if (list) list.push(t);
    else out.set(k, [t]);
  }
  return out;
};

/**
 * The FatturaPA files of many documents at once (the zip of the documents grid), with the single download's rules
 * (the same checks, pre-check, XSD, file name, stored bytes, 'Inviata allo SDI' and its history line), in ONE
 * transaction and a fixed number of statements however many documents: the documents locked together, their rows,
 * deadlines, modalities, bank accounts and corrected invoices read with one query each, the transmission counter
 * advanced once by the number of files, the files and states written by one UPDATE and the history by one INSERT.
 * The pre-check runs first with a placeholder progressive (it does not depend on it), so only documents that pass
 * take a progressive: no gap in the transmission numbers. Ids must be the tenant's (the caller checked them).
 */
export async function electronicInvoicesBatch(scope: TenantScope, ids: readonly number[], today?: string): Promise<Map<number, BatchOutcome>> {
  return scope.transaction(async (tx) => {
    const out = new Map<number, BatchOutcome>();
    const docs = await tx.lockRows(documents, intIn(documents.id, ids));
    const candidates: { doc: Document; chosen: XmlChoice }[] = [];
    // the tenant first: its defaults fill the options the batch has none of (a cassa's type, the ritenuta's causale)
    const tenant = await tx.getTenant();
    const defaults = xmlDefaultsOf(tenant);
    for (const doc of docs) {
      if (!policyOf(doc.kind).xml) out.set(doc.id, { error: new BadRequestError(INVOICE_ACTION_MESSAGES.xmlKind) });
      else if (doc.number === null || doc.numberText === null) out.set(doc.id, { error: new BadRequestError(INVOICE_ACTION_MESSAGES.xmlDraft) });
      // built meanwhile by a single download: its file, as the single download answers it
      else if (doc.electronicInvoiceXml && doc.electronicInvoiceFileName && doc.state !== "Scartata") out.set(doc.id, { name: doc.electronicInvoiceFileName, bytes: doc.electronicInvoiceXml });
      else {
        try {
          candidates.push({ doc, chosen: checkXmlOptions(doc, { previdential: null, paymentCausal: null }, defaults) });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          out.set(doc.id, { error: err });
        }
      }
    }
    if (!candidates.length) return out;

    const docIds = candidates.map((c) => c.doc.id);
    const idsOf = (pick: (d: Document) => number | null) => [...new Set(candidates.flatMap((c) => (pick(c.doc) !== null ? [pick(c.doc)!] : [])))];
    const modalityIds = idsOf((d) => d.paymentModalityId);
    const bankIds = idsOf((d) => d.bankAccountId);
    const sourceIds = idsOf((d) => (policyOf(d.kind).correctsInvoice ? d.sourceDocumentId : null));
    const [rows, deadlines, modalities, banks, sources] = await Promise.all([
      tx
        .select({ r: documentRows, rate: vatRates.rate, natura: vatRates.natura })
        .from(documentRows)
        .leftJoin(vatRates, eq(documentRows.vatRateId, vatRates.id))
        .where(intIn(documentRows.documentId, docIds))
        .orderBy(asc(documentRows.documentId), asc(documentRows.position), asc(documentRows.id)),
      tx.list(documentDeadlines, { where: intIn(documentDeadlines.documentId, docIds), orderBy: [asc(documentDeadlines.documentId), asc(documentDeadlines.position), asc(documentDeadlines.id)] }),
      modalityIds.length ? tx.list(paymentModalities, { where: intIn(paymentModalities.id, modalityIds) }) : [],
      bankIds.length ? tx.list(bankAccounts, { where: intIn(bankAccounts.id, bankIds) }) : [],
      sourceIds.length ? tx.select({ id: documents.id, kind: documents.kind, numberText: documents.numberText, date: documents.date }).from(documents).where(intIn(documents.id, sourceIds)) : [],
    ]);
    const rowsOf = groupBy(rows, (r) => r.r.documentId);
    const deadlinesOf = groupBy(deadlines, (d) => d.documentId);
    const modalityById = new Map(modalities.map((m) => [m.id, m]));
    const bankById = new Map(banks.map((b) => [b.id, b]));
    const sourceById = new Map(sources.map((d) => [d.id, d]));

    // 1. the pre-check of each (a placeholder progressive), 2. progressives for those that passed, 3. the files
    const passed: { doc: Document; fiscal: FiscalDocument }[] = [];
    for (const { doc, chosen } of candidates) {
      const fiscal = fiscalDocumentFrom(tenant, doc, chosen, {
        rows: rowsOf.get(doc.id) ?? [],
        deadlines: deadlinesOf.get(doc.id) ?? [],
        modality: doc.paymentModalityId !== null ? modalityById.get(doc.paymentModalityId) : undefined,
        bank: doc.bankAccountId !== null ? bankById.get(doc.bankAccountId) : undefined,
        source: doc.sourceDocumentId !== null ? sourceById.get(doc.sourceDocumentId) : undefined,
      });
      const check = precheckDocument(fiscal, { progressive: "00000" }, today ? { today } : {});
      if (!check.ok || !check.built) out.set(doc.id, { error: new PrecheckRefusedError(check.issues) });
      else passed.push({ doc, fiscal });
    }
    if (!passed.length) return out;
    const last = await takeMany(tx, "transmission", passed.length);
    const now = new Date();
    const changes: Parameters<typeof tx.updateMany<typeof documents>>[1][number][] = [];
    passed.forEach(({ doc, fiscal }, k) => {
      const built = buildFatturaPA(fiscal, { progressive: progressiveFromCounter(last - passed.length + 1 + k) });
      try {
        checkSchema(built.xml);
      } catch (err) {
        out.set(doc.id, { error: err as ApiError });
        return;
      }
      const bytes = Buffer.from(built.xml, "utf8");
      // bytea travels in the JSON recordset as its hex text; the state stays (see electronicInvoiceXml)
      changes.push({
        id: doc.id,
        version: doc.version,
        values: { electronicInvoiceFileName: built.fileName, electronicInvoiceXml: `\\x${bytes.toString("hex")}`, electronicInvoiceCreated: now } as never,
      });
      out.set(doc.id, { name: built.fileName, bytes });
    });
    await tx.updateMany(documents, changes);
    return out;
  });
}
