import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BadRequestError, PayloadTooLargeError, ValidationError } from "@/lib/errors";
import { parseId, readEntity, readForm } from "./body";
import { errorResponse } from "./respond";

const schema = z.object({ name: z.string({ error: 'Il campo "Nome" è richiesto' }).trim().min(1, 'Il campo "Nome" è richiesto') });

function multipart(fields: Record<string, string>): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return new Request("http://x/api/t", { method: "POST", body: fd });
}

describe("readEntity", () => {
  it("parses the JSON field named after the entity", async () => {
    expect(await readEntity(multipart({ item: JSON.stringify({ name: " Vite " }) }), "item", schema)).toEqual({ name: "Vite" });
  });
  it("turns zod failures into the Italian list", async () => {
    const err = await readEntity(multipart({ item: "{}" }), "item", schema).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.errors).toEqual(['Il campo "Nome" è richiesto']);
    expect(err.message).toBe('Errore nella compilazione dei campi\nIl campo "Nome" è richiesto');
  });
  it("refuses a missing field, broken JSON and non-objects with 400", async () => {
    for (const fields of [{}, { item: "{" }, { item: "3" }, { item: "null" }, { item: "[]" }] as Record<string, string>[]) {
      await expect(readEntity(multipart(fields), "item", schema)).rejects.toBeInstanceOf(BadRequestError);
    }
  });
  it("caps the body: declared or streamed past the limit is a 413", async () => {
    const big = multipart({ item: JSON.stringify({ name: "x".repeat(5000) }) });
    await expect(readForm(big, 1000)).rejects.toBeInstanceOf(PayloadTooLargeError);
    const stream = new ReadableStream({
      pull(c) {
        c.enqueue(new Uint8Array(600));
      },
    });
    const chunked = new Request("http://x", { method: "POST", body: stream, headers: { "content-type": "multipart/form-data; boundary=x" }, duplex: "half" } as RequestInit);
    await expect(readForm(chunked, 1000)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });
});

describe("parseId", () => {
  it("accepts PostgreSQL integer ids only", () => {
    expect(parseId("42")).toBe(42);
    for (const bad of ["0", "-1", "1.5", "abc", "2147483648", "", undefined, "1e3"]) expect(() => parseId(bad)).toThrow(BadRequestError);
  });
});

describe("errorResponse", () => {
  it("maps unknown errors to a 500 with 'Errore del server' and never leaks internals", async () => {
    const res = errorResponse(new Error("connection string postgres://secret"));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ status: "error", message: "Errore del server" });
  });
});
