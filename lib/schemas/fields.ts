import { z } from "zod";

// Fallback messages in Italian for anything a schema does not word itself (wrong types, …).
z.config(z.locales.it());

export const REQUIRED = "Il campo è richiesto";
export const EMAIL_INVALID = "Indirizzo email non corretto";

/** Trimmed text; `required` gives the spec's message for an empty value. */
export function text(required?: string, max = 1000) {
  const base = z.string({ error: required ?? REQUIRED }).trim().max(max, `Testo troppo lungo (massimo ${max} caratteri)`);
  return required ? base.min(1, required) : base;
}

export const optionalText = (max = 1000) => text(undefined, max).optional().default("");

export const email = (required?: string) =>
  z
    .string({ error: required ?? REQUIRED })
    .trim()
    .min(1, required ?? REQUIRED)
    .max(254, EMAIL_INVALID)
    .pipe(z.email(EMAIL_INVALID));

export const colorHex = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, "Colore non valido");

/** Optimistic-concurrency version sent back by forms. */
export const versionField = z.number({ error: "Versione non valida" }).int("Versione non valida").min(0, "Versione non valida").max(2_147_483_647, "Versione non valida").optional();

// ---------------------------------------------------------------------------------------------
// Shared field primitives of the entity forms (JSON conventions: money as integer cents,
// decimals as dot-decimal strings "22.00", references as { id, toString }).

/** Largest PostgreSQL integer id. */
const MAX_DB_ID = 2_147_483_647;

/** A reference to another record: { id, toString }. The server checks the id belongs to the tenant. */
export const entityRef = z.object({
  id: z.number({ error: "Riferimento non valido" }).int("Riferimento non valido").positive("Riferimento non valido").max(MAX_DB_ID, "Riferimento non valido"),
  // every object inherits Object.prototype.toString: only an own string counts, anything else is dropped
  toString: z
    .custom<string | undefined>((v) => v === undefined || v === null || typeof v === "string" || v === Object.prototype.toString, "Riferimento non valido")
    .transform((v) => (typeof v === "string" ? v : undefined))
    .optional(),
});
export type EntityRef = z.infer<typeof entityRef>;

/** A reference the record needs: missing or null fails with `required` (e.g. 'Il campo "Cliente" è richiesto'). */
export const requiredRef = (required: string) =>
  z.union([entityRef, z.null(), z.undefined()], { error: "Riferimento non valido" }).refine((v): v is EntityRef => !!v, required);

/** An optional reference: null, undefined or { id, toString }. */
export const optionalEntityRef = entityRef.nullable().optional();

/** Integer cents (money), bounded well inside the safe-integer range (±10^13 €). */
export function centsField(message = "Importo non valido", opts: { min?: number } = {}) {
  const min = opts.min ?? -1e15;
  return z
    .number({ error: message })
    .int(message)
    .min(min, min === 0 ? "L'importo non può essere negativo" : message)
    .max(1e15, message);
}

const DECIMAL_PATTERN = /^\s*-?[\d.,]*\d[\d.,]*\s*%?\s*$/;

/** Parses "22", "22.5", "22,50", "1.234,5", "22%" into a 2-decimal dot string ("22.50"), or null. */
export function normalizeDecimal(value: string | number): string | null {
  const s = String(value).trim();
  if (!DECIMAL_PATTERN.test(s)) return null;
  let body = s.replace(/%$/, "").trim();
  const negative = body.startsWith("-");
  if (negative) body = body.slice(1);
  const lastComma = body.lastIndexOf(",");
  const lastDot = body.lastIndexOf(".");
  let intPart = body;
  let frac = "";
  const mark = lastComma >= 0 && lastDot >= 0 ? (lastComma > lastDot ? "," : ".") : lastComma >= 0 ? "," : lastDot >= 0 ? "." : "";
  if (mark) {
    const idx = body.lastIndexOf(mark);
    const other = mark === "," ? "." : ",";
    intPart = body.slice(0, idx);
    frac = body.slice(idx + 1);
    // one decimal mark only; the other sign may group thousands
    if (intPart.includes(mark) || frac.includes(other)) return null;
    intPart = intPart.split(other).join("");
  }
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(frac) || intPart + frac === "") return null;
  // half-up to 2 decimals, with integer digit arithmetic (no floats)
  const digits = BigInt((intPart || "0") + (frac + "000").slice(0, 3));
  const rounded = (digits + 5n) / 10n;
  if (rounded === 0n) return "0.00";
  const text = rounded.toString().padStart(3, "0");
  return `${negative ? "-" : ""}${text.slice(0, -2)}.${text.slice(-2)}`;
}

