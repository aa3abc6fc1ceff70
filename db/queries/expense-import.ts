/**
 * 'Importa fatture elettroniche' (POST /api/expenses/import): received FatturaPA files (.xml, .xml.p7m in DER or
 * base64, or .zip archives of them) become purchase invoices (expenses), one per body (lotto) of each file.
 *
 * For each file, in this order:
 * 1. read (lib/fiscal/received.ts, same process): the envelope opened, DOCTYPE/entities, well-formedness, the
 *    FatturaPA root and the 1.2.3 schema checked, 50 MB at most; a refusal is the file's reason in the report and
 *    nothing is written for it;
 * 2. the supplier (CedentePrestatore) of each body: the tenant's contact with the same VAT number (country and
 *    number, stored as contacts store it: normalizeVatNumber) or, without one, the same codice fiscale, looked
 *    up once per request for every file; a contact found but not a supplier becomes one; none found: a supplier
 *    is created through the contacts entity (contactEntity.create: the form's schema and Italian checks, the
 *    tenant's code rule; with contactWithCode on, the next free code "F00001", "F00002"…), from the file's name,
 *    VAT number, codice fiscale, address and e-mail (the PEC when the address is one);
 * 3. a body already imported (same supplier, number and year of its date; looked up once per request) is
 *    reported among the duplicates and skipped; a file all of whose bodies are duplicates writes nothing;
 * 4. each remaining body becomes an expense: documentNumber, documentDate, taxable and totalVat (Σ DatiRiepilogo),
 *    withholding (DatiRitenuta: the first type's amount in withholdingTaxAmount, any other type's in
 *    withholdingTaxAmountPlus, negative as the expenses keep a ritenuta the buyer withholds), stampAmount (DatiBollo), currency, documentType, the Causale as details,
 *    imported = true, the supplier's payment modality and bank account; its deadlines come from DatiPagamento
 *    (deadlinesFromReceived, through the reader) or, without them, from the supplier's payment modality
 *    (scheduleDeadlines) on the amount due (the expense's total: taxable + VAT less the withholdings);
 *    the XML (the envelope's content) and the signed original (.p7m, when it came signed) are stored in the
 *    attachments store with the owner kind 'expense_einvoice' and referenced by xmlAttachmentId /
 *    originalAttachmentId; each Allegato (base64 in the XML) is one of the expense's ordinary files ('expense').
 *
 * One file's failure never costs another file, and a refused file writes nothing: a file whose supplier must be
 * created is written alone, in its own transaction; the others (suppliers known, duplicates decided in file order
 * beforehand) are written 40 at a time in one transaction of set-based statements, and a group that fails is
 * written again file by file, each in its own transaction, so only the failing file is refused (with its reason).
 * Every import transaction first takes the tenant's "expense-import" counter row (locked until it commits) and looks
 * again at what another upload may have written meanwhile, so two uploads of the same files at once write them once.
 *
 * The expenses entity (db/queries/expenses.ts) was being written at the same time as this module: the rows are
 * written here through TenantScope with the expenses table's own columns (and document_deadlines rows with
 * expense_id), not through its create, which also answers the whole JSON of each record (a dozen reads per
 * expense that the import does not need: 1,000 files must import in under 10 s, bench/expense-import.ts).
 *
 * Speed (bench/expense-import.ts): the reading is CPU in this process (~0.5 ms a file with the schema check, more
 * for a signed one); the lookups are made once per request (suppliers by VAT number and codice fiscale, earlier
 * imports, codes); a group of 40 files costs about ten statements (3 groups at a time), so 1,000 files are written
 * in a few hundred statements instead of ~8,000.
 */
import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { ZodError } from "zod";
import { attachmentChunks, attachments, contacts, documentDeadlines, expenses, paymentModalities, paymentModalityRows, type AttachmentOwnerKind, type Contact, type Tenant } from "@/db/schema";
import { takeNext } from "@/db/counters";
import type { TenantScope } from "@/db/scope";
import { ApiError, zodMessages } from "@/lib/errors";
import { VAT_COUNTRY_CODES, type ModalitaPagamento } from "@/lib/fiscal/codes";
import { computeDeadlines, type ExpirationType, type PaymentModalityRow } from "@/lib/fiscal/deadlines";
import { InvoiceRefusedError, MAX_FILE_BYTES, parseInvoiceXml, readTree, signatureStatus, unwrapInvoiceFile, type ParsedBody, type ParsedInvoiceFile, type ParsedParty } from "@/lib/fiscal/received";
import { checkCodiceFiscale, normalizeIdentifier } from "@/lib/fiscal/identifiers";
import { checkVatNumber, contactSchema, normalizeVatNumber } from "@/lib/schemas/contact";
import { isReceivedCredit } from "@/lib/schemas/expense";
import { CHUNK_BYTES, cleanContentType } from "./attachments";
import { contactEntity } from "./contacts";
import { scheduleDeadlines } from "./deadline-schedule";

/** All the files of one import, as uploaded (zips included). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
/** All the files of one import once the zips are opened: what they may hold uncompressed, and how many. */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
export const MAX_IMPORT_FILES = 5000;

export const EXPENSE_IMPORT_MESSAGES = {
  noFiles: "Nessun file da importare: scegli uno o più file .xml, .p7m o .zip",
  tooManyFiles: `Troppi file in una sola importazione: al massimo ${MAX_IMPORT_FILES.toLocaleString("it-IT")}`,
  requestTooLarge: "Caricamento troppo grande: al massimo 200 MB in tutto per ogni importazione",
  unexpectedPart: (name: string) => `Dati non validi: il campo "${name}" non è previsto (i file vanno inviati nel campo "files")`,
  unsupported: "Tipo di file non supportato: sono ammessi file .xml, .xml.p7m, .p7m e .zip",
  fileTooLarge: "Il file supera la dimensione massima di 50 MB",
  zipUnreadable: "Archivio zip non leggibile o danneggiato",
  zipTooManyEntries: `L'archivio zip contiene troppi file: al massimo ${MAX_IMPORT_FILES.toLocaleString("it-IT")} per importazione`,
  zipTooLarge: "L'archivio zip, decompresso, supera la dimensione massima di 200 MB per importazione",
  zipNested: "Archivio zip dentro un archivio zip: estrai i file e caricali direttamente",
  zipEncrypted: "File cifrato con password nell'archivio zip: non può essere letto",
  noBodies: "Il file non contiene alcuna fattura",
  supplier: (messages: string[]) => `Il fornitore non può essere registrato: ${messages.join("; ")}`,
  notOurs: (customer: string) => `La fattura non è intestata a questa azienda (cessionario: ${customer}): solo le fatture ricevute dall'azienda sono fatture di acquisto`,
  tenantUnidentified: "Per importare le fatture ricevute indica la Partita IVA o il Codice fiscale dell'azienda in Impostazioni: servono a riconoscere le fatture intestate all'azienda",
  vatCheckDigit: "Partita IVA del fornitore con cifra di controllo non valida (così nel file ricevuto dallo SDI)",
  vatInvalid: (message: string) => `Partita IVA del fornitore non valida per i controlli italiani: ${message} (così nel file ricevuto dallo SDI)`,
  vatForeign: (vat: string) => `Partita IVA estera del fornitore in un formato non standard: ${vat} (così nel file ricevuto dallo SDI)`,
  vatCountry: (country: string) => `Paese della partita IVA del fornitore non riconosciuto: ${country} (così nel file ricevuto dallo SDI)`,
  fiscalCode: (message: string) => `Codice fiscale del fornitore non valido: ${message} (così nel file ricevuto dallo SDI)`,
  creditNetted: (number: string, date: string) => `Stornata con la nota di credito n. ${number} del ${date.split("-").reverse().join("/")}`,
  failed: "Importazione del file non riuscita per un errore imprevisto: riprova",
} as const;

