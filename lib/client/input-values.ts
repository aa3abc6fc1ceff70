/**
 * Pure text <-> value conversions behind the form inputs (components/form/inputs).
 * Spec §5: comma decimal mark, 2 decimals by default, optional % suffix,
 * dd/MM/yyyy dates with one-day steps, HH:mm times 06:00-22:00 every 30
 * minutes with 5- and 60-minute buttons.
 */
import { formatDate, formatScaled, parseDateToIso, parseDecimalBig, toDate, toIsoDate } from "@/lib/format";

export const NOT_NUMERIC_MESSAGE = "Il campo deve essere numerico";
export const NOT_INTEGER_MESSAGE = "Il campo deve essere un numero intero";
export const INVALID_DATE_MESSAGE = "Data non valida (gg/mm/aaaa)";
export const INVALID_TIME_MESSAGE = "Orario non valido (hh:mm)";

/** Outcome of reading what the user typed: a value, empty, or text that is not valid. */
export type ParsedText<T> = { kind: "value"; value: T } | { kind: "empty" } | { kind: "invalid"; message: string };

/** The spec's decimal pattern (optional minus, then digits, dots or commas), allowing a trailing % and spaces. */
const DECIMAL_TEXT = /^\s*-?\s*[0-9.,' ]+\s*%?\s*$/;

// ---------------------------------------------------------------------------
// Money (integer cents)
// ---------------------------------------------------------------------------

/** "1.234,56" / "12,5" / "€ 3" -> cents; "" -> empty; anything else (including "%") -> invalid. */
export function parseMoneyText(text: string): ParsedText<number> {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "empty" };
  if (trimmed.endsWith("%")) return { kind: "invalid", message: NOT_NUMERIC_MESSAGE };
  const big = parseDecimalBig(trimmed.replace(/^€\s*/, ""), 2);
  if (big === null || big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) {
    return { kind: "invalid", message: NOT_NUMERIC_MESSAGE };
  }
  return { kind: "value", value: Number(big) };
}

/** Cents as shown in a blurred money input: 123456 -> "1'234,56". */
export function formatMoneyText(cents: number | null | undefined): string {
  return typeof cents === "number" && Number.isFinite(cents) ? formatScaled(cents, 2) : "";
}

/** Cents as shown while editing (no grouping, easy to change): 123456 -> "1234,56". */
export function formatMoneyEditText(cents: number | null | undefined): string {
  return typeof cents === "number" && Number.isFinite(cents) ? formatScaled(cents, 2, { grouping: false }) : "";
}

// ---------------------------------------------------------------------------
// Decimals (dot-decimal strings, the wire format of numeric columns)
// ---------------------------------------------------------------------------

function scaledToDotString(value: bigint, scale: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const divisor = 10n ** BigInt(scale);
  const int = (abs / divisor).toString();
  const frac = scale > 0 ? `.${(abs % divisor).toString().padStart(scale, "0")}` : "";
  return `${negative && abs !== 0n ? "-" : ""}${int}${frac}`;
}

/** "22,5" / "22.5" / "22,5 %" -> "22.50" (scale 2); "" -> empty; "abc" -> invalid. */
export function parseDecimalText(text: string, scale = 2): ParsedText<string> {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "empty" };
  if (!DECIMAL_TEXT.test(trimmed)) return { kind: "invalid", message: NOT_NUMERIC_MESSAGE };
  const big = parseDecimalBig(trimmed, scale);
  if (big === null) return { kind: "invalid", message: NOT_NUMERIC_MESSAGE };
  return { kind: "value", value: scaledToDotString(big, scale) };
}

/** "22.5" (or a number) -> "22,50" at scale 2; a value that is not a decimal is shown as is. */
export function formatDecimalText(value: string | number | null | undefined, scale = 2): string {
  if (value === null || value === undefined || value === "") return "";
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const big = parseDecimalBig(text.includes(".") ? text.replace(".", ",") : text, scale);
  return big === null ? text : formatScaled(big, scale, { grouping: false });
}

// ---------------------------------------------------------------------------
// Integers
// ---------------------------------------------------------------------------

export function parseIntegerText(text: string): ParsedText<number> {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "empty" };
  if (!/^[-+]?\d+$/.test(trimmed)) return { kind: "invalid", message: NOT_INTEGER_MESSAGE };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value)) return { kind: "invalid", message: NOT_INTEGER_MESSAGE };
  return { kind: "value", value };
}

export function formatIntegerText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  return String(value);
}

// ---------------------------------------------------------------------------
// Dates ('yyyy-MM-dd' on the wire, dd/MM/yyyy on screen)
// ---------------------------------------------------------------------------

export function parseDateText(text: string): ParsedText<string> {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "empty" };
  const iso = parseDateToIso(trimmed);
  return iso ? { kind: "value", value: iso } : { kind: "invalid", message: INVALID_DATE_MESSAGE };
}

export function formatDateText(iso: string | null | undefined): string {
  return formatDate(iso ?? null);
}

/** One calendar day step (DST-safe: works on local calendar dates). Empty -> today. */
export function stepDate(iso: string | null | undefined, days: number, today: Date = new Date()): string {
  const base = toDate(iso ?? null) ?? new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const next = new Date(base.getFullYear(), base.getMonth(), base.getDate() + days);
  if (base.getFullYear() < 100) next.setFullYear(base.getFullYear());
  return toIsoDate(next);
}

// ---------------------------------------------------------------------------
// Times ('HH:mm')
// ---------------------------------------------------------------------------

export const DEFAULT_TIME_START = "06:00";
export const DEFAULT_TIME_END = "22:00";
export const DEFAULT_TIME_STEP = 30;

export function timeToMinutes(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  return h < 24 && m < 60 ? h * 60 + m : null;
}

export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** The select's choices: start..end inclusive every stepMinutes ("06:00", "06:30", ... "22:00"). */
export function timeOptions(start = DEFAULT_TIME_START, end = DEFAULT_TIME_END, stepMinutes = DEFAULT_TIME_STEP): string[] {
  const from = timeToMinutes(start) ?? 0;
  const to = timeToMinutes(end) ?? 23 * 60 + 59;
  const out: string[] = [];
  for (let t = from; t <= to; t += Math.max(1, stepMinutes)) out.push(minutesToTime(t));
  return out;
}

/**
 * Moves a time by deltaMinutes, staying within the day (00:00..23:59).
 * An empty or invalid time starts from `fallback` (the range start) without moving.
 */
export function stepTime(time: string | null | undefined, deltaMinutes: number, fallback = DEFAULT_TIME_START): string {
  const current = time ? timeToMinutes(time) : null;
  if (current === null) return fallback;
  return minutesToTime(Math.min(23 * 60 + 59, Math.max(0, current + deltaMinutes)));
}

// ---------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------

export const MB = 1024 * 1024;

/** Bytes as Italian text: 104857600 -> "100 MB", 1536 -> "1,5 KB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"] as const;
  let value = bytes / 1024;
  let unit: (typeof units)[number] = "KB";
  for (const u of units.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = u;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${String(rounded).replace(".", ",")} ${unit}`;
}
