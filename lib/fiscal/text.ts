/**
 * Text made safe for the FatturaPA "Latin" fields (Basic Latin + Latin-1 Supplement) and the
 * ASCII-only "BasicLatin" fields, within the schema's length bounds.
 */

const REPLACEMENTS: Record<string, string> = {
  "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'",
  "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
  "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
  "\u2026": "...", "\u20ac": "EUR", "\u2022": "-", "\u00a0": " ", "\u2009": " ", "\u202f": " ",
  "\u0152": "OE", "\u0153": "oe", "\u0141": "L", "\u0142": "l", "\u0110": "D", "\u0111": "d", "\u0131": "i", "\u2122": "TM", "\u2264": "<=", "\u2265": ">=",
};
const REPLACE_RE = new RegExp(`[${Object.keys(REPLACEMENTS).join("")}]`, "g");

/** Keeps tab, LF, CR and printable Latin-1; maps typographic characters to ASCII; drops the rest. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

export function toLatin1(text: string, maxLength: number): string {
  if (PLAIN_ASCII.test(text)) {
    const t = text.trim();
    return t.length > maxLength ? t.slice(0, maxLength).trimEnd() : t;
  }
  let s = text.normalize("NFC").replace(REPLACE_RE, (c) => REPLACEMENTS[c]);
  // Characters outside Latin-1: keep their base letter when they are accented (ő → o), else drop.
  // eslint-disable-next-line no-control-regex -- tab, LF and CR are named on purpose: they are the control characters FatturaPA's Latin fields allow
  s = s.replace(/[^\x09\x0a\x0d\x20-\x7e\xa1-\xff]/gu, (c) => {
    const base = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    return /^[\x20-\x7e\xa1-\xff]+$/.test(base) ? base : "";
  });
  s = s.trim();
  return s.length > maxLength ? s.slice(0, maxLength).trimEnd() : s;
}

/** ASCII only (accents removed): for Numero, IdDocumento, codes. */
export function toAscii(text: string, maxLength: number): string {
  if (PLAIN_ASCII.test(text)) {
    const t = text.trim();
    return t.length > maxLength ? t.slice(0, maxLength).trimEnd() : t;
  }
  const s = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(REPLACE_RE, (c) => REPLACEMENTS[c])
    .replace(/[^\x20-\x7e]/g, "")
    .trim();
  return s.length > maxLength ? s.slice(0, maxLength).trimEnd() : s;
}

/** True when the text contains only characters the Latin fields accept. */
export function isLatin1Safe(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- tab, LF and CR are named on purpose: they are the control characters FatturaPA's Latin fields allow
  return !/[^\x09\x0a\x0d\x20-\x7e\xa0-\xff]/.test(text);
}

/** Splits a long text into chunks of at most `size` characters (Causale: 200 each). */
export function splitText(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) {
    const chunk = text.slice(i, i + size).trim();
    if (chunk) out.push(chunk);
  }
  return out;
}
