/**
 * Import of contacts from a spreadsheet (POST /api/contacts/import/preview and /commit). The file is read
 * by lib/import/read-spreadsheet.ts; here each row becomes a contact input through the column mapping and
 * is validated by the form's own schema (contactSchema: the same Italian messages), then:
 *
 * - a row that matches an existing contact — same VAT number (and country), or for a row without one
 *   the same codice fiscale — is skipped, or updated when the user chose so: the row's non-empty cells
 *   replace those fields, everything else of the contact (defaults, referents, notes) stays; a VAT number
 *   shared by several contacts (branches) cannot say which one to update, so the row is refused;
 * - every other valid row creates a contact; invalid rows are refused with their row number and messages;
 * - commit writes the created and updated rows in one transaction (batched statements), so a failure writes
 *   nothing; preview runs the same analysis and writes nothing.
 *
 * Conveniences for files that went through Excel: numbers that lost their leading zeros (Partita IVA of
 * 9-10 digits, CAP of 3-4) are padded back (the check digit still guards the VAT number), a VAT number
 * written with its country prefix sets the VAT country, nations may be names ("Italia", "Germany"), a
 * province may be "(MI)", a 6-character SDI code marks a public administration (with split payment).
 */
import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { mapConstraintErrors } from "@/db/entity";
import { contacts, type Contact } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { COUNTRY_CODES, VAT_COUNTRY_CODES } from "@/lib/fiscal/codes";
import { normalizeIdentifier } from "@/lib/fiscal/identifiers";
import { BadRequestError, zodMessages } from "@/lib/errors";
import type { Spreadsheet } from "@/lib/import/read-spreadsheet";
import { CONTACT_MESSAGES, contactSchema, normalizeVatNumber, type ContactInput } from "@/lib/schemas/contact";
import {
  CONTACT_IMPORT_MESSAGES,
  detectMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_REPORT_LIMIT,
  type ContactImportOptions,
  type ContactImportPreview,
  type ContactImportResult,
  type ImportField,
  type ImportRowReport,
} from "@/lib/schemas/contact-import";
import { contactEntity, contactValues } from "./contacts";

/** Rows of one INSERT or UPDATE statement (one JSON parameter of ~1 MB). */
const WRITE_BATCH = 2000;
/** Values of one IN list when looking existing contacts up. */
const LOOKUP_BATCH = 5000;
const SAMPLE_ROWS = 10;

type Raw = Partial<Record<ImportField, string>>;

interface Planned {
  row: number;
  action: "create" | "update" | "skip" | "refuse";
  input?: ContactInput;
  /** The contact an update rewrites. */
  target?: Contact;
  messages?: string[];
}

// ---- values of the cells

const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

let countryNames: Map<string, string> | undefined;
/** "Italia", "ITALY", "Repubblica Ceca", "it" → the ISO code (Intl's Italian and English names). */
export function resolveCountry(value: string): string {
  const v = value.trim();
  if (v === "") return "";
  const upper = v.toUpperCase();
  if ((COUNTRY_CODES as readonly string[]).includes(upper)) return upper;
  if (!countryNames) {
    countryNames = new Map();
    for (const locale of ["it", "en"]) {
      const names = new Intl.DisplayNames([locale], { type: "region" });
      for (const code of COUNTRY_CODES) {
        const name = names.of(code);
        if (name && !countryNames.has(norm(name))) countryNames.set(norm(name), code);
      }
    }
  }
  return countryNames.get(norm(v)) ?? v;
}

const YES = new Set(["si", "s", "x", "1", "true", "vero", "yes", "y"]);
const NO = new Set(["no", "n", "0", "false", "falso", ""]);

function yesNo(value: string, field: ImportField, messages: string[]): boolean {
  const v = norm(value);
  if (YES.has(v)) return true;
  if (!NO.has(v)) messages.push(CONTACT_IMPORT_MESSAGES.yesNo(value, IMPORT_FIELD_LABELS[field]));
  return false;
}

/** 'Cliente', 'Fornitore', 'Cliente e fornitore', 'Entrambi', 'C', 'F', 'C/F'. */
function parseRole(value: string, messages: string[]): { isCustomer: boolean; isSupplier: boolean } | undefined {
  const v = norm(value).replace(/[^a-z]/g, " ").trim();
  const customer = /client/.test(v) || v === "c";
  const supplier = /fornit/.test(v) || v === "f";
  if (/entramb/.test(v) || v === "c f" || v === "cf" || (customer && supplier)) return { isCustomer: true, isSupplier: true };
  if (customer || supplier) return { isCustomer: customer, isSupplier: supplier };
  messages.push(CONTACT_IMPORT_MESSAGES.role(value));
  return undefined;
}

