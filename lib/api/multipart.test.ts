import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { BadRequestError } from "@/lib/errors";
import { multipartBoundary, readMultipart } from "./multipart";

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
      ["invoice", null, null],
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

  it("reads the boundary, quoted or not", () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data; charset=utf-8; boundary=----x1")).toBe("----x1");
    expect(multipartBoundary("multipart/mixed; boundary=x")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });
});
