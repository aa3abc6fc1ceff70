/**
 * Italian identifiers: Partita IVA, Codice Fiscale (with omocodia), IBAN, CAP, province.
 * Each `check*` returns the Italian error message, or null when the value is valid; values are
 * expected already normalised with `normalizeIdentifier` (the zod schemas do it for you).
 */
import { z } from "zod";
import { PROVINCE } from "./codes";

/** Trims, removes inner spaces and uppercases: " it 60 x 0542..." → "IT60X0542...". */
export function normalizeIdentifier(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

function luhnCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = first10.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The 11th digit of a Partita IVA (or numeric codice fiscale) from its first ten (rules §6.1). */
export function partitaIvaCheckDigit(first10: string): string {
  if (!/^\d{10}$/.test(first10)) throw new Error("servono 10 cifre");
  return String(luhnCheckDigit(first10));
}

/** Partita IVA: 11 digits, Luhn check digit (rules §6.1). A leading "IT" is tolerated. */
export function checkPartitaIva(value: string): string | null {
  let v = normalizeIdentifier(value);
  if (v.startsWith("IT")) v = v.slice(2);
  if (!/^\d{11}$/.test(v)) return "La partita IVA deve essere composta da 11 cifre";
  if (/^0{11}$/.test(v)) return "La partita IVA non è valida";
  if (luhnCheckDigit(v) !== v.charCodeAt(10) - 48) return "La partita IVA non è valida (cifra di controllo errata)";
  return null;
}

export function isPartitaIva(value: string): boolean {
  return checkPartitaIva(value) === null;
}

const CF_ODD: Record<string, number> = {
  "0": 1, "1": 0, "2": 5, "3": 7, "4": 9, "5": 13, "6": 15, "7": 17, "8": 19, "9": 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18, N: 20,
  O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};
const CF_PATTERN = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const OMOCODIA = "LMNPQRSTUV"; // 0..9
const OMOCODIA_POSITIONS = [6, 7, 9, 10, 12, 13, 14]; // 0-based positions of digits

/** Check character of the first 15 characters of a personal Codice Fiscale. */
export function codiceFiscaleCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i];
    if (i % 2 === 0) sum += CF_ODD[c];
    else sum += c >= "0" && c <= "9" ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Replaces omocodia letters in the numeric positions with their digits (RSSMRA85T10A56NH → RSSMRA85T10A562H). */
export function decodeOmocodia(cf: string): string {
  const chars = cf.split("");
  for (const p of OMOCODIA_POSITIONS) {
    const k = OMOCODIA.indexOf(chars[p]);
    if (k >= 0) chars[p] = String(k);
  }
  return chars.join("");
}

/**
 * Codice Fiscale: 16-character personal code (check character, omocodia accepted, plausible
 * day of birth) or 11-digit numeric code of entities (Partita IVA algorithm).
 */
export function checkCodiceFiscale(value: string): string | null {
  const v = normalizeIdentifier(value);
  if (/^\d{11}$/.test(v)) {
    return checkPartitaIva(v) === null ? null : "Il codice fiscale numerico non è valido (cifra di controllo errata)";
  }
  if (v.length !== 16) return "Il codice fiscale deve essere di 16 caratteri (11 cifre per le società)";
  if (!CF_PATTERN.test(v)) return "Il codice fiscale non ha un formato valido";
  const decoded = decodeOmocodia(v);
  const day = Number(decoded.slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return "Il codice fiscale contiene un giorno di nascita non valido";
  if (codiceFiscaleCheckChar(v.slice(0, 15)) !== v[15]) return "Il codice fiscale non è valido (carattere di controllo errato)";
  return null;
}

export function isCodiceFiscale(value: string): boolean {
  return checkCodiceFiscale(value) === null;
}

const IBAN_LENGTHS: Record<string, number> = {
  IT: 27, SM: 27, VA: 22, DE: 22, FR: 27, ES: 24, AT: 20, BE: 16, CH: 21, GB: 22, NL: 18, PT: 25, LU: 20, IE: 22,
};

/** IBAN: shape, country length (for the common countries) and ISO 13616 mod-97 (rules §6.3). */
export function checkIban(value: string): string | null {
  const v = normalizeIdentifier(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v)) return "L'IBAN non ha un formato valido";
  const expected = IBAN_LENGTHS[v.slice(0, 2)];
  if (expected !== undefined && v.length !== expected) {
    return `L'IBAN ${v.slice(0, 2)} deve essere di ${expected} caratteri`;
  }
  if (v.startsWith("IT") && !/^IT\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/.test(v)) return "L'IBAN italiano non ha un formato valido";
  const rearranged = v.slice(4) + v.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const n = code >= 65 ? code - 55 : code - 48;
    rest = n >= 10 ? (rest * 100 + n) % 97 : (rest * 10 + n) % 97;
  }
  if (rest !== 1) return "L'IBAN non è valido (codice di controllo errato)";
  return null;
}

export function isIban(value: string): boolean {
  return checkIban(value) === null;
}

/** CAP: 5 digits ("00000" for foreign addresses). */
export function checkCap(value: string): string | null {
  return /^\d{5}$/.test(value.trim()) ? null : "Il CAP deve essere composto da 5 cifre";
}

const PROVINCE_SET: ReadonlySet<string> = new Set(PROVINCE);
/** Province: an Italian two-letter code (sigla automobilistica). */
export function checkProvincia(value: string): string | null {
  const v = value.trim().toUpperCase();
  return PROVINCE_SET.has(v) ? null : "La sigla della provincia non è valida";
}

// ---------------------------------------------------------------------------------------------
// zod field schemas, for forms and handlers. They normalise (trim, uppercase, no inner spaces).

function identifierSchema(check: (v: string) => string | null, normalize: (v: string) => string = normalizeIdentifier) {
  return z
    .string({ error: "Il campo è richiesto" })
    .transform(normalize)
    .superRefine((v, ctx) => {
      const message = check(v);
      if (message) ctx.addIssue({ code: "custom", message });
    });
}

export const partitaIvaSchema = identifierSchema(checkPartitaIva, (v) => normalizeIdentifier(v).replace(/^IT(?=\d{11}$)/, ""));
export const codiceFiscaleSchema = identifierSchema(checkCodiceFiscale);
export const ibanSchema = identifierSchema(checkIban);
export const capSchema = identifierSchema(checkCap, (v) => v.trim());
export const provinciaSchema = identifierSchema(checkProvincia, (v) => v.trim().toUpperCase());
/** CodiceDestinatario: 6 (PA) or 7 uppercase letters/digits. */
export const codiceDestinatarioSchema = identifierSchema((v) =>
  /^[A-Z0-9]{6,7}$/.test(v) ? null : "Il codice destinatario deve essere di 6 (PA) o 7 caratteri alfanumerici",
);
