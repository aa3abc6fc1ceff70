import { z } from "zod";
import { COUNTRY_CODES, VAT_COUNTRY_CODES } from "@/lib/fiscal/codes";
import { checkCap, checkCodiceFiscale, checkPartitaIva, checkProvincia, normalizeIdentifier } from "@/lib/fiscal/identifiers";
import { defineApi, optionSchema, recordFields, type Option } from "./entity";
import { centsField, optionalEmail, optionalEntityRef, optionalText, rowIdentity, versionField } from "./fields";
import { CONTACT_KINDS, type ContactKind } from "./lookup-enums";

export { CONTACT_KINDS, type ContactKind };

/** Anagrafica: GET/POST /api/contacts…, JSON field "contact". */
export const contactApi = defineApi({ field: "contact", url: "/api/contacts", table: "contacts" });

export const CONTACT_KIND_LABELS: Record<ContactKind, string> = { COMPANY: "Persona giuridica", PERSON: "Persona fisica" };

export const CONTACT_MESSAGES = {
  kind: "Indicare se il contatto è una persona giuridica o una persona fisica",
  companyName: 'Il campo "Ragione sociale" è richiesto',
  firstName: 'Il campo "Nome" è richiesto',
  lastName: 'Il campo "Cognome" è richiesto',
  role: "Indicare almeno uno tra Cliente e Fornitore",
  vatCountry: 'Il campo "Paese IVA" deve essere il codice di una nazione di 2 lettere (es. IT, DE)',
  country: 'Il campo "Nazione" deve essere il codice di una nazione di 2 lettere (es. IT, DE)',
  foreignVat: "La partita IVA estera deve essere di 2-28 lettere o cifre",
  personFiscalCode: "Il codice fiscale di una persona fisica deve essere di 16 caratteri",
  foreignFiscalCode: "Il codice fiscale estero deve essere di 1-28 lettere o cifre",
  pec: "Indirizzo PEC non corretto",
  sdiChars: "Il codice destinatario può contenere solo lettere e cifre",
  sdiPrivate: "Il codice destinatario deve essere di 7 caratteri",
  sdiPa: "Il codice destinatario della Pubblica Amministrazione deve essere di 6 caratteri (codice univoco ufficio)",
  sdiPaRequired: 'Il campo "Codice destinatario" è richiesto per la Pubblica Amministrazione',
  hourlyPrice: 'Il campo "Prezzo orario" non è un importo valido',
  codeRequired: 'Il campo "Codice" è richiesto',
  referents: "Referenti non validi",
  tooManyReferents: "Troppi referenti (massimo 100)",
  referentName: 'Indicare almeno uno tra "Nome" e "Cognome" del referente',
  paymentModalityUnknown: "La modalità di pagamento scelta non esiste",
  bankAccountUnknown: "Il conto corrente scelto non esiste",
  agentUnknown: "L'agente scelto non esiste",
} as const;

/** A referent row: a person to talk to at the contact. */
export const contactReferentSchema = z
  .object({
    ...rowIdentity,
    firstName: optionalText(100),
    lastName: optionalText(100),
    role: optionalText(100),
    email: optionalEmail,
    phone: optionalText(50),
    notes: optionalText(2000),
  })
  .refine((r) => r.firstName !== "" || r.lastName !== "", { message: CONTACT_MESSAGES.referentName, path: ["firstName"] });
export type ContactReferentInput = z.infer<typeof contactReferentSchema>;

const flag = z.boolean({ error: "Valore non valido (atteso sì o no)" });
const upper = (max: number) => optionalText(max).transform((v) => v.toUpperCase());

/** An Italian VAT number is stored without "IT"; a foreign one without its country prefix (FatturaPA IdCodice). */
export function normalizeVatNumber(value: string, vatCountry: string): string {
  const v = normalizeIdentifier(value);
  const prefix = vatCountry === "IT" ? "IT" : vatCountry;
  return v.startsWith(prefix) && v.length > prefix.length ? v.slice(prefix.length) : v;
}

/** The Italian message for a VAT number (already normalised), or null. */
export function checkVatNumber(vatNumber: string, vatCountry: string): string | null {
  if (vatNumber === "") return null;
  if (vatCountry === "IT") return checkPartitaIva(vatNumber);
  return /^[A-Z0-9]{2,28}$/.test(vatNumber) ? null : CONTACT_MESSAGES.foreignVat;
}