/** One file to import: its name as the user sees it (a zip's entries as "archivio.zip/nome.xml") and its bytes. */
export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

export interface ImportedExpense {
  id: number;
  file: string;
  documentNumber: string;
  /** TipoDocumento as the file states it (the report names a credit note as such). */
  documentType: string;
  supplier: string;
}

export interface ExpenseImportReport {
  imported: ImportedExpense[];
  duplicates: { file: string; documentNumber: string; documentType: string }[];
  refused: { file: string; reason: string }[];
}

// ---------------------------------------------------------------------------------------------
// Files and zips

/** A file refused with its reason (the report's), inside the import. */
class RefusedFile extends Error {}

const lower = (name: string) => name.toLowerCase();
export const isZipName = (name: string) => lower(name).endsWith(".zip");
export const isInvoiceName = (name: string) => /\.(xml|p7m)$/.test(lower(name));
/** A file's name as the report shows it and a stored file keeps it: no control characters (PostgreSQL text refuses NUL). */
// eslint-disable-next-line no-control-regex -- exactly the characters removed
const cleanName = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 1000) || "file";
const isZipBytes = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 0x03 || b[2] === 0x05) && (b[3] === 0x04 || b[3] === 0x06);

/**
 * The invoice files of an upload: plain files as they are, zips opened (their .xml/.p7m entries; folders and
 * macOS resource forks skipped; anything else refused by name). Zip bombs: the entries' declared sizes are added
 * up before anything is inflated, and every entry is inflated into a buffer of its declared size (fflate writes
 * no further), so an archive cannot make the import hold more than MAX_UNZIPPED_BYTES nor open more than
 * MAX_IMPORT_FILES entries: past either, the whole archive is refused. `budget` is shared by all the zips of one
 * request.
 */
export function expandUploads(given: readonly ImportFile[]): { files: ImportFile[]; refused: ExpenseImportReport["refused"] } {
  const uploads = given.map((u) => ({ name: cleanName(u.name), bytes: u.bytes }));
  const files: ImportFile[] = [];
  const refused: ExpenseImportReport["refused"] = [];
  let unzipped = 0;
  let count = 0;
  for (const upload of uploads) {
    if (!isZipName(upload.name) && !isZipBytes(upload.bytes)) {
      count++;
      files.push(upload);
      continue;
    }
    // first pass: the central directory only (the filter refuses everything, so nothing is inflated)
    const listed: { name: string; size: number; compression: number }[] = [];
    try {
      unzipSync(upload.bytes, {
        filter: (f) => {
          // a directory claiming millions of entries stops here, not after reading them all
          if (listed.length >= MAX_IMPORT_FILES * 2) throw new RefusedFile(EXPENSE_IMPORT_MESSAGES.zipTooManyEntries);
          listed.push({ name: f.name, size: f.originalSize, compression: f.compression });
          return false;
        },
      });
    } catch (e) {
      refused.push({ file: upload.name, reason: e instanceof RefusedFile ? e.message : EXPENSE_IMPORT_MESSAGES.zipUnreadable });
      continue;
    }
    const wanted = new Map<string, number>();
    const entryRefusals: ExpenseImportReport["refused"] = [];
    let entriesBytes = 0;
    for (const f of listed) {
      const name = f.name;
      const file = `${upload.name}/${cleanName(name)}`;
      if (name.endsWith("/") || name.startsWith("__MACOSX/") || name.split("/").pop()!.startsWith("._")) continue;
      if (!isInvoiceName(name)) entryRefusals.push({ file, reason: isZipName(name) ? EXPENSE_IMPORT_MESSAGES.zipNested : EXPENSE_IMPORT_MESSAGES.unsupported });
      else if (f.size > MAX_FILE_BYTES) entryRefusals.push({ file, reason: EXPENSE_IMPORT_MESSAGES.fileTooLarge });
      else if (f.compression !== 0 && f.compression !== 8) entryRefusals.push({ file, reason: EXPENSE_IMPORT_MESSAGES.zipUnreadable });
      else if (!wanted.has(name)) {
        wanted.set(name, f.size);
        entriesBytes += f.size;
      }
    }
    // past the limits nothing of the archive is imported (its entries would be a partial, arbitrary subset)
    if (count + wanted.size > MAX_IMPORT_FILES) {
      refused.push({ file: upload.name, reason: EXPENSE_IMPORT_MESSAGES.zipTooManyEntries });
      continue;
    }
    if (unzipped + entriesBytes > MAX_UNZIPPED_BYTES) {
      refused.push({ file: upload.name, reason: EXPENSE_IMPORT_MESSAGES.zipTooLarge });
      continue;
    }
    // second pass: the wanted entries, each inflated into a buffer of its declared size
    let opened: Record<string, Uint8Array>;
    try {
      opened = unzipSync(upload.bytes, { filter: (f) => wanted.get(f.name) === f.originalSize });
    } catch (e) {
      const message = e instanceof Error ? e.message : "";
      refused.push({ file: upload.name, reason: /encrypt/i.test(message) ? EXPENSE_IMPORT_MESSAGES.zipEncrypted : EXPENSE_IMPORT_MESSAGES.zipUnreadable });
      continue;
    }
    count += wanted.size;
    unzipped += entriesBytes;
    refused.push(...entryRefusals);
    for (const [name, size] of wanted) {
      const bytes = opened[name];
      if (!bytes) continue;
      files.push({ name: `${upload.name}/${cleanName(name)}`, bytes: bytes.length > size ? bytes.subarray(0, size) : bytes });
    }
  }
  return { files, refused };
}

// ---------------------------------------------------------------------------------------------
// Suppliers

interface SupplierKey {
  vatCountry: string;
  vatNumber: string;
  fiscalCode: string;
}

/** The supplier's identifiers as contacts store them: VAT country and number (without the prefix), codice fiscale. */
export function supplierKey(body: ParsedBody): SupplierKey {
  const raw = body.supplier.vatNumber ?? "";
  const vatCountry = raw.slice(0, 2).toUpperCase();
  return {
    vatCountry: raw ? vatCountry : "IT",
    vatNumber: raw ? normalizeVatNumber(raw, vatCountry) : "",
    fiscalCode: body.supplier.fiscalCode ? normalizeIdentifier(body.supplier.fiscalCode) : "",
  };
}

const vatKey = (country: string, number: string) => `${country}:${number}`;

/**
 * The supplier's identifiers our own checks refuse (a Partita IVA whose check digit fails, as in the Agenzia delle
 * Entrate's own sample files; a foreign VAT number written as its country writes it, "CHE-114.993.395 IVA"; a codice
 * fiscale): SDI delivered the file, so it is imported all the same (decision: only the FatturaPA rules, the schema and
 * the envelope, refuse a file) and these warnings go with the expense (supplierWarnings) and into the supplier's notes.
 * The same checks as the contact form's (lib/schemas/contact.ts).
 */
