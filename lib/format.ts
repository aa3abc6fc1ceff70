/**
 * Italian display and input helpers (spec §5, §9).
 *
 * Conventions:
 * - Money is an integer scaled by 10^scale (cents = scale 2; the 4- and
 *   8-decimal variants are scale 4 and 8). All scaled arithmetic here is done
 *   with BigInt, never floats.
 * - Display: apostrophe as thousands separator, comma as decimal mark:
 *   123456 cents -> "1'234,56".
 * - Dates are shown as dd/MM/yyyy, times as HH:mm; the placeholder date
 *   0001-01-01 shows as "".
 * - Every function is pure (no locale / Intl dependency) and total: invalid or
 *   missing input formats as "" and parses as null.
 *
 * Self-contained on purpose: lib/money.ts owns cents arithmetic.
 */

export type ScaledInput = number | bigint | null | undefined;

const THOUSANDS_SEPARATOR = "'";
const DECIMAL_SEPARATOR = ",";
const EURO_PREFIX = "€ ";

// ---------------------------------------------------------------------------
// Scaled integers -> text
// ---------------------------------------------------------------------------

function toBigInt(value: number | bigint): bigint | null {
  if (typeof value === "bigint") return value;
  if (!Number.isFinite(value)) return null;
  // Scaled values must already be integers; a stray float (e.g. from JSON
  // arithmetic elsewhere) is rounded to the nearest unit instead of throwing
  // in the middle of a render.
  return BigInt(Math.round(value));
}

function groupThousands(digits: string): string {
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += THOUSANDS_SEPARATOR;
    out += digits[i];
  }
  return out;
}

export interface FormatScaledOptions {
  /** Prefix with "€ " (e.g. "€ 1'234,56"). Default false. */
  currency?: boolean;
  /**
   * Drop trailing zero decimals ("22,50" -> "22,5", "22,00" -> "22").
   * Useful for percentages and quantities; never used for money columns.
   */
  trimZeros?: boolean;
  /** Group thousands with an apostrophe. Default true. */
  grouping?: boolean;
}

/**
 * Formats an integer scaled by 10^scale: formatScaled(123456, 2) -> "1'234,56".
 * null/undefined/NaN -> "".
 */
export function formatScaled(
  value: ScaledInput,
  scale: number,
  options: FormatScaledOptions = {},
): string {
  if (value === null || value === undefined) return "";
  const big = toBigInt(value);
  if (big === null) return "";
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const divisor = 10n ** BigInt(scale);
  const intPart = (abs / divisor).toString();
  let fracPart = scale > 0 ? (abs % divisor).toString().padStart(scale, "0") : "";
  if (options.trimZeros) fracPart = fracPart.replace(/0+$/, "");
  const grouped = options.grouping === false ? intPart : groupThousands(intPart);
  const body = fracPart ? `${grouped}${DECIMAL_SEPARATOR}${fracPart}` : grouped;
  const signed = negative && abs !== 0n ? `-${body}` : body;
  return options.currency ? `${EURO_PREFIX}${signed}` : signed;
}

/** Integer cents -> "1'234,56". */
export function formatMoney(cents: ScaledInput): string {
  return formatScaled(cents, 2);
}

/** Integer cents -> "€ 1'234,56". */
export function formatEuro(cents: ScaledInput): string {
  return formatScaled(cents, 2, { currency: true });
}

/** Amount scaled by 1e4 -> "1'234,5678"; pass { currency: true } for "€ ". */
export function formatMoney4(value: ScaledInput, options: { currency?: boolean } = {}): string {
  return formatScaled(value, 4, options);
}

/** Amount scaled by 1e8 -> "1'234,56789012"; pass { currency: true } for "€ ". */
export function formatMoney8(value: ScaledInput, options: { currency?: boolean } = {}): string {
  return formatScaled(value, 8, options);
}