/** The VAT country a cell implies: its own prefix ("DE123…"), else the contact's nation, else Italy. */
function vatCountryOf(vat: string, country: string): string {
  const v = normalizeIdentifier(vat);
  const prefix = v.slice(0, 2);
  if (/^[A-Z]{2}[A-Z0-9]*\d/.test(v) && VAT_COUNTRY_CODES.includes(prefix)) return prefix;
  if (country && country !== "IT" && (COUNTRY_CODES as readonly string[]).includes(country)) return country === "GR" ? "EL" : country;
  return "IT";
}

function rawOf(cells: readonly string[], columns: ReadonlyMap<ImportField, number>): Raw {
  const raw: Raw = {};
  for (const [field, index] of columns) {
    const value = (cells[index] ?? "").trim();
    if (value !== "") raw[field] = value;
  }
  return raw;
}

/** The input fields a row sets (only its non-empty cells: an update keeps the rest), with the row's own problems. */
function rowFields(raw: Raw, defaultRole: ContactImportOptions["defaultRole"], forUpdate: boolean): { fields: Record<string, unknown>; messages: string[] } {
  const messages: string[] = [];
  const fields: Record<string, unknown> = {};
  for (const key of ["companyName", "firstName", "lastName", "code", "address", "city", "email", "pec", "phone", "mobile", "notes"] as const) {
    if (raw[key] !== undefined) fields[key] = raw[key];
  }
  if (raw.companyName) fields.kind = "COMPANY";
  else if (raw.firstName || raw.lastName) fields.kind = "PERSON";
  else if (!forUpdate) fields.kind = "COMPANY";

  const country = raw.country !== undefined ? resolveCountry(raw.country) : forUpdate ? undefined : "IT";
  if (country !== undefined) fields.country = country;
  const italian = (country ?? "IT") === "IT";
  if (raw.vatNumber !== undefined) {
    const vatCountry = vatCountryOf(raw.vatNumber, country ?? "IT");
    fields.vatCountry = vatCountry;
    fields.vatNumber = vatCountry === "IT" && /^\d{9,10}$/.test(raw.vatNumber) ? raw.vatNumber.padStart(11, "0") : raw.vatNumber;
  }
  if (raw.fiscalCode !== undefined) fields.fiscalCode = /^\d{9,10}$/.test(raw.fiscalCode) ? raw.fiscalCode.padStart(11, "0") : raw.fiscalCode;
  if (raw.postalCode !== undefined) fields.postalCode = italian && /^\d{3,4}$/.test(raw.postalCode) ? raw.postalCode.padStart(5, "0") : raw.postalCode;
  if (raw.province !== undefined) fields.province = raw.province.replace(/^\((.*)\)$/, "$1").trim();
  if (raw.sdiCode !== undefined) {
    const sdi = normalizeIdentifier(raw.sdiCode);
    fields.sdiCode = sdi;
    // the public administration's codice univoco ufficio has 6 characters, everyone else's 7
    if (sdi.length === 6) Object.assign(fields, { publicAdministration: true, splitPayment: true, withholdingAgent: true });
  }

  let role: { isCustomer: boolean; isSupplier: boolean } | undefined;
  if (raw.role !== undefined) role = parseRole(raw.role, messages);
  if (raw.isCustomer !== undefined || raw.isSupplier !== undefined) {
    role = {
      isCustomer: raw.isCustomer !== undefined ? yesNo(raw.isCustomer, "isCustomer", messages) : (role?.isCustomer ?? false),
      isSupplier: raw.isSupplier !== undefined ? yesNo(raw.isSupplier, "isSupplier", messages) : (role?.isSupplier ?? false),
    };
  }
  if (role) Object.assign(fields, role);
  else if (!forUpdate) Object.assign(fields, { isCustomer: defaultRole !== "SUPPLIER", isSupplier: defaultRole !== "CUSTOMER" });
  return { fields, messages };
}

/** A stored contact as the schema's input (its own columns: references and referents are not touched). */
function storedInput(c: Contact): Record<string, unknown> {
  return {
    kind: c.kind,
    companyName: c.companyName,
    firstName: c.firstName,
    lastName: c.lastName,
    code: c.code,
    isCustomer: c.isCustomer,
    isSupplier: c.isSupplier,
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
    phone: c.phone,
    mobile: c.mobile,
    website: c.website,
    sdiCode: c.sdiCode,
    publicAdministration: c.publicAdministration,
    splitPayment: c.splitPayment,
    withholdingAgent: c.withholdingAgent,
    hourlyPrice: c.hourlyPrice,
    notes: c.notes,
  };
}