/**
 * The contact form (POST /api/contacts[/{id}], field "contact"), the same in the form, the handler and
 * the import. Kind decides the name fields (Ragione sociale, or Nome and Cognome: the other kind's are
 * cleared on save, as FatturaPA carries Denominazione xor Nome+Cognome). Italian checks (Partita IVA
 * check digit, codice fiscale check character, CAP, province) apply to Italian contacts; identifiers are
 * normalised (uppercase, no spaces, VAT number without its country prefix). The code's requirement and
 * uniqueness depend on the tenant's settings and are checked on the server (db/queries/contacts.ts).
 */
export const contactSchema = z
  .object({
    kind: z.enum(CONTACT_KINDS, { error: CONTACT_MESSAGES.kind }),
    companyName: optionalText(200),
    firstName: optionalText(100),
    lastName: optionalText(100),
    code: optionalText(50),
    isCustomer: flag.optional().default(false),
    isSupplier: flag.optional().default(false),
    vatCountry: upper(40).transform((v) => v || "IT"),
    vatNumber: optionalText(40),
    fiscalCode: optionalText(40),
    address: optionalText(200),
    postalCode: optionalText(20),
    city: optionalText(100),
    province: upper(20),
    country: upper(40).transform((v) => v || "IT"),
    email: optionalEmail,
    pec: z
      .string({ error: CONTACT_MESSAGES.pec })
      .trim()
      .max(254, CONTACT_MESSAGES.pec)
      .refine((v) => v === "" || z.email().safeParse(v).success, CONTACT_MESSAGES.pec)
      .optional()
      .default(""),
    phone: optionalText(50),
    mobile: optionalText(50),
    website: optionalText(200),
    sdiCode: upper(20),
    publicAdministration: flag.optional().default(false),
    splitPayment: flag.optional().default(false),
    /** Sostituto d'imposta; when not sent: on for companies and the PA, off for persons. */
    withholdingAgent: flag.optional(),
    hourlyPrice: centsField(CONTACT_MESSAGES.hourlyPrice, { min: 0 }).nullable().optional().default(null),
    customerPaymentModality: optionalEntityRef,
    customerBankAccount: optionalEntityRef,
    supplierPaymentModality: optionalEntityRef,
    supplierBankAccount: optionalEntityRef,
    agent: optionalEntityRef,
    notes: optionalText(5000),
    referents: z.array(contactReferentSchema, { error: CONTACT_MESSAGES.referents }).max(100, CONTACT_MESSAGES.tooManyReferents).optional().default([]),
    version: versionField,
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (c.kind === "COMPANY") {
      if (!c.companyName) issue("companyName", CONTACT_MESSAGES.companyName);
    } else if (c.kind === "PERSON") {
      if (!c.firstName) issue("firstName", CONTACT_MESSAGES.firstName);
      if (!c.lastName) issue("lastName", CONTACT_MESSAGES.lastName);
    }
    if (!c.isCustomer && !c.isSupplier) issue("isCustomer", CONTACT_MESSAGES.role);
    if (!VAT_COUNTRY_CODES.includes(c.vatCountry)) issue("vatCountry", CONTACT_MESSAGES.vatCountry);
    else {
      const message = checkVatNumber(normalizeVatNumber(c.vatNumber, c.vatCountry), c.vatCountry);
      if (message) issue("vatNumber", message);
    }
    const isItalian = c.country === "IT";
    if (!(COUNTRY_CODES as readonly string[]).includes(c.country)) issue("country", CONTACT_MESSAGES.country);
    if (c.fiscalCode) {
      const cf = normalizeIdentifier(c.fiscalCode);
      // an Italian codice fiscale whenever the contact is Italian or has an Italian VAT number
      if (isItalian || (c.vatCountry === "IT" && c.vatNumber !== "")) {
        const message = c.kind === "PERSON" && /^\d{11}$/.test(cf) ? CONTACT_MESSAGES.personFiscalCode : checkCodiceFiscale(cf);
        if (message) issue("fiscalCode", message);
      } else if (!/^[A-Z0-9]{1,28}$/.test(cf)) issue("fiscalCode", CONTACT_MESSAGES.foreignFiscalCode);
    }
    if (isItalian) {
      if (c.postalCode) {
        const message = checkCap(c.postalCode);
        if (message) issue("postalCode", message);
      }
      if (c.province) {
        const message = checkProvincia(c.province);
        if (message) issue("province", message);
      }
    }
    const sdi = c.sdiCode.replace(/\s+/g, "");
    if (c.publicAdministration && !sdi) issue("sdiCode", CONTACT_MESSAGES.sdiPaRequired);
    else if (sdi && !/^[A-Z0-9]+$/.test(sdi)) issue("sdiCode", CONTACT_MESSAGES.sdiChars);
    else if (sdi && c.publicAdministration && sdi.length !== 6) issue("sdiCode", CONTACT_MESSAGES.sdiPa);
    else if (sdi && !c.publicAdministration && sdi.length !== 7) issue("sdiCode", CONTACT_MESSAGES.sdiPrivate);
  })
  .transform((c) => ({
    ...c,
    companyName: c.kind === "COMPANY" ? c.companyName : "",
    firstName: c.kind === "PERSON" ? c.firstName : "",
    lastName: c.kind === "PERSON" ? c.lastName : "",
    vatNumber: c.vatNumber ? normalizeVatNumber(c.vatNumber, c.vatCountry) : "",
    fiscalCode: c.fiscalCode ? normalizeIdentifier(c.fiscalCode) : "",
    sdiCode: c.sdiCode.replace(/\s+/g, ""),
    withholdingAgent: c.withholdingAgent ?? defaultWithholdingAgent(c.kind, c.publicAdministration, c.country, c.vatCountry),
  }));