/**
 * A decimal field of the forms ("22.5", "22,50", "22%", 22.5) normalised to "22.50".
 * `message` is the spec's "non è un numero decimale corretto" text; an empty value takes
 * `opts.empty` (a default such as "0.00") or fails with `opts.required` (or `message`).
 */
export function decimalString(
  message: string,
  opts: { empty?: string; required?: string; min?: number; max?: number; rangeMessage?: string } = {},
) {
  const min = opts.min ?? 0;
  const max = opts.max ?? 100;
  const rangeMessage = opts.rangeMessage ?? message;
  return z
    .union([z.string(), z.number(), z.null()], { error: (iss) => (iss.input === undefined ? (opts.required ?? message) : message) })
    .transform((v, ctx) => {
      if (typeof v === "number" && !Number.isFinite(v)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      if (v === null || String(v).trim() === "") {
        if (opts.empty !== undefined) return opts.empty;
        ctx.addIssue({ code: "custom", message: opts.required ?? message });
        return z.NEVER;
      }
      const n = normalizeDecimal(v);
      if (n === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const value = Number(n);
      if (value < min || value > max) {
        ctx.addIssue({ code: "custom", message: rangeMessage });
        return z.NEVER;
      }
      return n;
    });
}

/** An integer field (number or numeric string); empty takes `empty` when given. */
export function integerString(message = "Il campo deve essere un numero intero", opts: { empty?: number; min?: number; max?: number; rangeMessage?: string } = {}) {
  const min = opts.min ?? 0;
  const max = opts.max ?? 1_000_000;
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (s === "" && opts.empty !== undefined) return opts.empty;
      if (!/^-?\d{1,9}$/.test(s)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const n = Number(s);
      if (n < min || n > max) {
        ctx.addIssue({ code: "custom", message: opts.rangeMessage ?? `Il valore deve essere compreso tra ${min} e ${max}` });
        return z.NEVER;
      }
      return n;
    });
}

/** A row of an embedded grid: saved rows carry id, new ones a client tempId. */
export const rowIdentity = {
  id: z.number({ error: "Riga non valida" }).int("Riga non valida").positive("Riga non valida").max(MAX_DB_ID, "Riga non valida").optional(),
  tempId: z.union([z.string().max(100), z.number()]).optional(),
  version: versionField,
};

/** Optional e-mail: empty is fine, anything else must be an address ('Indirizzo email non corretto'). */
export const optionalEmail = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .max(254, EMAIL_INVALID)
  .refine((v) => v === "" || z.email().safeParse(v).success, EMAIL_INVALID)
  .optional()
  .default("");

/** 'HH:mm' (00:00-23:59). */
export const timeField = (message = "Orario non valido (formato HH:mm)") =>
  z.string({ error: message }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

/** A calendar date as the forms send it ('yyyy-MM-dd'), a real day of years 1000-9999; `required` words the empty value. */
export function dateField(required?: string, message = "Data non valida (formato gg/mm/aaaa)") {
  return z
    .string({ error: required ?? message })
    .trim()
    .min(1, required ?? message)
    // an empty value has only the 'required' message
    .refine((v) => {
      if (v === "") return true;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const [y, m, d] = v.split("-").map(Number) as [number, number, number];
      if (y < 1000) return false;
      const day = new Date(Date.UTC(y, m - 1, d));
      return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
    }, message);
}

/** An optional date: empty or null is null. */
export const optionalDate = (message?: string) =>
  z
    .union([z.literal(""), z.null(), dateField(undefined, message)])
    .optional()
    .transform((v) => (v ? v : null));
