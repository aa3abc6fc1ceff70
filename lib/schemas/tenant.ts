import { z } from "zod";
import { REGIMI_FISCALI, isCode } from "@/lib/fiscal/codes";
import { checkCap, checkCodiceFiscale, checkPartitaIva, checkProvincia, normalizeIdentifier } from "@/lib/fiscal/identifiers";
import { centsField, decimalString, email, optionalEntityRef, text, timeField, versionField } from "./fields";

export const TENANT_MESSAGES = {
  denomination: 'Il campo "Ragione sociale" è richiesto',
  taxRegime: 'Il campo "Regime fiscale" è richiesto',
  inpsRevenge: 'Il campo "% Rivalsa INPS" non è un numero decimale corretto',
  professionistFund: 'Il campo "% Cassa professionisti" non è un numero decimale corretto',
  withholdingTaxPercentage: "Il campo \"% Ritenuta d'acconto\" non è un numero decimale corretto",
  marginCalendarStart: "Mostrare del tempo in agenda prima dell'apertura attività",
  marginCalendarEnd: "Mostrare del tempo in agenda dopo la chiusura attività",
  percentRange: "Le percentuali devono essere comprese tra 0 e 100",
  officeTimeStart: 'Il campo "Inizio attività" deve essere un orario HH:mm',
  officeTimeEnd: 'Il campo "Fine attività" deve essere un orario HH:mm',
  officeTimeOrder: "L'orario di fine attività deve essere successivo a quello di inizio",
  hourlyPrice: 'Il campo "Prezzo orario" non è un importo valido',
  stampAmount: 'Il campo "Valore marca da bollo virtuale" non è un importo valido',
} as const;

/**
 * The bollo's settings as the modal says them (rules §3.5): the law makes the €2.00 due above €77.47 not subject to
 * VAT, so the box only says who bears it (stampApply: the issuer), and an amount other than the law's is warned about.
 */
export const STAMP_SETTINGS = {
  borneByIssuer: "Marca da bollo a proprio carico (non addebitata al cliente)",
  hint: "L'imposta di bollo di 2,00 € è dovuta per legge quando gli importi non soggetti a IVA superano 77,47 €. Senza la spunta è addebitata al cliente con la riga 'Imposta di bollo'.",
  amount: "Valore marca da bollo virtuale",
  amountWarning: "L'imposta di bollo prevista dalla legge è di 2,00 €",
  /** The law's amount, in cents. */
  lawAmount: 200,
} as const;

/** Tax regimes offered by the settings (RF01…RF20 without RF03) with their names. */
export const TAX_REGIMES = Object.entries(REGIMI_FISCALI).map(([code, label]) => ({ code, label }));

/** Calendar margin choices in minutes (spec section 3). */
export const CALENDAR_MARGINS = [0, 30, 60, 120] as const;

