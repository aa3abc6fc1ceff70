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
export const versionField = z.number({ error: "Versione non valida" }).int().min(0).optional();