export type ContactInput = z.infer<typeof contactSchema>;

/**
 * Sostituto d'imposta by default: Italian companies and the public administration withhold, persons do not, nor
 * does anyone established abroad (its country or its VAT number's not Italy: not an Italian withholding agent,
 * lib/fiscal/calculate.ts whyBuyerCannotWithhold).
 */
export function defaultWithholdingAgent(kind: ContactKind, publicAdministration: boolean, country = "IT", vatCountry = "IT"): boolean {
  const italian = (country || "IT") === "IT" && (vatCountry || "IT") === "IT";
  return italian && (kind === "COMPANY" || publicAdministration);
}

export const contactReferentResponse = z.object({
  id: z.number().int(),
  version: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
});
export type ContactReferentJson = z.infer<typeof contactReferentResponse>;

/** A contact as the API answers it, with its referents; toString is the Denominazione. */
export const contactResponse = z.object({
  ...recordFields,
  kind: z.enum(CONTACT_KINDS),
  companyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  code: z.string(),
  isCustomer: z.boolean(),
  isSupplier: z.boolean(),
  vatCountry: z.string(),
  vatNumber: z.string(),
  fiscalCode: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  email: z.string(),
  pec: z.string(),
  phone: z.string(),
  mobile: z.string(),
  website: z.string(),
  sdiCode: z.string(),
  publicAdministration: z.boolean(),
  splitPayment: z.boolean(),
  withholdingAgent: z.boolean(),
  hourlyPrice: z.number().int().nullable(),
  customerPaymentModality: optionSchema.nullable(),
  customerBankAccount: optionSchema.nullable(),
  supplierPaymentModality: optionSchema.nullable(),
  supplierBankAccount: optionSchema.nullable(),
  agent: optionSchema.nullable(),
  notes: z.string(),
  referents: z.array(contactReferentResponse),
});
export type ContactJson = z.infer<typeof contactResponse>;

export interface ContactFormData {
  /** The tenant's payment modalities, bank accounts and agents, for the defaults (ROLE_USER may not list them otherwise). */
  paymentModalities: Option[];
  bankAccounts: Option[];
  agents: Option[];
  /** The tenant wants a code on every contact (Impostazioni). */
  contactWithCode: boolean;
  /** The tenant's hourly price (cents), used when the contact has none. */
  tenantHourlyPrice: number;
}

// ---- the list's parameters (GET /api/contacts addedParams, get-filtered-list)

export const CONTACT_TYPOLOGIES = ["ALL", "PERSON", "COMPANY"] as const;
export type ContactTypology = (typeof CONTACT_TYPOLOGIES)[number];
/** 'Tipologia' (spec §3 customer typology). */
export const CONTACT_TYPOLOGY_LABELS: Record<ContactTypology, string> = { ALL: "Tutti", PERSON: "Persone fisiche", COMPANY: "Persone giuridiche" };

export const CONTACT_ROLES = ["CUSTOMER", "SUPPLIER"] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export const CONTACT_LIST_MESSAGES = {
  typology: 'Parametro "typology" non valido: usare ALL, PERSON o COMPANY',
  role: 'Parametro "role" non valido: usare CUSTOMER o SUPPLIER',
} as const;

/** The grid's own parameters: Tipologia and the Clienti / Fornitori quick filters. */
export const contactListParams = z.object({
  typology: z.enum(CONTACT_TYPOLOGIES, { error: CONTACT_LIST_MESSAGES.typology }).optional().default("ALL"),
  role: z.enum(CONTACT_ROLES, { error: CONTACT_LIST_MESSAGES.role }).optional(),
});
export type ContactListParams = z.infer<typeof contactListParams>;