/**
 * A percentage stored scaled by 10^scale (default 2: 2200 -> "22%"):
 * trailing zero decimals are dropped ("22,5%").
 */
export function formatPercent(value: ScaledInput, scale = 2): string {
  const text = formatScaled(value, scale, { trimZeros: true });
  return text === "" ? "" : `${text}%`;
}

// ---------------------------------------------------------------------------
// Text -> scaled integers
// ---------------------------------------------------------------------------

/**
 * A decimal as the database and machine formats write it ("0.333", "2.34500000", "22.00", "-1.5"): the dot is
 * always the decimal mark, never a thousands separator (parseDecimalBig, for what people type, reads "0.333" as
 * 333). Scaled by 10^scale, extra digits rounded half away from zero; null when the text is not such a decimal.
 */
export function parseStoredDecimal(input: string | null | undefined, scale: number): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(input ?? "").trim());
  if (!m) return null;
  const digits = (m[3] ?? "").padEnd(scale + 1, "0");
  let scaled = BigInt(m[2]! + digits.slice(0, scale));
  if (Number(digits[scale]) >= 5) scaled += 1n;
  return m[1] ? -scaled : scaled;
}

/**
 * Parses user input with a comma as decimal mark into an integer scaled by
 * 10^scale, as a BigInt. Returns null when the text is not a number.
 *
 * Accepted: optional sign, optional "€", optional trailing "%", spaces.
 * Grouping: dots (de-DE input locale), apostrophes and spaces are thousands
 * separators. When there is no comma, a single dot that cannot be a thousands
 * separator ("1.5", "12.34") is read as the decimal mark, so pasted English
 * numbers still work; "1.234" stays one thousand two hundred thirty-four.
 * Extra decimals are rounded half away from zero ("1,005" at scale 2 -> 101).
 * Empty input -> null.
 */
