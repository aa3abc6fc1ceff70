/** Small normalisers every statement parser applies, so that the formats agree on one ParsedMovement. */
import { MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, MAX_REFERENCE_CHARS } from "./types";

/** Whitespace (newlines, tabs, NBSP) collapsed to one space and trimmed. */
export function collapse(s: string | null | undefined): string {
  if (!s) return "";
  return s.replace(/[\s\u00a0]+/g, " ").trim();
}

/** Collapsed and cut to `max` characters (never in the middle of a surrogate pair). */
export function clip(s: string | null | undefined, max: number): string {
  const c = collapse(s);
  if (c.length <= max) return c;
  const cut = Array.from(c).slice(0, max).join("");
  return cut.trimEnd();
}

export const description = (s: string | null | undefined) => clip(s, MAX_DESCRIPTION_CHARS);
export const nameOrNull = (s: string | null | undefined) => clip(s, MAX_NAME_CHARS) || null;
export const referenceOrNull = (s: string | null | undefined) => clip(s, MAX_REFERENCE_CHARS) || null;

/** Upper case without spaces; null unless it has an IBAN's shape (country, check digits, 11-30 characters). */
export function ibanOrNull(s: string | null | undefined): string | null {
  if (!s) return null;
  const v = s.replace(/[\s\u00a0-]+/g, "").toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v) ? v : null;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for a real calendar date 'YYYY-MM-DD' between 1900 and 2199. */
export function isIsoDate(s: string): boolean {
  if (s.length !== 10 || s[4] !== "-" || s[7] !== "-") return false;
  const y = Number(s.slice(0, 4));
  const mo = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || y < 1900 || y > 2199 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (mo === 2 && leap ? 29 : DAYS[mo - 1]);
}

/** 'YYYY-MM-DD' from its parts, or null when the date does not exist. */
export function isoDate(y: number, m: number, d: number): string | null {
  const s = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return isIsoDate(s) ? s : null;
}

/** Two-digit years of CBI records and "dd/mm/yy" cells: 80-99 → 1980-1999, else 2000-2079. */
export const fullYear = (yy: number) => (yy >= 80 ? 1900 + yy : 2000 + yy);
