import "server-only";
import type { z } from "zod";
import { BadRequestError, PayloadTooLargeError, validate } from "@/lib/errors";

export { validate } from "@/lib/errors";

/** Default cap for a save without files. */
export const MAX_JSON_BYTES = 1024 * 1024;
/**
 * Past the cap, the rest of a body is still read (and thrown away) up to this much, so the 413 goes
 * back on a connection the client can keep using; a body beyond even this is cut off.
 */
export const DRAIN_BYTES = 64 * 1024 * 1024;

/** PostgreSQL text cannot hold NUL (22021): such input is refused here, before any query. */
export const NUL_MESSAGE = "Dati non validi: il testo contiene caratteri non ammessi";

/**
 * Reads and throws away what is left of a refused body (up to `budget` bytes, then cancels), so the client that is
 * still sending gets the answer instead of a reset connection.
 */
export async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget = DRAIN_BYTES): Promise<void> {
  try {
    for (let left = budget; left > 0; ) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away
  }
}

async function readLimited(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  if (declared > maxBytes) {
    await drain(reader, DRAIN_BYTES);
    throw new PayloadTooLargeError();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await drain(reader, DRAIN_BYTES);
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
    assertNoNul(obj);
    const fd = new FormData();
    for (const [k, v] of Object.entries(obj)) fd.set(k, typeof v === "string" ? v : JSON.stringify(v));
    return fd;
  }
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    if (bytes.byteLength === 0) return new FormData();
    throw new BadRequestError("Formato della richiesta non supportato: usare multipart/form-data");
  }
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { "content-type": type } }).formData();
  } catch {
    throw new BadRequestError("Dati non validi: il modulo inviato non è leggibile");
  }
  // text fields only: files are bytes and may hold anything
  for (const [name, value] of form) if (typeof value === "string") assertNoNul(value, name);
  return form;
}

/** Refuses NUL characters anywhere in a value (strings, keys, nested objects and arrays). */
export function assertNoNul(value: unknown, key = ""): void {
  if (typeof value === "string") {
    if (value.includes("\u0000") || key.includes("\u0000")) throw new BadRequestError(NUL_MESSAGE);
    return;
  }
  if (key.includes("\u0000")) throw new BadRequestError(NUL_MESSAGE);
  if (Array.isArray(value)) for (const v of value) assertNoNul(v);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) assertNoNul(v, k);
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
  assertNoNul(parsed);
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

export const MALFORMED_PATH = "Indirizzo non valido: contiene una sequenza di caratteri codificata in modo errato";

/**
 * A path with a percent-escape that does not decode (a lone '%', '%ZZ', bytes that are not UTF-8 such as
 * %ED%A0%80): Next.js cannot route it (it answers 500), so the proxy refuses it first (proxy.ts).
 */
export function hasMalformedEscape(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** A URL (path or query) carrying an encoded NUL is refused before anything reads it. */
export function assertCleanUrl(url: string): void {
  if (/%00/i.test(url)) throw new BadRequestError(NUL_MESSAGE);
}

/** Most ids one call may name (select-all reaches a million rows). */
export const MAX_IDS = 1_000_000;

/** The selected rows of a row operation: a form field with a comma list of ids ('Nessuna riga selezionata' when empty). */
export function parseIdList(raw: FormDataEntryValue | null): number[] {
  if (typeof raw !== "string" || raw.trim() === "") throw new BadRequestError("Nessuna riga selezionata");
  const parts = raw.split(",").map((s) => s.trim());
  if (parts.length > MAX_IDS) throw new BadRequestError("Troppe righe selezionate");
  return parts.map((s) => {
    if (!/^\d{1,10}$/.test(s) || Number(s) <= 0 || Number(s) > 2_147_483_647) throw new BadRequestError("Identificativi delle righe non validi");
    return Number(s);
  });
}
