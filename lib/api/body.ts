import type { z } from "zod";
import { BadRequestError, PayloadTooLargeError, ValidationError } from "@/lib/errors";
import { zodMessages } from "./respond";

/** Default cap for a save without files. */
export const MAX_JSON_BYTES = 1024 * 1024;

async function readLimited(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new PayloadTooLargeError();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * The body as form data: multipart/form-data (the contract for saves), urlencoded, or a JSON
 * object whose keys become fields (convenient for scripts). Bounded by `maxBytes` (413 past it).
 */
export async function readForm(req: Request, maxBytes = MAX_JSON_BYTES): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  const bytes = await readLimited(req, maxBytes);
  if (type.includes("application/json")) {
    let obj: unknown;
    try {
      obj = JSON.parse(new TextDecoder().decode(bytes) || "{}");
    } catch {
      throw new BadRequestError("Dati non validi: il JSON inviato non è leggibile");
    }
    if (!obj || typeof obj !== "object" || Array.isArray(obj)) throw new BadRequestError("Dati non validi: atteso un oggetto JSON");
    const fd = new FormData();
    for (const [k, v] of Object.entries(obj)) fd.set(k, typeof v === "string" ? v : JSON.stringify(v));
    return fd;
  }
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    if (bytes.byteLength === 0) return new FormData();
    throw new BadRequestError("Formato della richiesta non supportato: usare multipart/form-data");
  }
  try {
    return await new Response(bytes as BodyInit, { headers: { "content-type": type } }).formData();
  } catch {
    throw new BadRequestError("Dati non validi: il modulo inviato non è leggibile");
  }
}

/** Parses `value` with `schema`, turning failures into the 'Errore nella compilazione dei campi' list. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new ValidationError(zodMessages(r.error));
  return r.data;
}

/** The JSON field `name` of a form, validated with `schema`. */
export function entityFromForm<S extends z.ZodType>(form: FormData, name: string, schema: S): z.infer<S> {
  const raw = form.get(name);
  if (typeof raw !== "string") throw new BadRequestError(`Dati mancanti: il campo "${name}" non è stato inviato`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadRequestError(`Dati non validi: il campo "${name}" non contiene un JSON leggibile`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new BadRequestError(`Dati non validi: il campo "${name}" deve contenere un oggetto`);
  }
  return validate(schema, parsed);
}

/** POST body with one JSON field named after the entity (the save contract of section 7). */
export async function readEntity<S extends z.ZodType>(req: Request, name: string, schema: S, maxBytes = MAX_JSON_BYTES): Promise<z.infer<S>> {
  return entityFromForm(await readForm(req, maxBytes), name, schema);
}

/** Ids are PostgreSQL integers. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id from a route segment; anything else is a 404 (no such record). */
export function parseId(raw: string | undefined): number {
  const n = Number(raw);
  if (!raw || !/^\d{1,10}$/.test(raw) || n <= 0 || n > MAX_ID) throw new BadRequestError("Identificativo non valido");
  return n;
}