export function supplierWarnings(body: ParsedBody, key: SupplierKey = supplierKey(body)): string[] {
  const out: string[] = [];
  const m = EXPENSE_IMPORT_MESSAGES;
  if (key.vatNumber) {
    if (!VAT_COUNTRY_CODES.includes(key.vatCountry)) out.push(m.vatCountry(key.vatCountry));
    else {
      const message = checkVatNumber(key.vatNumber, key.vatCountry);
      if (message && key.vatCountry === "IT") out.push(/cifra di controllo/.test(message) ? m.vatCheckDigit : m.vatInvalid(message));
      else if (message) out.push(m.vatForeign((body.supplier.vatNumber ?? "").slice(2)));
    }
  }
  if (key.fiscalCode) {
    const country = (body.supplier.address.country ?? "IT").toUpperCase();
    if (country === "IT" || (key.vatCountry === "IT" && key.vatNumber)) {
      const message = checkCodiceFiscale(key.fiscalCode);
      if (message) out.push(m.fiscalCode(message));
    } else if (!/^[A-Z0-9]{1,28}$/.test(key.fiscalCode)) out.push(m.fiscalCode(key.fiscalCode));
  }
  return out;
}

type TenantIdentity = Pick<Tenant, "vat" | "fiscalCode">;

/**
 * Only the tenant's own invoices are purchases (decision): the CessionarioCommittente's VAT number (Italian) or codice
 * fiscale must be the tenant's (Impostazioni: Partita IVA, Codice fiscale; a company's codice fiscale is often its
 * Partita IVA, so either matches either). An invoice to a consumer, to another company, or the tenant's own sales
 * invoice is refused with the cessionario named. A tenant with neither set is refused every file with a message
 * asking to fill them in: accepting would let any file, anyone's, become a debt in the Scadenziario.
 * Returns the refusal's reason, or null.
 */
export function notAddressedToTenant(customer: ParsedParty, tenant: TenantIdentity): string | null {
  const own = new Set([normalizeIdentifier(tenant.vat).replace(/^IT(?=\d{11}$)/, ""), normalizeIdentifier(tenant.fiscalCode)].filter(Boolean));
  if (own.size === 0) return EXPENSE_IMPORT_MESSAGES.tenantUnidentified;
  const vat = customer.vatNumber ? normalizeIdentifier(customer.vatNumber) : "";
  if (vat.startsWith("IT") && own.has(vat.slice(2))) return null;
  if (customer.fiscalCode && own.has(normalizeIdentifier(customer.fiscalCode))) return null;
  const ids = [customer.vatNumber ? `P.IVA ${customer.vatNumber}` : "", customer.fiscalCode ? `C.F. ${customer.fiscalCode}` : ""].filter(Boolean).join(", ");
  return EXPENSE_IMPORT_MESSAGES.notOurs([customer.name, ids].filter(Boolean).join(", ") || "non indicato");
}

/** A credit from the supplier (TD04, TD08): negative amounts, nothing to pay (see expenseValues, netLinkedInvoice). */
const isCreditType = isReceivedCredit;

type SupplierRow = Pick<Contact, "id" | "name" | "isSupplier" | "vatCountry" | "vatNumber" | "fiscalCode" | "supplierPaymentModalityId" | "supplierBankAccountId">;

const supplierColumns = {
  id: contacts.id,
  name: contacts.name,
  isSupplier: contacts.isSupplier,
  vatCountry: contacts.vatCountry,
  vatNumber: contacts.vatNumber,
  fiscalCode: contacts.fiscalCode,
  supplierPaymentModalityId: contacts.supplierPaymentModalityId,
  supplierBankAccountId: contacts.supplierBankAccountId,
};

/** The tenant's contacts by VAT number and by codice fiscale (lowest id first; a supplier before a customer-only one). */
class SupplierDirectory {
  private byVat = new Map<string, SupplierRow>();
  private byFiscalCode = new Map<string, SupplierRow>();

  static async load(scope: TenantScope, keys: readonly SupplierKey[]): Promise<SupplierDirectory> {
    const dir = new SupplierDirectory();
    const vats = [...new Set(keys.filter((k) => k.vatNumber).map((k) => k.vatNumber))];
    const cfs = [...new Set(keys.map((k) => k.fiscalCode).filter(Boolean))];
    const rows: SupplierRow[] = [];
    for (let i = 0; i < vats.length; i += 5000) rows.push(...(await scope.select(supplierColumns).from(contacts).where(inArray(contacts.vatNumber, vats.slice(i, i + 5000)))));
    for (let i = 0; i < cfs.length; i += 5000) rows.push(...(await scope.select(supplierColumns).from(contacts).where(inArray(contacts.fiscalCode, cfs.slice(i, i + 5000)))));
    rows.sort((a, b) => Number(b.isSupplier) - Number(a.isSupplier) || a.id - b.id);
    for (const r of rows) dir.remember(r);
    return dir;
  }

  remember(r: SupplierRow): void {
    if (r.vatNumber) {
      const k = vatKey(r.vatCountry, r.vatNumber);
      if (!this.byVat.has(k)) this.byVat.set(k, r);
    }
    if (r.fiscalCode && !this.byFiscalCode.has(r.fiscalCode)) this.byFiscalCode.set(r.fiscalCode, r);
  }

  /** Replaces a remembered row (made a supplier). */
  replace(r: SupplierRow): void {
    if (r.vatNumber) this.byVat.set(vatKey(r.vatCountry, r.vatNumber), r);
    if (r.fiscalCode && this.byFiscalCode.get(r.fiscalCode)?.id === r.id) this.byFiscalCode.set(r.fiscalCode, r);
  }

  /** By VAT number, else (no contact with it, or none in the file) by codice fiscale. */
  find(k: SupplierKey): SupplierRow | undefined {
    const byVat = k.vatNumber ? this.byVat.get(vatKey(k.vatCountry, k.vatNumber)) : undefined;
    return byVat ?? (k.fiscalCode ? this.byFiscalCode.get(k.fiscalCode) : undefined);
  }
}

const PEC_DOMAIN = /@(?:[^@]*\.)?(?:pec|legalmail|postacert|cert|arubapec|pecimprese|sicurezzapostale)\b/i;

/** Name parts and e-mail of the CedentePrestatore (the reader joins Nome and Cognome; a new contact needs them apart). */
function supplierDetails(xml: string): { companyName: string | null; firstName: string; lastName: string; email: string | null } {
  const m = /<(?:[\w.-]+:)?CedentePrestatore\b[^>]*>[\s\S]*?<\/(?:[\w.-]+:)?CedentePrestatore>/.exec(xml);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- readTree's untyped tree, read field by field
  const tree: any = m ? readTree(m[0]).CedentePrestatore : {};
  const an = tree?.DatiAnagrafici?.Anagrafica ?? {};
  const s = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    companyName: s(an.Denominazione) || null,
    firstName: s(an.Nome),
    lastName: s(an.Cognome),
    email: s(tree?.Contatti?.Email) || null,
  };
}