/** How a row is matched with the tenant's contacts: VAT number, else codice fiscale. */
function matchKey(fields: Record<string, unknown>): string | null {
  const vatCountry = typeof fields.vatCountry === "string" ? fields.vatCountry.toUpperCase() || "IT" : "IT";
  const vat = typeof fields.vatNumber === "string" ? normalizeVatNumber(fields.vatNumber, vatCountry) : "";
  if (vat) return `VAT:${vatCountry}:${vat}`;
  const cf = typeof fields.fiscalCode === "string" ? normalizeIdentifier(fields.fiscalCode) : "";
  return cf ? `CF:${cf}` : null;
}

function storedKeys(c: Contact): string[] {
  return c.vatNumber ? [`VAT:${c.vatCountry}:${c.vatNumber}`] : c.fiscalCode ? [`CF:${c.fiscalCode}`] : [];
}

async function inBatches<T, R>(items: readonly T[], size: number, run: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await run(items.slice(i, i + size))));
  return out;
}

// ---- mapping

/** The mapping the call uses (the user's, else the detected one) and what is wrong with it. */
export function resolveMapping(sheet: Spreadsheet, options: ContactImportOptions): { mapping: (ImportField | null)[]; problems: string[] } {
  const mapping = options.mapping ?? detectMapping(sheet.header);
  if (mapping.length !== sheet.header.length) throw new BadRequestError(CONTACT_IMPORT_MESSAGES.mapping);
  const problems: string[] = [];
  const seen = new Set<ImportField>();
  for (const f of mapping) {
    if (f && seen.has(f)) problems.push(CONTACT_IMPORT_MESSAGES.mappingTwice(IMPORT_FIELD_LABELS[f]));
    if (f) seen.add(f);
  }
  if (!seen.has("companyName") && !seen.has("firstName") && !seen.has("lastName")) problems.push(CONTACT_IMPORT_MESSAGES.noName);
  return { mapping, problems: [...new Set(problems)] };
}

// ---- analysis (preview and commit)

async function plan(scope: TenantScope, sheet: Spreadsheet, mapping: readonly (ImportField | null)[], options: ContactImportOptions): Promise<Planned[]> {
  const columns = new Map<ImportField, number>();
  mapping.forEach((f, i) => f && !columns.has(f) && columns.set(f, i));
  const tenant = await scope.getTenant();

  const rows = sheet.rows.map((r) => ({ row: r.row, raw: rawOf(r.cells, columns) }));
  const firstPass = rows.map((r) => ({ ...r, ...rowFields(r.raw, options.defaultRole, false) }));

  // the tenant's contacts that rows may match (VAT numbers, codici fiscali) and the codes already in use
  const vats = new Set<string>();
  const cfs = new Set<string>();
  const codes = new Set<string>();
  for (const r of firstPass) {
    const key = matchKey(r.fields);
    if (key?.startsWith("VAT:")) vats.add(key.split(":")[2]!);
    else if (key) cfs.add(key.slice(3));
    if (typeof r.fields.code === "string") codes.add(r.fields.code.toLowerCase());
  }
  const existing = [
    ...(await inBatches([...vats], LOOKUP_BATCH, (b) => scope.list(contacts, { where: inArray(contacts.vatNumber, b) }))),
    ...(await inBatches([...cfs], LOOKUP_BATCH, (b) => scope.list(contacts, { where: and(eq(contacts.vatNumber, ""), inArray(contacts.fiscalCode, b)) }))),
  ];
  const byKey = new Map<string, Contact[]>();
  for (const c of existing) for (const k of storedKeys(c)) byKey.set(k, [...(byKey.get(k) ?? []), c]);
  const codeOwners = new Map<string, { id: number; name: string }>();
  for (const c of await inBatches([...codes], LOOKUP_BATCH, (b) =>
    scope.select({ id: contacts.id, name: contacts.name, code: contacts.code }).from(contacts).where(inArray(sql`lower(${contacts.code})`, b)),
  )) {
    codeOwners.set(c.code.toLowerCase(), { id: c.id, name: c.name });
  }

  const codeRows = new Map<string, number>();
  const updatedBy = new Map<number, number>();
  return firstPass.map((r): Planned => {
    const key = matchKey(r.fields);
    const matches = key ? (byKey.get(key) ?? []) : [];
    if (matches.length > 0 && options.onExisting === "skip") return { row: r.row, action: "skip" };
    if (matches.length > 1) {
      const vat = key!.startsWith("VAT:") ? key!.split(":").slice(1).join("").replace(/^IT/, "") : key!.slice(3);
      return { row: r.row, action: "refuse", messages: [CONTACT_IMPORT_MESSAGES.ambiguous(vat, matches.length)] };
    }
    const target = matches[0];
    // one contact, one update: a second row for it would overwrite the first
    if (target && updatedBy.has(target.id)) return { row: r.row, action: "refuse", messages: [CONTACT_IMPORT_MESSAGES.sameContact(updatedBy.get(target.id)!)] };
    let messages = r.messages;
    let fields = r.fields;
    if (target) {
      const own = rowFields(r.raw, options.defaultRole, true);
      messages = own.messages;
      fields = { ...storedInput(target), ...own.fields };
    }
    const parsed = contactSchema.safeParse(fields);
    if (!parsed.success) messages = [...messages, ...zodMessages(parsed.error)];
    else {
      const code = parsed.data.code;
      const lower = code.toLowerCase();
      if (!code && tenant.contactWithCode) messages = [...messages, CONTACT_MESSAGES.codeRequired];
      const owner = code ? codeOwners.get(lower) : undefined;
      if (owner && owner.id !== target?.id) messages = [...messages, `Il codice "${code}" è già usato da "${owner.name}"`];
      else if (code && codeRows.has(lower)) messages = [...messages, CONTACT_IMPORT_MESSAGES.codeInFile(code, codeRows.get(lower)!)];
      if (code && messages.length === 0) codeRows.set(lower, r.row);
    }
    if (messages.length > 0 || !parsed.success) return { row: r.row, action: "refuse", messages: [...new Set(messages)] };
    if (target) updatedBy.set(target.id, r.row);
    return { row: r.row, action: target ? "update" : "create", input: parsed.data, target };
  });
}

