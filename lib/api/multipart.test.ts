import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { MULTIPART_MESSAGES, multipartBoundary, readMultipart } from "./multipart";

/** A body as the platform's own FormData encoder writes it, and its Content-Type. */
async function encode(fd: FormData): Promise<{ bytes: Buffer; type: string }> {
  const res = new Response(fd);
  return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type")! };
}

/** `bytes` as a stream of chunks of the given sizes (cycled): delimiters land across chunk edges. */
function streamOf(bytes: Buffer, sizes: number[]): ReadableStream<Uint8Array> {
  let at = 0;
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      const n = sizes[i++ % sizes.length]!;
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + n)));
      at += n;
    },
  });
}

/**
 * `head`, then `chunk` again and again without end, pulled one chunk at a time; `pulled()` counts the bytes
 * handed out, so a test can check how far the reader went.
 */
function endless(chunk: Buffer, head: Buffer = Buffer.alloc(0)): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = first ? head : chunk;
      first = false;
      if (next.byteLength === 0) return controller.close();
      pulled += next.byteLength;
      controller.enqueue(new Uint8Array(next));
    },
  }, { highWaterMark: 0 });
  return { stream, pulled: () => pulled };
}

async function collect(stream: ReadableStream<Uint8Array>, type: string) {
  const out: { name: string; filename: string | null; contentType: string | null; bytes: Buffer }[] = [];
  for await (const part of readMultipart(stream, type)) {
    const pieces: Buffer[] = [];
    for await (const p of part.body) pieces.push(Buffer.from(p));
    out.push({ name: part.name, filename: part.filename, contentType: part.contentType, bytes: Buffer.concat(pieces) });
  }
  return out;
}

