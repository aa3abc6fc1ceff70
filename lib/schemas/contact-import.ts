/**
 * The contact import's shared half: the fields a column can feed, how a header is recognised, the
 * options of the calls and the shapes they answer (POST /api/contacts/import/preview and /commit,
 * db/queries/contact-import.ts). Plain data and zod: the import dialog uses it too.
 */
import { z } from "zod";

export const CONTACT_IMPORT_URLS = {
  preview: "/api/contacts/import/preview",
  commit: "/api/contacts/import/commit",
} as const;

/** Multipart fields of both calls: the file, and the options as JSON. */
export const CONTACT_IMPORT_FILE_FIELD = "file";
export const CONTACT_IMPORT_OPTIONS_FIELD = "contactImport";

export const IMPORT_FIELDS = [
  { key: "companyName", label: "Ragione sociale", aliases: ["ragione sociale", "denominazione", "nome/ragione sociale", "ragione sociale/nome", "nome o ragione sociale", "azienda", "societa", "nome azienda", "intestazione", "company", "company name"] },
  { key: "firstName", label: "Nome", aliases: ["nome", "first name", "firstname"] },
  { key: "lastName", label: "Cognome", aliases: ["cognome", "last name", "lastname", "surname"] },
  { key: "code", label: "Codice", aliases: ["codice", "cod", "codice cliente", "codice fornitore", "cod cliente", "cod fornitore", "codice anagrafica", "code"] },
  { key: "vatNumber", label: "Partita IVA", aliases: ["partita iva", "p iva", "piva", "p.iva", "partita i.v.a.", "vat", "vat number", "partita iva cee"] },
  { key: "fiscalCode", label: "Codice fiscale", aliases: ["codice fiscale", "cf", "c.f.", "cod fiscale", "cod. fiscale", "cod fisc"] },
  { key: "address", label: "Indirizzo", aliases: ["indirizzo", "via", "indirizzo sede", "sede legale", "address"] },
  { key: "postalCode", label: "CAP", aliases: ["cap", "c.a.p.", "codice postale", "zip", "postal code"] },
  { key: "city", label: "Comune/Città", aliases: ["comune", "citta", "città", "localita", "località", "city", "comune/citta", "citta/comune"] },
  { key: "province", label: "Provincia", aliases: ["provincia", "prov", "pr", "sigla provincia"] },
  { key: "country", label: "Nazione", aliases: ["nazione", "paese", "stato", "country", "nazione (sigla)"] },
  { key: "email", label: "Email", aliases: ["email", "e-mail", "mail", "indirizzo email", "posta elettronica"] },
  { key: "pec", label: "PEC", aliases: ["pec", "email pec", "indirizzo pec", "posta certificata", "posta elettronica certificata"] },
  { key: "sdiCode", label: "Codice destinatario/SDI", aliases: ["codice destinatario", "codice sdi", "sdi", "codice univoco", "codice univoco ufficio", "codice ufficio", "cod destinatario", "codice destinatario sdi"] },
  { key: "phone", label: "Telefono", aliases: ["telefono", "tel", "tel.", "phone", "telefono fisso"] },
  { key: "mobile", label: "Cellulare", aliases: ["cellulare", "cell", "cell.", "mobile"] },
  { key: "notes", label: "Note", aliases: ["note", "annotazioni", "notes"] },
  { key: "role", label: "Cliente/Fornitore", aliases: ["cliente/fornitore", "cliente o fornitore", "cliente fornitore", "ruolo"] },
  { key: "isCustomer", label: "Cliente (sì/no)", aliases: ["cliente", "e cliente", "è cliente"] },
  { key: "isSupplier", label: "Fornitore (sì/no)", aliases: ["fornitore", "e fornitore", "è fornitore"] },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]["key"];
export const IMPORT_FIELD_KEYS = IMPORT_FIELDS.map((f) => f.key) as [ImportField, ...ImportField[]];
export const IMPORT_FIELD_LABELS = Object.fromEntries(IMPORT_FIELDS.map((f) => [f.key, f.label])) as Record<ImportField, string>;

/** A header as compared: lowercase, no accents, letters and digits only ("P. IVA" → "piva"). */
export function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const ALIASES = new Map<string, ImportField>();
for (const f of IMPORT_FIELDS) for (const a of f.aliases) if (!ALIASES.has(headerKey(a))) ALIASES.set(headerKey(a), f.key);

/**
 * The field each column feeds, from its header (null: not imported). A field takes the first column
 * that names it. A lone "Nome" (no "Cognome" and no "Ragione sociale" column) is the company's name:
 * Fatture in Cloud exports the denomination under "Nome".
 */