export function parseDecimalBig(input: string | null | undefined, scale = 2): bigint | null {
  if (input === null || input === undefined) return null;
  let text = String(input).trim().replace(/\u00a0/g, " ");
  if (text.endsWith("%")) text = text.slice(0, -1).trim();
  text = text.replace(/^€\s*/, "").replace(/\s*€$/, "");
  let negative = false;
  if (text.startsWith("-") || text.startsWith("+")) {
    negative = text[0] === "-";
    text = text.slice(1).trim();
  }
  text = text.replace(/^€\s*/, "");
  if (text === "") return null;
  if (!/^[0-9.,' ]+$/.test(text)) return null;

  let intText: string;
  let fracText: string;
  const commaCount = (text.match(/,/g) ?? []).length;
  if (commaCount > 1) return null;
  if (commaCount === 1) {
    [intText, fracText] = text.split(",") as [string, string];
    if (/[.' ]/.test(fracText)) return null;
    if (!isValidGrouping(intText)) return null;
    intText = intText.replace(/[.' ]/g, "");
  } else if (isValidGrouping(text)) {
    intText = text.replace(/[.' ]/g, "");
    fracText = "";
  } else if ((text.match(/\./g) ?? []).length === 1 && !/[' ]/.test(text)) {
    [intText, fracText] = text.split(".") as [string, string];
  } else {
    return null;
  }
  if (intText === "" && fracText === "") return null;
  if (!/^\d*$/.test(intText) || !/^\d*$/.test(fracText)) return null;

  const kept = fracText.slice(0, scale).padEnd(scale, "0");
  let result = BigInt((intText || "0") + kept);
  const nextDigit = fracText.charCodeAt(scale) - 48; // NaN when absent
  if (nextDigit >= 5) result += 1n;
  return negative ? -result : result;
}

/** Digits with an optional thousands grouping by '.', "'" or ' ' (one kind). */
function isValidGrouping(text: string): boolean {
  if (text === "") return true;
  if (/^\d+$/.test(text)) return true;
  const sep = text.match(/[.' ]/)?.[0];
  if (!sep) return false;
  const groups = text.split(sep);
  const [first, ...rest] = groups as [string, ...string[]];
  return /^\d{1,3}$/.test(first) && rest.every((g) => /^\d{3}$/.test(g));
}

/**
 * Like parseDecimalBig but returns a plain number (still an integer scaled by
 * 10^scale); null on invalid input or when the result is not a safe integer.
 *   parseDecimal("1.234,5") -> 123450, parseDecimal("22%") -> 2200,
 *   parseDecimal("7,5", 4) -> 75000
 */
export function parseDecimal(input: string | null | undefined, scale = 2): number | null {
  const big = parseDecimalBig(input, scale);
  if (big === null) return null;
  if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(big);
}

/** Money input -> integer cents: "12,34" -> 1234, "€ 1.234" -> 123400. A "%" is refused. */
export function parseCents(input: string | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (String(input).trim().endsWith("%")) return null;
  return parseDecimal(input, 2);
}

/** The spec's decimal pattern: optional minus followed by digits, dots or commas. */
export const DECIMAL_PATTERN = /^-?[0-9.,]+$/;

/** True when the text matches the decimal pattern (spec §5); empty is not decimal. */
export function isDecimalText(input: string | null | undefined): boolean {
  return typeof input === "string" && DECIMAL_PATTERN.test(input.trim());
}

/**
 * Currency filter inputs accept only digits, minus and comma (spec §5).
 * Strips any other character, keeps a minus only as the first character and
 * only the first comma: "€ -1.2a3,4,5" -> "-123,45".
 */
export function filterCurrencyInput(input: string): string {
  let out = "";
  let hasComma = false;
  for (const ch of input) {
    if (ch >= "0" && ch <= "9") out += ch;
    else if (ch === "-" && out === "") out += ch;
    else if (ch === "," && !hasComma) {
      hasComma = true;
      out += ch;
    }
  }
  return out;
}

/**
 * Reads a filtered currency input (a comma is the decimal point) into cents.
 * "-12,5" -> -1250; "" / "-" / "," -> null.
 */
export function parseCurrencyFilter(input: string): number | null {
  const filtered = filterCurrencyInput(input);
  if (!/\d/.test(filtered)) return null;
  return parseDecimal(filtered, 2);
}

// ---------------------------------------------------------------------------
// Dates and times
// ---------------------------------------------------------------------------

export type DateInput = Date | string | null | undefined;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PLACEHOLDER_DATE = "0001-01-01";

const pad2 = (n: number) => String(n).padStart(2, "0");
const pad4 = (n: number) => String(n).padStart(4, "0");

/** A calendar day PostgreSQL stores: years 1-9999 (year 0 does not exist; 10000+ is out of range). */
function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  // Day 0 of the next month is the last day of this month (UTC: no DST games).
  const last = new Date(Date.UTC(2000, m, 0)).getUTCDate();
  const isLeap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const max = m === 2 ? (isLeap ? 29 : 28) : last;
  return d <= max;
}

/** Local calendar date, built without the Date constructor's 0-99 year quirk. */
function localDate(y: number, m: number, d: number): Date {
  const date = new Date(2000, m - 1, d);
  date.setFullYear(y);
  return date;
}

/**
 * Turns the accepted inputs into a Date:
 * - "yyyy-MM-dd" is a calendar date, read in local time (no UTC shift);
 * - other strings (ISO date-times) go through the Date parser;
 * - Date objects pass through. Invalid -> null.
 */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = String(value).trim();
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    return isRealDate(y, m, d) ? localDate(y, m, d) : null;
  }
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function isPlaceholder(value: DateInput): boolean {
  if (typeof value === "string") return value.trim().startsWith(PLACEHOLDER_DATE);
  return value instanceof Date && value.getFullYear() === 1 && value.getMonth() === 0 && value.getDate() === 1;
}

/** "2024-03-05" / Date -> "05/03/2024"; null, invalid and 0001-01-01 -> "". */
export function formatDate(value: DateInput): string {
  if (isPlaceholder(value)) return "";
  const date = toDate(value);
  if (!date) return "";
  return `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${pad4(date.getFullYear())}`;
}

/** Date-time -> "HH:mm". Also accepts plain "HH:mm" / "HH:mm:ss" strings. */
export function formatTime(value: DateInput): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") {
    const plain = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
    if (plain) {
      const h = Number(plain[1]);
      const m = Number(plain[2]);
      return h < 24 && m < 60 ? `${pad2(h)}:${pad2(m)}` : "";
    }
    if (ISO_DATE.test(value.trim())) return "";
  }
  if (isPlaceholder(value)) return "";
  const date = toDate(value);
  if (!date) return "";
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** "05/03/2024 14:30"; "" for missing/invalid/placeholder values. */
export function formatDateTime(value: DateInput): string {
  const d = formatDate(value);
  if (!d) return "";
  return `${d} ${formatTime(toDate(value))}`;
}

/**
 * Parses "dd/MM/yyyy" (1- or 2-digit day and month, 4-digit year; '-' and '.'
 * also accepted as separators) into a local Date at midnight. Impossible dates
 * such as 31/02/2024 -> null.
 */
export function parseDate(input: string | null | undefined): Date | null {
  if (!input) return null;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(input.trim());
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(y, m, d)) return null;
  return localDate(y, m, d);
}

/** Date (local calendar day) -> "yyyy-MM-dd", the wire format for dates. */
export function toIsoDate(date: Date): string {
  return `${pad4(date.getFullYear())}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** "05/03/2024" -> "2024-03-05"; invalid -> null. */
export function parseDateToIso(input: string | null | undefined): string | null {
  const date = parseDate(input);
  return date ? toIsoDate(date) : null;
}

/** "9:05" / "09.05" / "0905" -> "09:05"; invalid -> null. */
export function parseTime(input: string | null | undefined): string | null {
  if (!input) return null;
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(input.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 23 || m > 59) return null;
  return `${pad2(h)}:${pad2(m)}`;
}

// ---------------------------------------------------------------------------
// Durations
// ---------------------------------------------------------------------------

/**
 * Elapsed time in Italian (spec §9: over 60 minutes in hours, else minutes).
 *
 * Format chosen:
 * - up to 60 minutes: "N minuti" ("1 minuto" for exactly one, "0 minuti");
 * - over 60 minutes: decimal hours with at most 2 decimals, rounded half up,
 *   trailing zeros dropped, thousands grouped: 90 -> "1,5 ore",
 *   61 -> "1,02 ore", 120 -> "2 ore", 125 -> "2,08 ore".
 * Fractional minutes are rounded to the nearest minute first; negative values
 * keep their sign ("-5 minuti"). Non-finite -> "".
 */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return "";
  const whole = Math.round(minutes);
  const abs = Math.abs(whole);
  const sign = whole < 0 ? "-" : "";
  if (abs <= 60) return `${sign}${abs} ${abs === 1 ? "minuto" : "minuti"}`;
  // Hundredths of an hour, rounded half up, in integer math.
  const hundredths = Math.floor((abs * 100 + 30) / 60);
  return `${sign}${formatScaled(hundredths, 2, { trimZeros: true })} ore`;
}

/** Whole minutes between two instants (end - start), truncated toward zero. */
export function diffMinutes(start: DateInput, end: DateInput): number | null {
  const a = toDate(start);
  const b = toDate(end);
  if (!a || !b) return null;
  return Math.trunc((b.getTime() - a.getTime()) / 60_000);
}

/** formatDuration(diffMinutes(start, end)); "" when either is missing. */
export function formatTimeDiff(start: DateInput, end: DateInput): string {
  const minutes = diffMinutes(start, end);
  return minutes === null ? "" : formatDuration(minutes);
}