/** An identifier checked with `check` when filled; empty stays "". */
function optionalIdentifier(check: (v: string) => string | null, normalize = normalizeIdentifier) {
  return z
    .string({ error: "Il campo non è valido" })
    .transform((v) => (v.trim() === "" ? "" : normalize(v)))
    .superRefine((v, ctx) => {
      const message = v === "" ? null : check(v);
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .optional();
}

const freeText = (max: number) => text(undefined, max).optional();
const flag = (label: string) => z.boolean({ error: `Il campo "${label}" non è valido` }).optional();
const margin = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === "string" ? (v.trim() === "" ? NaN : Number(v)) : v;
    if (!(CALENDAR_MARGINS as readonly number[]).includes(n)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

/**
 * Impostazioni (POST /api/tenants/post-actual, field "tenant"). Shared with the settings modal.
 * Fields left out are not changed; denomination, taxRegime and the calendar margins are required.
 */
export const tenantSettingsSchema = z
  .object({
    // Dati principali
    denomination: text(TENANT_MESSAGES.denomination, 200),
    fiscalCode: optionalIdentifier(checkCodiceFiscale),
    vat: optionalIdentifier(checkPartitaIva, (v) => normalizeIdentifier(v).replace(/^IT(?=\d{11}$)/, "")),
    address: freeText(200),
    city: freeText(100),
    postalCode: optionalIdentifier(checkCap, (v) => v.trim()),
    province: optionalIdentifier(checkProvincia, (v) => v.trim().toUpperCase()),
    phone: freeText(50),
    email: z.union([z.literal(""), email()]).optional(),
    // Impostazioni anagrafiche/preventivi
    hourlyPrice: centsField(TENANT_MESSAGES.hourlyPrice, { min: 0 }).optional(),
    contactWithCode: flag("Codice obbligatorio per i contatti"),
    footer: freeText(2000),
    invoiceProformaDetails: freeText(5000),
    // Impostazioni fatturazione
    invoiceDetails: freeText(5000),
    taxRegime: z
      .string({ error: TENANT_MESSAGES.taxRegime })
      .trim()
      .min(1, TENANT_MESSAGES.taxRegime)
      .refine((v) => isCode(REGIMI_FISCALI, v), TENANT_MESSAGES.taxRegime),
    paymentModality: optionalEntityRef,
    inpsRevengeName: freeText(100),
    inpsRevenge: decimalString(TENANT_MESSAGES.inpsRevenge, { empty: "0.00", rangeMessage: TENANT_MESSAGES.percentRange }).optional(),
    professionistFundName: freeText(100),
    professionistFund: decimalString(TENANT_MESSAGES.professionistFund, { empty: "0.00", rangeMessage: TENANT_MESSAGES.percentRange }).optional(),
    withholdingTaxApply: flag("Ritenuta d'acconto"),
    withholdingTaxPercentage: decimalString(TENANT_MESSAGES.withholdingTaxPercentage, { empty: "0.00", rangeMessage: TENANT_MESSAGES.percentRange }).optional(),
    /** The issuer bears the bollo (not recharged); the bollo itself is due by law (STAMP_SETTINGS). */
    stampApply: flag("Marca da bollo a proprio carico"),
    stampAmount: centsField(TENANT_MESSAGES.stampAmount, { min: 0 }).optional(),
    invoiceCheckNumerationDates: flag("Controllo date e numerazione"),
    invoiceEmailSubject: freeText(300),
    invoiceEmailBody: freeText(20000),
    // Impostazioni agenda
    officeTimeStart: timeField(TENANT_MESSAGES.officeTimeStart).optional(),
    officeTimeEnd: timeField(TENANT_MESSAGES.officeTimeEnd).optional(),
    marginCalendarStart: margin(TENANT_MESSAGES.marginCalendarStart),
    marginCalendarEnd: margin(TENANT_MESSAGES.marginCalendarEnd),
    hideSaturday: flag("Nascondi sabato"),
    hideSunday: flag("Nascondi domenica"),
    // Sicurezza: every user logs in with a second factor (a user without it is led to set it up)
    twoFactorRequired: flag("Autenticazione a due fattori obbligatoria"),
    // Banca (issue 32): an import applies a movement's top suggestion when it is certain (number and amount)
    bankAutoMatch: flag("Abbinamento automatico dei movimenti bancari"),
    version: versionField,
  })
  .superRefine((v, ctx) => {
    // only two well-formed times are compared (a malformed one already has its own message)
    const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
    if (v.officeTimeStart && v.officeTimeEnd && hhmm.test(v.officeTimeStart) && hhmm.test(v.officeTimeEnd) && v.officeTimeStart >= v.officeTimeEnd) {
      ctx.addIssue({ code: "custom", message: TENANT_MESSAGES.officeTimeOrder, path: ["officeTimeEnd"] });
    }
  });
export type TenantSettingsInput = z.infer<typeof tenantSettingsSchema>;

/**
 * Placeholders of the invoice e-mail's subject and body (Impostazioni fatturazione), replaced when an
 * invoice is sent. The body is plain text: a blank line separates paragraphs (lib/mail/text.ts turns it
 * into the HTML part), so nobody has to write HTML.
 */
export const EMAIL_PLACEHOLDERS = {
  "{numero}": "numero del documento",
  "{data}": "data del documento",
  "{cliente}": "denominazione del cliente",
  "{totale}": "totale del documento",
} as const;

export const EMAIL_PLACEHOLDERS_HINT = `Segnaposto: ${Object.keys(EMAIL_PLACEHOLDERS).join(", ")}.`;