describe("readMultipart", () => {
  const file = crypto.randomBytes(300_000);
  // bytes that look like a delimiter's beginning inside the file
  file.set(Buffer.from("\r\n--"), 1000);
  const build = () => {
    const fd = new FormData();
    fd.append("invoice", JSON.stringify({ details: "àè €", files: [{ name: "a" }] }));
    fd.append("filesContent[0]", new File([file], 'contratto "firmato" è.pdf', { type: "application/pdf" }));
    fd.append("filesContent[1]", new File([], "vuoto.txt", { type: "text/plain" }));
    return fd;
  };

  it.each([[[1]], [[7, 3, 64]], [[65_536]], [[1_000_000]], [[2, 70_001, 5]]])("gives every part with its bytes, whatever the chunking (%j)", async (sizes) => {
    const { bytes, type } = await encode(build());
    const parts = await collect(streamOf(bytes, sizes), type);
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      // a part without Content-Type is text/plain (RFC 7578 §4.4), as busboy reads it
      ["invoice", null, "text/plain"],
      ["filesContent[0]", 'contratto "firmato" è.pdf', "application/pdf"],
      ["filesContent[1]", "vuoto.txt", "text/plain"],
    ]);
    expect(JSON.parse(parts[0]!.bytes.toString("utf8"))).toEqual({ details: "àè €", files: [{ name: "a" }] });
    expect(parts[1]!.bytes.equals(file)).toBe(true);
    expect(parts[2]!.bytes.byteLength).toBe(0);
  });

  it("skips what the caller leaves of a part (also after a break), and text() caps a field", async () => {
    const { bytes, type } = await encode(build());
    const names: string[] = [];
    for await (const part of readMultipart(streamOf(bytes, [4096]), type)) {
      names.push(part.name);
      if (part.name === "invoice") await expect(part.text(10)).rejects.toMatchObject({ httpStatus: 413, message: 'Dati troppo grandi: il campo "invoice" supera il limite' });
      // reads one piece and leaves the rest
      else for await (const piece of part.body) if (piece.byteLength >= 0) break;
    }
    expect(names).toEqual(["invoice", "filesContent[0]", "filesContent[1]"]);
  });

  it("refuses a body cut short, one without its boundary and a non-multipart type", async () => {
    const { bytes, type } = await encode(build());
    await expect(collect(streamOf(bytes.subarray(0, 200_000), [8192]), type)).rejects.toBeInstanceOf(BadRequestError);
    await expect(collect(streamOf(Buffer.from("x".repeat(20_000)), [1000]), type)).rejects.toThrow("Dati non validi: il modulo inviato non è leggibile");
    await expect(collect(streamOf(bytes, [8192]), "application/json")).rejects.toThrow("Formato della richiesta non supportato: usare multipart/form-data");
  });

  it("refuses a body cut short anywhere, an empty one and one without its closing delimiter (400, never another error)", async () => {
    const head = '--x\r\nContent-Disposition: form-data; name="invoice"\r\n\r\n{"a":1}';
    for (const body of ["", "--x", "--x\r\nContent-Disp", '--x\r\nContent-Disposition: form-data; name="invoice"\r\n', head, `${head}\r\n--x`, `${head}\r\n--x\r\n`]) {
      const err = await collect(streamOf(Buffer.from(body), [5]), "multipart/form-data; boundary=x").catch((e: unknown) => e);
      expect(err, JSON.stringify(body)).toBeInstanceOf(BadRequestError);
      expect((err as BadRequestError).message).toBe(MULTIPART_MESSAGES.unreadable);
    }
    await expect(collect(streamOf(Buffer.from(`${head}\r\n--x--\r\n`), [5]), "multipart/form-data; boundary=x")).resolves.toHaveLength(1);
  });

  it("refuses a Content-Type without boundary and a part without name", async () => {
    await expect(collect(streamOf(Buffer.from("--x--"), [8]), "multipart/form-data")).rejects.toThrow(MULTIPART_MESSAGES.notMultipart);
    const nameless = '--x\r\nContent-Disposition: form-data; filename="a.txt"\r\n\r\nabc\r\n--x--\r\n';
    await expect(collect(streamOf(Buffer.from(nameless), [64]), "multipart/form-data; boundary=x")).rejects.toThrow(MULTIPART_MESSAGES.unreadable);
  });

  it("refuses an endless preamble or header block as it streams, without reading the rest of the body", async () => {
    const preamble = endless(Buffer.from("x".repeat(1000)));
    await expect(collect(preamble.stream, "multipart/form-data; boundary=x")).rejects.toThrow(MULTIPART_MESSAGES.unreadable);
    expect(preamble.pulled()).toBeLessThan(64 * 1024);
    const headers = endless(Buffer.from("X-Padding: yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\r\n"), Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n'));
    await expect(collect(headers.stream, "multipart/form-data; boundary=x")).rejects.toThrow(MULTIPART_MESSAGES.unreadable);
    expect(headers.pulled()).toBeLessThan(128 * 1024);
  });

  it("reads only as fast as the caller: a big file, a field over its cap, many small parts", async () => {
    const body = (parts: string, tail: Buffer) => endless(tail, Buffer.from(parts));
    // a file of any size: one piece read, then the caller stops; the stream is left unlocked and uncancelled
    const file = body('--x\r\nContent-Disposition: form-data; name="f"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n', Buffer.alloc(65_536, 7));
    for await (const part of readMultipart(file.stream, "multipart/form-data; boundary=x")) {
      for await (const piece of part.body) if (piece.byteLength > 0) break;
      // a slow caller: busboy holds the body back while the part's stream is full
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(file.pulled()).toBeLessThan(1024 * 1024);
      break;
    }
    const rest = file.stream.getReader();
    expect((await rest.read()).done).toBe(false);
    rest.releaseLock();
    // a plain field past text()'s cap: 413 as soon as it is passed
    const field = body('--x\r\nContent-Disposition: form-data; name="invoice"\r\n\r\n', Buffer.alloc(65_536, 0x61));
    let refused: unknown;
    for await (const part of readMultipart(field.stream, "multipart/form-data; boundary=x")) {
      refused = await part.text(100_000).catch((e: unknown) => e);
      break;
    }
    expect(refused).toBeInstanceOf(PayloadTooLargeError);
    expect(refused).toMatchObject({ httpStatus: 413, message: MULTIPART_MESSAGES.tooLong("invoice") });
    expect(field.pulled()).toBeLessThan(1024 * 1024);
    // 10 000 small parts: busboy is not fed ahead of the parts the caller has not taken yet
    const small = Buffer.from(Array.from({ length: 10_000 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="p${i}"\r\n\r\nv${i}\r\n`).join("") + "--x--\r\n");
    let pulled = 0;
    const many = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= small.byteLength) return controller.close();
        controller.enqueue(new Uint8Array(small.subarray(pulled, pulled + 1024)));
        pulled += 1024;
      },
    }, { highWaterMark: 0 });
    let seen = 0;
    for await (const part of readMultipart(many, "multipart/form-data; boundary=x")) {
      expect(await part.text(10)).toBe(`v${seen}`);
      if (++seen === 1) {
        // a slow caller (a database write): the body waits for it
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(pulled).toBeLessThan(64 * 1024);
      }
    }
    expect(seen).toBe(10_000);
  });

  it("gives NUL bytes as sent (the callers refuse them: readEntity, entityFromForm), ignores a short epilogue and skips a part that is not form-data", async () => {
    const body = ['--a b\r\nContent-Disposition: form-data; name="n\0me"\r\n\r\nv\0l', '--a b\r\nContent-Disposition: attachment; name="skipped"\r\n\r\nzzz', '--a b\r\nContent-Disposition: form-data; name="last"\r\n\r\nok', "--a b--\r\nepilogue\r\n"].join("\r\n");
    const parts = await collect(streamOf(Buffer.from(body), [3]), 'multipart/form-data; boundary="a b"');
    expect(parts.map((p) => [p.name, p.bytes.toString("utf8")])).toEqual([
      ["n\0me", "v\0l"],
      ["last", "ok"],
    ]);
  });

  it("reads the boundary, quoted or not", () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data; charset=utf-8; boundary=----x1")).toBe("----x1");
    expect(multipartBoundary("multipart/mixed; boundary=x")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });
});