function summarise(planned: readonly Planned[]) {
  const count = (a: Planned["action"]) => planned.filter((p) => p.action === a).length;
  const refused: ImportRowReport[] = planned.filter((p) => p.action === "refuse").map((p) => ({ row: p.row, messages: p.messages ?? [] }));
  return {
    counts: { created: count("create"), updated: count("update"), skipped: count("skip"), refused: refused.length },
    report: refused.slice(0, IMPORT_REPORT_LIMIT),
    reportTruncated: refused.length > IMPORT_REPORT_LIMIT,
  };
}

/** What the file holds and what a commit would do with it now; writes nothing. */
export async function previewContactImport(scope: TenantScope, sheet: Spreadsheet, options: ContactImportOptions): Promise<ContactImportPreview> {
  const { mapping, problems } = resolveMapping(sheet, options);
  const summary = summarise(await plan(scope, sheet, mapping, options));
  return {
    format: sheet.format,
    ...(sheet.encoding ? { encoding: sheet.encoding } : {}),
    ...(sheet.separator ? { separator: sheet.separator } : {}),
    ...(sheet.sheetName ? { sheetName: sheet.sheetName } : {}),
    header: sheet.header,
    mapping,
    problems,
    sample: sheet.rows.slice(0, SAMPLE_ROWS),
    total: sheet.rows.length,
    ...summary,
  };
}

/** Saves the valid rows in one transaction (batched inserts and updates); refused rows are reported. */
export async function commitContactImport(scope: TenantScope, sheet: Spreadsheet, options: ContactImportOptions): Promise<ContactImportResult> {
  const { mapping, problems } = resolveMapping(sheet, options);
  if (problems.length > 0) throw new BadRequestError(problems[0]);
  return mapConstraintErrors(
    () =>
      scope.transaction(async (tx) => {
        const planned = await plan(tx, sheet, mapping, options);
        const creates = planned.filter((p) => p.action === "create").map((p) => contactValues(p.input!));
        for (let i = 0; i < creates.length; i += WRITE_BATCH) await tx.insertMany(contacts, creates.slice(i, i + WRITE_BATCH));
        const updates = planned.filter((p) => p.action === "update").map((p) => ({ id: p.target!.id, version: p.target!.version, values: contactValues(p.input!) }));
        for (let i = 0; i < updates.length; i += WRITE_BATCH) await tx.updateMany(contacts, updates.slice(i, i + WRITE_BATCH));
        const { counts, report, reportTruncated } = summarise(planned);
        return { ...counts, report, reportTruncated };
      }),
    contactEntity.messages,
  );
}