export function detectMapping(header: readonly string[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  const mapping = header.map((h) => {
    const field = ALIASES.get(headerKey(h)) ?? null;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  if (taken.has("firstName") && !taken.has("lastName") && !taken.has("companyName")) {
    return mapping.map((f) => (f === "firstName" ? "companyName" : f));
  }
  return mapping;
}

export const IMPORT_DEFAULT_ROLES = ["CUSTOMER", "SUPPLIER", "BOTH"] as const;
export type ImportDefaultRole = (typeof IMPORT_DEFAULT_ROLES)[number];
export const IMPORT_DEFAULT_ROLE_LABELS: Record<ImportDefaultRole, string> = { CUSTOMER: "Clienti", SUPPLIER: "Fornitori", BOTH: "Clienti e fornitori" };

export const IMPORT_ON_EXISTING = ["skip", "update"] as const;
export type ImportOnExisting = (typeof IMPORT_ON_EXISTING)[number];

export const CONTACT_IMPORT_MESSAGES = {
  mapping: "Abbinamento delle colonne non valido: ricarica il file",
  mappingTwice: (label: string) => `Il campo "${label}" è abbinato a più colonne: sceglilo per una sola`,
  noName: 'Abbinare una colonna a "Ragione sociale" oppure a "Nome" e "Cognome"',
  onExisting: "Scelta non valida per i contatti già presenti: usare skip o update",
  defaultRole: "Ruolo predefinito non valido: usare CUSTOMER, SUPPLIER o BOTH",
  yesNo: (value: string, label: string) => `Valore "${value}" non valido nella colonna "${label}": usare Sì o No`,
  role: (value: string) => `Valore "${value}" non valido per "Cliente/Fornitore": usare Cliente, Fornitore o Entrambi`,
  ambiguous: (vat: string, n: number) => `La partita IVA ${vat} appartiene a ${n} contatti: aggiornali dalla loro scheda`,
  codeInFile: (code: string, row: number) => `Il codice "${code}" è già usato alla riga ${row} del file`,
  sameContact: (row: number) => `La riga ${row} del file aggiorna già lo stesso contatto`,
  done: (r: { created: number; updated: number; skipped: number; refused: number }) =>
    `Importazione completata: ${r.created} creati, ${r.updated} aggiornati, ${r.skipped} saltati, ${r.refused} scartati`,
} as const;

/** The options of both calls (multipart JSON field "contactImport"); mapping: one entry per column. */
export const contactImportOptionsSchema = z.object({
  mapping: z
    .array(z.enum(IMPORT_FIELD_KEYS, { error: CONTACT_IMPORT_MESSAGES.mapping }).nullable(), { error: CONTACT_IMPORT_MESSAGES.mapping })
    .max(100, CONTACT_IMPORT_MESSAGES.mapping)
    .optional(),
  onExisting: z.enum(IMPORT_ON_EXISTING, { error: CONTACT_IMPORT_MESSAGES.onExisting }).optional().default("skip"),
  defaultRole: z.enum(IMPORT_DEFAULT_ROLES, { error: CONTACT_IMPORT_MESSAGES.defaultRole }).optional().default("CUSTOMER"),
});
export type ContactImportOptions = z.infer<typeof contactImportOptionsSchema>;

/** A refused row: its number in the file and the messages (the form's, verbatim). */
export interface ImportRowReport {
  row: number;
  messages: string[];
}

/** Rows listed in a report at most (the counts cover them all). */
export const IMPORT_REPORT_LIMIT = 1000;

export interface ContactImportCounts {
  /** New contacts (preview: to create). */
  created: number;
  /** Existing contacts updated (onExisting "update"). */
  updated: number;
  /** Rows whose contact exists (onExisting "skip"). */
  skipped: number;
  /** Rows that do not validate: never written. */
  refused: number;
}

/** POST /api/contacts/import/preview → { status, preview }. */
export interface ContactImportPreview {
  format: "csv" | "xlsx";
  encoding?: string;
  separator?: string;
  sheetName?: string;
  header: string[];
  mapping: (ImportField | null)[];
  /** What is wrong with the mapping (a commit refuses it): a field twice, no name column. */
  problems: string[];
  /** The first rows as read, for the preview table. */
  sample: { row: number; cells: string[] }[];
  total: number;
  /** What a commit with these options would do now. */
  counts: ContactImportCounts;
  report: ImportRowReport[];
  reportTruncated: boolean;
}

/** POST /api/contacts/import/commit → { status, message, result }. */
export interface ContactImportResult extends ContactImportCounts {
  report: ImportRowReport[];
  reportTruncated: boolean;
}