/** The contact input of a new supplier from a body (full: with address and e-mail; else identifiers only). */
function newSupplierInput(body: ParsedBody, key: SupplierKey, details: ReturnType<typeof supplierDetails>, code: string, full: boolean) {
  const a = body.supplier.address;
  const country = (a.country ?? "IT").toUpperCase();
  const person = !details.companyName && (details.firstName || details.lastName);
  const email = details.email ?? "";
  const isPec = PEC_DOMAIN.test(email);
  return {
    kind: person ? "PERSON" : "COMPANY",
    companyName: person ? "" : (details.companyName ?? body.supplier.name).slice(0, 200),
    firstName: person ? details.firstName.slice(0, 100) : "",
    lastName: person ? details.lastName.slice(0, 100) : "",
    code,
    isCustomer: false,
    isSupplier: true,
    vatCountry: key.vatNumber && VAT_COUNTRY_CODES.includes(key.vatCountry) ? key.vatCountry : "IT",
    vatNumber: key.vatNumber,
    fiscalCode: key.fiscalCode,
    country: full ? country : key.vatNumber ? key.vatCountry.replace("EL", "GR") : country,
    ...(full
      ? {
          address: [a.street, a.streetNumber].filter(Boolean).join(" ").slice(0, 200),
          postalCode: country === "IT" ? (a.cap ?? "") : "",
          city: (a.city ?? "").slice(0, 100),
          province: country === "IT" ? (a.province ?? "") : "",
          email: email && !isPec ? email : "",
          pec: email && isPec ? email : "",
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Storing bytes

interface StoredBytes {
  kind: AttachmentOwnerKind;
  ownerId: number;
  name: string;
  contentType: string;
  description?: string;
  bytes: Uint8Array;
}

/** Below this, a file's chunks go with the others of its file in one statement (hex in the JSON recordset). */
const BATCHED_BYTES = 4 * 1024 * 1024;

/**
 * The chunks of stored files (their attachments rows written): small files' chunks all in one insertMany (bytea's
 * text input reads the "\\x…" hex form, so they travel in the JSON recordset like any insertMany), a big file's one
 * insert per chunk.
 */
async function storeChunks(tx: TenantScope, files: readonly { id: number; bytes: Uint8Array }[]): Promise<void> {
  const batched: { attachmentId: number; seq: number; data: string }[] = [];
  for (const f of files) {
    const buf = Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength);
    for (let at = 0, seq = 0; at < buf.byteLength; at += CHUNK_BYTES, seq++) {
      const piece = buf.subarray(at, Math.min(at + CHUNK_BYTES, buf.byteLength));
      if (buf.byteLength <= BATCHED_BYTES) batched.push({ attachmentId: f.id, seq, data: `\\x${piece.toString("hex")}` });
      else await tx.insert(attachmentChunks, { attachmentId: f.id, seq, data: Buffer.from(piece) });
    }
  }
  if (batched.length) await tx.insertMany(attachmentChunks, batched as never);
}

/** Stores files whose bytes are already in memory, owned at once (never staged: the caller's transaction decides). */
async function storeFiles(tx: TenantScope, files: readonly StoredBytes[]): Promise<number[]> {
  const ids: number[] = [];
  for (const f of files) {
    const row = await tx.insert(attachments, {
      ownerKind: f.kind,
      ownerId: f.ownerId,
      name: f.name.slice(0, 255) || "file",
      contentType: cleanContentType(f.contentType),
      size: f.bytes.byteLength,
      description: f.description ?? "",
      createdBy: tx.actor?.userId ?? null,
    });
    ids.push(row.id);
  }
  await storeChunks(tx, files.map((f, i) => ({ id: ids[i]!, bytes: f.bytes })));
  return ids;
}

const ATTACHMENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  xml: "application/xml",
  txt: "text/plain",
  csv: "text/csv",
  htm: "text/html",
  html: "text/html",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  zip: "application/zip",
  p7m: "application/pkcs7-mime",
};

function attachmentType(name: string, format: string | null): string {
  const ext = (format ?? name.split(".").pop() ?? "").toLowerCase();
  return ATTACHMENT_TYPES[ext] ?? "application/octet-stream";
}

/** "IT01234567890_abc.xml.p7m" → "IT01234567890_abc.xml"; "x.p7m" → "x.xml"; a zip entry's folders dropped. */
function xmlName(file: string): string {
  const base = file.split("/").pop() || "fattura.xml";
  if (!lower(base).endsWith(".p7m")) return base;
  const stem = base.slice(0, -4);
  return lower(stem).endsWith(".xml") ? stem : `${stem}.xml`;
}

// ---------------------------------------------------------------------------------------------
// The import

interface ReadFile {
  name: string;
  original: Uint8Array;
  signed: boolean;
  xml: Uint8Array;
  parsed: ParsedInvoiceFile;
}

async function readFile(f: ImportFile, tenant: TenantIdentity): Promise<ReadFile | { refused: string }> {
  if (!isInvoiceName(f.name)) return { refused: EXPENSE_IMPORT_MESSAGES.unsupported };
  try {
    const { xml, signature } = await unwrapInvoiceFile(f.bytes);
    const parsed = parseInvoiceXml(xml, signature);
    if (parsed.bodies.length === 0) return { refused: EXPENSE_IMPORT_MESSAGES.noBodies };
    // one CessionarioCommittente per file (the header's): another's invoice is refused whole
    const notOurs = notAddressedToTenant(parsed.bodies[0]!.customer, tenant);
    if (notOurs) return { refused: notOurs };
    return { name: f.name, original: f.bytes, signed: signature.signed, xml, parsed };
  } catch (e) {
    if (e instanceof InvoiceRefusedError) return { refused: e.message };
    console.warn("[expense-import] file illeggibile", f.name, e);
    return { refused: EXPENSE_IMPORT_MESSAGES.failed };
  }
}

/**
 * Duplicates are the same supplier, document type, number and year (SDI lets a credit note share its number with an
 * invoice of the same supplier: neither is a copy of the other).
 */
/** The TipoDocumento an answer names (a file without one is an invoice). */
const typeOf = (body: { documentType: string | null }) => body.documentType || "TD01";

const duplicateKey = (contactId: number, documentType: string | null, number: string, date: string) => `${contactId}|${documentType || "TD01"}|${number}|${date.slice(0, 4)}`;

/** Withholdings by type: the first type's amount, and the other types' together (the spec's second ritenuta). */
function withholdingAmounts(body: ParsedBody): { first: number; plus: number } {
  const types = [...new Set(body.withholdings.map((w) => w.type))];
  let first = 0;
  let plus = 0;
  for (const w of body.withholdings) {
    if (w.type === types[0]) first += w.amount;
    else plus += w.amount;
  }
  return { first, plus };
}

const UNKNOWN_MODALITY = "La modalità di pagamento del fornitore non esiste più";

/**
 * Imports received e-invoice files (zips already opened by expandUploads, or not: they are opened here too) for
 * the scope's tenant. Never throws for a file: each ends in exactly one of imported (one entry per body written),
 * duplicates or refused.
 */
export async function importReceivedInvoices(scope: TenantScope, uploads: readonly ImportFile[]): Promise<ExpenseImportReport> {
  const { files, refused } = expandUploads(uploads);
  const report: ExpenseImportReport = { imported: [], duplicates: [], refused };

  // 1. read every file (CPU, no database but the tenant's identifiers)
  const read: ReadFile[] = [];
  const identity = files.length ? await scope.getTenant() : null;
  for (const [i, f] of files.entries()) {
    // the reading is synchronous work (~0.5-2 ms a file): other requests of this process get their turn now and then
    if (i % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
    const r = await readFile(f, identity!);
    if ("refused" in r) report.refused.push({ file: f.name, reason: r.refused });
    else read.push(r);
  }
  if (read.length === 0) return report;

  // 2. suppliers and duplicates, looked up once for the whole request
  const keys = read.flatMap((f) => f.parsed.bodies.map(supplierKey));
  const directory = await SupplierDirectory.load(scope, keys);
  const known = read.flatMap((f) => f.parsed.bodies.map((b) => ({ contact: directory.find(supplierKey(b)), number: b.number }))).filter((k) => k.contact);
  const seen = new Set<string>();
  if (known.length) {
    const ids = [...new Set(known.map((k) => k.contact!.id))];
    const numbers = [...new Set(known.map((k) => k.number))];
    for (let i = 0; i < numbers.length; i += 5000) {
      const rows = await scope
        .select({ contactId: expenses.contactId, documentType: expenses.documentType, documentNumber: expenses.documentNumber, documentDate: expenses.documentDate })
        .from(expenses)
        .where(inArray(expenses.contactId, ids), inArray(expenses.documentNumber, numbers.slice(i, i + 5000)));
      for (const r of rows) seen.add(duplicateKey(r.contactId, r.documentType, r.documentNumber, r.documentDate));
    }
  }
  let tenant: { contactWithCode: boolean } | undefined;
  let nextCode: number | undefined;
  // inside the file's transaction (its scope: PGlite has one connection, and the code must see the transaction's rows)
  const newCode = async (tx: TenantScope): Promise<string> => {
    tenant ??= await tx.getTenant();
    if (!tenant.contactWithCode) return "";
    if (nextCode === undefined) {
      const [r] = await tx
        .select({ n: sql<number | null>`max(substring(${contacts.code} from 2)::bigint)` })
        .from(contacts)
        .where(sql`${contacts.code} ~* '^F[0-9]{1,12}$'`);
      nextCode = Number(r?.n ?? 0) + 1;
    }
    return `F${String(nextCode++).padStart(5, "0")}`;
  };
  const importedAt = new Date();

  // 3. the writes. A file whose suppliers are all known is planned here (its duplicates decided in file order) and
  // written with others of its kind in one transaction of a group (set-based statements: a dozen for the group
  // instead of a dozen per file); a group that fails is written again file by file, each in its own transaction,
  // so one file's failure still costs only that file. A file that must create its supplier goes alone first, in
  // its own transaction (the supplier's other files then find it).
  const outcomes: Outcome[] = read.map(() => ({ imported: [], duplicates: [], refused: [] }));
  const firstOfUnknown = new Map<string, number>();
  for (const [index, file] of read.entries()) {
    for (const body of file.parsed.bodies) {
      const key = supplierKey(body);
      const k = `${vatKey(key.vatCountry, key.vatNumber)}|${key.fiscalCode}`;
      if (!directory.find(key) && !firstOfUnknown.has(k)) firstOfUnknown.set(k, index);
    }
  }
  const alone = new Set(firstOfUnknown.values());
  for (const index of [...alone].sort((x, y) => x - y)) await writeFile(read[index]!, outcomes[index]!);

  const groups: { index: number; planned: Planned[] }[][] = [];
  let group: { index: number; planned: Planned[] }[] = [];
  let groupBytes = 0;
  // a credit naming an invoice nets that invoice's deadlines: written file by file after the groups, so an invoice
  // of the same upload is there first
  const afterwards: number[] = [];
  for (const [index, file] of read.entries()) {
    if (alone.has(index)) continue;
    if (file.parsed.bodies.some((b) => isCreditType(b.documentType) && b.linkedInvoices.length)) {
      afterwards.push(index);
      continue;
    }
    const planned: Planned[] = [];
    let unknown = false;
    for (const body of file.parsed.bodies) {
      const supplier = directory.find(supplierKey(body));
      if (!supplier) unknown = true;
      else planned.push({ body, supplier, key: duplicateKey(supplier.id, body.documentType, body.number, body.date) });
    }
    if (unknown) {
      // its supplier could not be created with the first file: this one is refused the same way, on its own
      await writeFile(file, outcomes[index]!);
      continue;
    }
    const fresh: Planned[] = [];
    for (const p of planned) {
      if (seen.has(p.key)) outcomes[index]!.duplicates.push({ file: file.name, documentNumber: p.body.number, documentType: typeOf(p.body) });
      else {
        seen.add(p.key);
        fresh.push(p);
      }
    }
    if (fresh.length === 0) continue;
    group.push({ index, planned: fresh });
    groupBytes += file.xml.byteLength + (file.signed ? file.original.byteLength : 0);
    if (group.length >= GROUP_FILES || groupBytes >= GROUP_BYTES) {
      groups.push(group);
      group = [];
      groupBytes = 0;
    }
  }
  if (group.length) groups.push(group);

  const modalities = new Map<number, Promise<ModalityRule | null>>();
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const g = groups[next++]!;
      try {
        const written = await scope.transaction((tx) => writeGroup(tx, g.map((m) => ({ file: read[m.index]!, planned: m.planned })), importedAt, modalities));
        for (const [i, m] of g.entries()) outcomes[m.index]!.imported.push(...written[i]!);
        for (const m of g) for (const p of m.planned) if (!p.supplier.isSupplier) directory.replace({ ...p.supplier, isSupplier: true });
      } catch (e) {
        if (!(e instanceof ApiError) && !(e instanceof RefusedFile)) console.warn("[expense-import] gruppo non scritto, file per file", e);
        // file by file: their keys were taken by the plan, so they are given back first
        for (const m of g) for (const p of m.planned) seen.delete(p.key);
        for (const m of g) await writeFile(read[m.index]!, outcomes[m.index]!);
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, worker));
  for (const index of afterwards) await writeFile(read[index]!, outcomes[index]!);
  for (const o of outcomes) {
    report.imported.push(...o.imported);
    report.duplicates.push(...o.duplicates);
    report.refused.push(...o.refused);
  }
  return report;

  async function writeFile(file: ReadFile, outcome: Outcome): Promise<void> {
    const bodies = file.parsed.bodies.map((body) => ({ body, key: supplierKey(body) }));
    // a file whose bodies were all imported before is a duplicate, and nothing of it is touched
    const fresh = bodies.filter(({ body, key }) => {
      const c = directory.find(key);
      return !c || !seen.has(duplicateKey(c.id, body.documentType, body.number, body.date));
    });
    for (const { body } of bodies) if (!fresh.some((f) => f.body === body)) outcome.duplicates.push({ file: file.name, documentNumber: body.number, documentType: typeOf(body) });
    if (fresh.length === 0) return;

    const created: SupplierRow[] = [];
    const promoted: SupplierRow[] = [];
    try {
      const { out, repeated } = await scope.transaction(async (tx) => {
        const out: (ImportedExpense & { key: string })[] = [];
        const repeated: { documentNumber: string; documentType: string }[] = [];
        const local = new Map<string, SupplierRow>();
        let text: string | undefined;
        // another import of this tenant may have created the supplier or written the same invoices since the
        // lookup: both are looked at again under the import lock
        await lockImports(tx);
        for (const { key } of fresh) {
          const k = `${vatKey(key.vatCountry, key.vatNumber)}|${key.fiscalCode}`;
          if (directory.find(key) || local.has(k)) continue;
          const c = (await SupplierDirectory.load(tx, [key])).find(key);
          if (c) local.set(k, c);
        }
        const stored = await findImported(
          tx,
          fresh.flatMap(({ body, key }) => {
            const c = local.get(`${vatKey(key.vatCountry, key.vatNumber)}|${key.fiscalCode}`) ?? directory.find(key);
            return c ? [{ contactId: c.id, number: body.number }] : [];
          }),
        );
        for (const { body, key } of fresh) {
          const k = `${vatKey(key.vatCountry, key.vatNumber)}|${key.fiscalCode}`;
          let supplier = local.get(k) ?? directory.find(key);
          if (!supplier) {
            text ??= new TextDecoder().decode(file.xml);
            supplier = await createSupplier(tx, body, key, supplierDetails(text), await newCode(tx));
            created.push(supplier);
          } else if (!supplier.isSupplier) {
            await tx.updateWhere(contacts, eq(contacts.id, supplier.id), { isSupplier: true, version: sql`${contacts.version} + 1` });
            supplier = { ...supplier, isSupplier: true };
            promoted.push(supplier);
          }
          local.set(k, supplier);
          // the same number twice in one upload (a file sent twice, a lotto repeating a body)
          const dup = duplicateKey(supplier.id, body.documentType, body.number, body.date);
          if (seen.has(dup) || stored.has(dup) || out.some((o) => o.key === dup)) {
            repeated.push({ documentNumber: body.number, documentType: typeOf(body) });
            continue;
          }
          const id = await writeExpense(tx, file, body, supplier, importedAt);
          out.push({ id, file: file.name, documentNumber: body.number, documentType: typeOf(body), supplier: supplier.name, key: dup });
        }
        return { out, repeated };
      });
      for (const { key, ...e } of out) {
        seen.add(key);
        outcome.imported.push(e);
      }
      for (const r of repeated) outcome.duplicates.push({ file: file.name, ...r });
      for (const c of created) directory.remember(c);
      for (const c of promoted) directory.replace(c);
    } catch (e) {
      // nothing of the file was written (a code it took stays unused: codes may have gaps)
      outcome.refused.push({ file: file.name, reason: refusalReason(e) });
    }
  }
}

/** Groups written at the same time (each its own transaction and connection; the pool has 10). */
const WRITERS = 3;
/** Files of one group transaction, and their bytes at most (the chunks travel in one JSON parameter). */
const GROUP_FILES = 40;
const GROUP_BYTES = 8 * 1024 * 1024;

/** A body to write, its supplier known, not a duplicate. */
interface Planned {
  body: ParsedBody;
  supplier: SupplierRow;
  key: string;
}

/** A payment modality's rows, read once per request. */
interface ModalityRule {
  paymentType: string;
  rows: PaymentModalityRow[];
}

interface Outcome {
  imported: ImportedExpense[];
  duplicates: ExpenseImportReport["duplicates"];
  refused: ExpenseImportReport["refused"];
}

function refusalReason(e: unknown): string {
  if (e instanceof RefusedFile) return e.message;
  if (e instanceof ApiError) return e.message.replace(/\n/g, ": ");
  console.error("[expense-import] importazione non riuscita", e);
  return EXPENSE_IMPORT_MESSAGES.failed;
}

async function createSupplier(tx: TenantScope, body: ParsedBody, key: SupplierKey, details: ReturnType<typeof supplierDetails>, code: string): Promise<SupplierRow> {
  // the file's address first; a supplier whose address the contact rules refuse is registered without it
  let parsed = contactSchema.safeParse(newSupplierInput(body, key, details, code, true));
  if (!parsed.success) parsed = contactSchema.safeParse(newSupplierInput(body, key, details, code, false));
  // identifiers our checks refuse (supplierWarnings): the contact is made without them through the form's rules, then
  // given them as the file has them, the warnings in its notes
  const warnings = supplierWarnings(body, key);
  const bare = { ...key, vatNumber: "", fiscalCode: "", vatCountry: "IT" };
  if (!parsed.success && warnings.length) parsed = contactSchema.safeParse(newSupplierInput(body, bare, details, code, true));
  if (!parsed.success && warnings.length) parsed = contactSchema.safeParse(newSupplierInput(body, bare, details, code, false));
  if (!parsed.success) throw new RefusedFile(EXPENSE_IMPORT_MESSAGES.supplier(zodMessages(parsed.error)));
  try {
    const c = await contactEntity.create(tx, parsed.data);
    const row: SupplierRow = { id: c.id, name: c.toString, isSupplier: true, vatCountry: c.vatCountry, vatNumber: c.vatNumber, fiscalCode: c.fiscalCode, supplierPaymentModalityId: null, supplierBankAccountId: null };
    if (warnings.length && (c.vatNumber !== key.vatNumber || c.fiscalCode !== key.fiscalCode)) {
      await tx.updateWhere(contacts, eq(contacts.id, c.id), { vatCountry: key.vatNumber ? key.vatCountry : c.vatCountry, vatNumber: key.vatNumber, fiscalCode: key.fiscalCode, version: sql`${contacts.version} + 1` });
      return { ...row, vatCountry: key.vatNumber ? key.vatCountry : c.vatCountry, vatNumber: key.vatNumber, fiscalCode: key.fiscalCode };
    }
    return row;
  } catch (e) {
    if (e instanceof ZodError) throw new RefusedFile(EXPENSE_IMPORT_MESSAGES.supplier(zodMessages(e)));
    if (e instanceof ApiError && e.httpStatus === 400) throw new RefusedFile(EXPENSE_IMPORT_MESSAGES.supplier(e.errors.length ? e.errors : [e.message]));
    throw e;
  }
}

async function writeExpense(tx: TenantScope, file: ReadFile, body: ParsedBody, supplier: SupplierRow, importedAt: Date): Promise<number> {
  const expense = await tx.insert(expenses, expenseValues(body, supplier, importedAt, file));
  const [xmlId, originalId] = await storeFiles(tx, filesOfBody(file, body, expense.id));
  await tx.updateWhere(expenses, eq(expenses.id, expense.id), { xmlAttachmentId: xmlId!, originalAttachmentId: file.signed ? originalId! : null });
  await warnSupplier(tx, supplier.id, supplierWarnings(body));
  // deadlines: a credit's, what is left after netting its invoice (to collect); else the file's DatiPagamento, else
  // the supplier's payment modality on the amount due
  const deadlines = isCreditType(body.documentType)
    ? creditDeadlines(body, await netLinkedInvoice(tx, body, supplier))
    : body.payments.length
      ? body.payments.map((p) => ({ deadlineDate: p.dueDate, amount: p.amount }))
      : await scheduleDeadlines(tx, body.date, amountDue(body), supplier.supplierPaymentModalityId, UNKNOWN_MODALITY);
  const rows = deadlineRowsOf(deadlines, expense.id, supplier);
  if (rows.length) await tx.insertMany(documentDeadlines, rows);
  return expense.id;
}

/** The supplier's notes carry each warning of its identifiers once ('Attenzione: …'), visible in its form. */
async function warnSupplier(tx: TenantScope, contactId: number, warnings: readonly string[]): Promise<void> {
  for (const w of warnings) {
    const line = `Attenzione: ${w}`;
    await tx.updateWhere(contacts, and(eq(contacts.id, contactId), sql`position(${line} in ${contacts.notes}) = 0`), {
      notes: sql`ltrim(${contacts.notes} || E'\n' || ${line}, E'\n')`,
      version: sql`${contacts.version} + 1`,
    });
  }
}

/**
 * A received credit's own deadlines (positive amounts, 'Da saldare'): money the supplier owes back, which the
 * Scadenziario lists as 'Da incassare' (db/queries/deadlines.ts reads the expense's TipoDocumento). `left` is what no
 * invoice's deadline took: all of it as the file's DatiPagamento schedule it, else one deadline on the document date.
 */
function creditDeadlines(body: ParsedBody, left: number): { deadlineDate: string; amount: number }[] {
  if (left <= 0) return [];
  if (left === amountDue(body) && body.payments.length) return body.payments.map((p) => ({ deadlineDate: p.dueDate, amount: p.amount }));
  return [{ deadlineDate: body.date, amount: left }];
}

/**
 * A received credit (TD04, TD08) is never a deadline to pay (decision). When it names, in DatiFattureCollegate, an
 * invoice of the same supplier that is in the application (same number; same date or year when the file gives one;
 * not itself a credit), that invoice's open deadlines ('Da saldare') are reduced by the credit, latest first, as
 * db/documents/credit-notes.ts nets a sales invoice: a deadline netted whole becomes 'Stornato', one netted in part
 * keeps its remainder open and the netted part becomes a 'Stornato' deadline beside it (same date and bank account),
 * each saying which credit note took it. What no open deadline took (no link, the invoice not in the application, or
 * already paid) is the credit's own deadline, to collect from the supplier (creditDeadlines); its amounts are negative
 * in the totals and the supplier's balance. Deleting the credit does not reopen what it netted (the deadlines keep
 * their description; reopen them by hand in the Scadenziario). Returns what is left of the credit.
 */
async function netLinkedInvoice(tx: TenantScope, body: ParsedBody, supplier: SupplierRow): Promise<number> {
  let left = Math.abs(amountDue(body));
  for (const link of body.linkedInvoices) {
    if (left <= 0 || !link.id) break;
    const candidates = await tx.list(expenses, {
      where: and(eq(expenses.contactId, supplier.id), eq(expenses.documentNumber, link.id), sql`${expenses.documentType} not in ('TD04', 'TD08')`),
      orderBy: [asc(expenses.id)],
    });
    const invoice = candidates.find((e) => (link.date ? e.documentDate === link.date : true)) ?? candidates.find((e) => link.date && e.documentDate.slice(0, 4) === link.date.slice(0, 4));
    if (!invoice) continue;
    const description = EXPENSE_IMPORT_MESSAGES.creditNetted(body.number, body.date);
    const open = await tx.list(documentDeadlines, {
      where: and(eq(documentDeadlines.expenseId, invoice.id), eq(documentDeadlines.deadlineState, "Da saldare")),
      orderBy: [sql`${documentDeadlines.deadlineDate} desc`, sql`${documentDeadlines.position} desc`, sql`${documentDeadlines.id} desc`],
    });
    for (const d of open) {
      if (left <= 0) break;
      const own = Number(d.amount);
      const take = Math.min(left, own);
      left -= take;
      if (take === own) {
        await tx.updateWhere(documentDeadlines, eq(documentDeadlines.id, d.id), { deadlineState: "Stornato", paymentDate: null, description, version: sql`${documentDeadlines.version} + 1` });
        continue;
      }
      await tx.updateWhere(documentDeadlines, eq(documentDeadlines.id, d.id), { amount: own - take, version: sql`${documentDeadlines.version} + 1` });
      await tx.insert(documentDeadlines, { documentId: null, expenseId: invoice.id, contactId: d.contactId, position: d.position, amount: take, deadlineDate: d.deadlineDate, deadlineState: "Stornato", paymentDate: null, bankAccountId: d.bankAccountId, description });
    }
  }
  return left;
}

/**
 * The amounts of one body as the expenses table keeps them: a credit from the supplier (TD04, TD08) with every amount
 * negated (the file states them positive; the expenses keep them signed as they enter what is owed), the
 * document-level discounts and rounding in documentAdjustment, the part of the total not owed to the supplier in
 * splitPaymentVat (split payment: the total less Σ ImportoPagamento, or less the VAT paid to the State).
 */
function expenseValues(body: ParsedBody, supplier: SupplierRow, importedAt: Date, file: ReadFile) {
  const withholding = withholdingAmounts(body);
  const sign = isCreditType(body.documentType) ? -1 : 1;
  const due = amountDue(body);
  const total = body.totalAmount - withholding.first - withholding.plus;
  return {
    documentNumber: body.number,
    documentDate: body.date,
    contactId: supplier.id,
    bankAccountId: supplier.supplierBankAccountId,
    paymentModalityId: supplier.supplierPaymentModalityId,
    details: body.causale.join("\n").slice(0, 5000),
    taxable: sign * body.taxableAmount,
    totalVat: sign * body.vatAmount,
    documentAdjustment: sign * body.documentAdjustment,
    // signed as they enter what the supplier is owed (lib/schemas/expense.ts): a ritenuta we keep is negative
    withholdingTaxAmount: -sign * withholding.first,
    withholdingTaxAmountPlus: -sign * withholding.plus,
    splitPaymentVat: sign * (total - due),
    signature: signatureStatus(file.parsed.signature),
    supplierWarnings: supplierWarnings(body),
    stampAmount: body.stampAmount,
    currency: body.currency || "EUR",
    documentType: body.documentType,
    imported: true,
    importedAt,
  };
}

/**
 * What the supplier is owed (unsigned: a credit's too), so the deadlines are those the form's get-calculated-fields
 * would give the same expense: the file's total (with its document-level discounts and rounding) less the
 * withholdings; with split payment (EsigibilitaIVA S) the VAT goes to the State, so it is the Σ ImportoPagamento of
 * DatiPagamento, or without them that total less the split VAT.
 */
const amountDue = (body: ParsedBody) => {
  const net = body.totalAmount - body.withholdings.reduce((a, w) => a + w.amount, 0);
  if (body.splitPaymentVat === 0) return net;
  return body.paymentsTotal ?? net - body.splitPaymentVat;
};

/** The files the expense keeps of a body: the XML and the signed original ('expense_einvoice'), its Allegati ('expense'). */
function filesOfBody(file: ReadFile, body: ParsedBody, ownerId: number): StoredBytes[] {
  const stored: StoredBytes[] = [{ kind: "expense_einvoice", ownerId, name: xmlName(file.name), contentType: "application/xml", bytes: file.xml }];
  if (file.signed) stored.push({ kind: "expense_einvoice", ownerId, name: file.name.split("/").pop()!, contentType: "application/pkcs7-mime", bytes: file.original });
  for (const a of body.attachments) {
    stored.push({ kind: "expense", ownerId, name: a.name || "allegato", contentType: attachmentType(a.name, a.format), description: (a.description ?? "").slice(0, 1000), bytes: a.data });
  }
  return stored;
}

/**
 * Serialises the tenant's import transactions: the counter row "expense-import", locked until commit, so two uploads
 * of the same files at once cannot both create the supplier nor both write an invoice.
 */
async function lockImports(tx: TenantScope): Promise<void> {
  await takeNext(tx, "expense-import");
}

/** Which of these (supplier, number) pairs are stored now, as duplicate keys (supplier, type, number, year). */
async function findImported(tx: TenantScope, pairs: readonly { contactId: number; number: string }[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (pairs.length === 0) return found;
  const rows = await tx
    .select({ contactId: expenses.contactId, documentType: expenses.documentType, documentNumber: expenses.documentNumber, documentDate: expenses.documentDate })
    .from(expenses)
    .where(inArray(expenses.contactId, [...new Set(pairs.map((p) => p.contactId))]), inArray(expenses.documentNumber, [...new Set(pairs.map((p) => p.number))]));
  for (const r of rows) found.add(duplicateKey(r.contactId, r.documentType, r.documentNumber, r.documentDate));
  return found;
}

/**
 * One group of files in the caller's transaction, set-based: the suppliers to promote in one update, the expenses
 * in one insert (read back by their import time), the stored files' rows in one insert (read back by owner, in
 * insertion order), their chunks in one insert, the expenses' file references in one update, the deadlines in one
 * insert. The deadlines without DatiPagamento follow the supplier's modality by scheduleDeadlines's rule
 * (computeDeadlines over its rows; one deadline on the date without a modality or rows), each modality read once.
 */
async function writeGroup(
  tx: TenantScope,
  group: readonly { file: ReadFile; planned: readonly Planned[] }[],
  importedAt: Date,
  modalities: Map<number, Promise<ModalityRule | null>>,
): Promise<ImportedExpense[][]> {
  // another import of this tenant may have written some of these since the lookup: then the group is redone file by
  // file, where they are reported as duplicates
  await lockImports(tx);
  const meanwhile = await findImported(tx, group.flatMap((g) => g.planned.map((p) => ({ contactId: p.supplier.id, number: p.body.number }))));
  if (group.some((g) => g.planned.some((p) => meanwhile.has(p.key)))) throw new RefusedFile("importate nel frattempo");

  const promote = [...new Set(group.flatMap((g) => g.planned.filter((p) => !p.supplier.isSupplier).map((p) => p.supplier.id)))];
  if (promote.length) await tx.updateWhere(contacts, inArray(contacts.id, promote), { isSupplier: true, version: sql`${contacts.version} + 1` });

  // this group's own import time (ms apart from the others of the request) finds its rows back
  const stamp = new Date(importedAt.getTime() + 1 + groupCounter++);
  const all = group.flatMap((g) => g.planned.map((p) => ({ file: g.file, ...p })));
  await tx.insertMany(expenses, all.map((p) => expenseValues(p.body, p.supplier, stamp, p.file)));
  const rows = await tx
    .select({ id: expenses.id, contactId: expenses.contactId, documentType: expenses.documentType, documentNumber: expenses.documentNumber, documentDate: expenses.documentDate })
    .from(expenses)
    .where(eq(expenses.importedAt, stamp), inArray(expenses.contactId, [...new Set(all.map((p) => p.supplier.id))]), isNull(expenses.xmlAttachmentId));
  const idOf = new Map(rows.map((r) => [duplicateKey(r.contactId, r.documentType, r.documentNumber, r.documentDate), r.id]));
  if (idOf.size !== all.length || rows.length !== all.length) throw new Error("importazione: righe scritte non ritrovate");
  const ids = all.map((p) => idOf.get(p.key)!);

  // the files: rows (one insert), read back per owner in id order, then their chunks
  const stored = all.flatMap((p, i) => filesOfBody(p.file, p.body, ids[i]!));
  await tx.insertMany(
    attachments,
    stored.map((f) => ({ ownerKind: f.kind, ownerId: f.ownerId, name: f.name.slice(0, 255) || "file", contentType: cleanContentType(f.contentType), size: f.bytes.byteLength, description: f.description ?? "", createdBy: tx.actor?.userId ?? null })),
  );
  const saved = await tx
    .select({ id: attachments.id, ownerKind: attachments.ownerKind, ownerId: attachments.ownerId })
    .from(attachments)
    .where(inArray(attachments.ownerId, ids), inArray(attachments.ownerKind, ["expense", "expense_einvoice"]))
    .orderBy(asc(attachments.id));
  const byOwner = new Map<string, number[]>();
  for (const a of saved) {
    const k = `${a.ownerKind}:${a.ownerId}`;
    byOwner.set(k, [...(byOwner.get(k) ?? []), a.id]);
  }
  if (saved.length !== stored.length) throw new Error("importazione: file scritti non ritrovati");
  const taken = new Map<string, number>();
  const attachmentIds = stored.map((f) => {
    const k = `${f.kind}:${f.ownerId}`;
    const at = taken.get(k) ?? 0;
    taken.set(k, at + 1);
    return byOwner.get(k)![at]!;
  });
  await storeChunks(tx, stored.map((f, i) => ({ id: attachmentIds[i]!, bytes: f.bytes })));

  // the expenses point at their XML and original (the first one or two of their 'expense_einvoice' files)
  await tx.updateMany(
    expenses,
    all.map((p, i) => {
      const own = byOwner.get(`expense_einvoice:${ids[i]}`)!;
      return { id: ids[i]!, version: 0, values: { xmlAttachmentId: own[0]!, originalAttachmentId: p.file.signed ? own[1]! : null } };
    }),
  );

  // deadlines
  const deadlineRows = [];
  for (const [i, p] of all.entries()) {
    let list: { deadlineDate: string; amount: number }[];
    // a credit is never to pay: its deadline is to collect (one naming an invoice is written file by file, netted)
    if (isCreditType(p.body.documentType)) list = creditDeadlines(p.body, amountDue(p.body));
    else if (p.body.payments.length) list = p.body.payments.map((d) => ({ deadlineDate: d.dueDate, amount: d.amount }));
    else {
      const due = amountDue(p.body);
      const modalityId = p.supplier.supplierPaymentModalityId;
      let rule: ModalityRule | null = null;
      if (modalityId !== null) {
        if (!modalities.has(modalityId)) {
          const loading = loadModality(tx, modalityId);
          modalities.set(modalityId, loading);
          // a failed read (its transaction aborted) is not kept for the other groups
          loading.catch(() => modalities.delete(modalityId));
        }
        rule = await modalities.get(modalityId)!;
        // gone since the lookup: the group is written again file by file, where scheduleDeadlines refuses it
        if (!rule) throw new RefusedFile(UNKNOWN_MODALITY);
      }
      list =
        due <= 0
          ? []
          : !rule || rule.rows.length === 0
            ? [{ deadlineDate: p.body.date, amount: due }]
            : computeDeadlines(p.body.date, due, rule.rows, rule.paymentType as ModalitaPagamento).map((d) => ({ deadlineDate: d.dueDate, amount: d.amount }));
    }
    deadlineRows.push(...deadlineRowsOf(list, ids[i]!, p.supplier));
  }
  if (deadlineRows.length) await tx.insertMany(documentDeadlines, deadlineRows);
  const warned = new Map<number, string[]>();
  for (const p of all) for (const w of supplierWarnings(p.body)) if (!warned.get(p.supplier.id)?.includes(w)) warned.set(p.supplier.id, [...(warned.get(p.supplier.id) ?? []), w]);
  for (const [contactId, warnings] of warned) await warnSupplier(tx, contactId, warnings);

  let at = 0;
  return group.map((g) => g.planned.map((p) => ({ id: ids[at++]!, file: g.file.name, documentNumber: p.body.number, documentType: typeOf(p.body), supplier: p.supplier.name })));
}

let groupCounter = 0;

async function loadModality(tx: TenantScope, id: number): Promise<ModalityRule | null> {
  const modality = await tx.find(paymentModalities, id);
  if (!modality) return null;
  const rows = await tx.list(paymentModalityRows, { where: eq(paymentModalityRows.paymentModalityId, id), orderBy: [asc(paymentModalityRows.position), asc(paymentModalityRows.id)] });
  return {
    paymentType: modality.paymentType,
    rows: rows.map((r) => ({ expirationType: r.expirationType as ExpirationType, paymentDay: r.paymentDay, monthsAfter: r.monthsAfter, amountPercentage: r.amountPercentage })),
  };
}

function deadlineRowsOf(list: readonly { deadlineDate: string; amount: number }[], expenseId: number, supplier: SupplierRow) {
  return list
    .filter((d) => d.amount > 0)
    .map((d, position) => ({
      documentId: null,
      expenseId,
      contactId: supplier.id,
      position,
      amount: d.amount,
      deadlineDate: d.deadlineDate,
      deadlineState: "Da saldare" as const,
      paymentDate: null,
      bankAccountId: supplier.supplierBankAccountId,
      description: "",
    }));
}

/** The tenant's expenses imported with these ids (tests, the report's links). */
export async function importedExpenses(scope: TenantScope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return scope.list(expenses, { where: and(inArray(expenses.id, [...ids]), eq(expenses.imported, true)) });
}
