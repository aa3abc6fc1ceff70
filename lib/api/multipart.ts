import "server-only";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";

/**
 * A streaming multipart/form-data reader (RFC 7578) for bodies too big to hold: Request.formData() and
 * readForm (body.ts) read the whole body into memory first, then copy each part again. Here the parts come
 * one after the other as the body arrives, each part's bytes as an async iterable of pieces of the request's
 * own chunks; nothing but a delimiter's length of look-ahead is kept.
 *
 *   for await (const part of readMultipart(req.body, contentType)) {
 *     if (part.filename === null) text = await part.text(maxBytes);
 *     else for await (const piece of part.body) store(piece);
 *   }
 *
 * A part's body must be read (or left: asking for the next part skips the rest) before the next part; pieces
 * are views of the body's chunks, valid until the next piece is asked for. A body that ends inside a part, a
 * missing boundary or an oversized header block is a 400.
 */

export const MULTIPART_MESSAGES = {
  unreadable: "Dati non validi: il modulo inviato non è leggibile",
  notMultipart: "Formato della richiesta non supportato: usare multipart/form-data",
  tooLong: (name: string) => `Dati troppo grandi: il campo "${name}" supera il limite`,
} as const;

/** Most bytes of one part's header block, and of the preamble before the first part. */
const MAX_HEADER_BYTES = 16 * 1024;

export interface MultipartPart {
  /** The form field's name (Content-Disposition name). */
  name: string;
  /** The file's name; null for a plain field. */
  filename: string | null;
  /** The part's Content-Type, if sent. */
  contentType: string | null;
  body: AsyncIterable<Uint8Array>;
  /** The body as UTF-8 text, refused (413) past `maxBytes`. */
  text(maxBytes: number): Promise<string>;
}

/** The boundary of a multipart/form-data Content-Type, or null when it is not one. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

/** A Content-Disposition or Content-Type parameter (quoted with backslash escapes, or a token). */
function param(header: string, key: string): string | null {
  const re = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i");
  const m = re.exec(header);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2]!;
}

function parseHeaders(block: string): { name: string; filename: string | null; contentType: string | null } {
  let disposition = "";
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-disposition") disposition = value;
    else if (key === "content-type") contentType = value;
  }
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw new BadRequestError(MULTIPART_MESSAGES.unreadable);
  const name = param(disposition, "name");
  if (name === null) throw new BadRequestError(MULTIPART_MESSAGES.unreadable);
  let filename = param(disposition, "filename");
  const extended = param(disposition, "filename\\*");
  if (extended) {
    const m = /^utf-8''(.*)$/i.exec(extended);
    if (m) {
      try {
        filename = decodeURIComponent(m[1]!);
      } catch {
        // keep the plain filename
      }
    }
  }
  // browsers escape a quote and line breaks in names as %22, %0D, %0A
  const unescape = (s: string) => s.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
  return { name: unescape(name), filename: filename === null ? null : unescape(filename), contentType };
}

class BodyReader {
  private buf: Buffer;
  private done = false;

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>, initial: Buffer) {
    this.buf = initial;
  }

  get buffer(): Buffer {
    return this.buf;
  }

  consume(n: number): void {
    this.buf = this.buf.subarray(n);
  }

  /** Appends the next chunk of the body; false at its end. */
  async fill(): Promise<boolean> {
    if (this.done) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.done = true;
      return false;
    }
    this.buf = this.buf.byteLength === 0 ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : Buffer.concat([this.buf, value]);
    return true;
  }

  /** Waits until `n` bytes are buffered; false when the body ends first. */
  async want(n: number): Promise<boolean> {
    while (this.buf.byteLength < n) if (!(await this.fill())) return false;
    return true;
  }
}

/**
 * The parts of a multipart body, in order. `stream` is read only as the parts are; the caller may stop early
 * (the rest of the body is then left unread: cancel or drain it).
 */
export async function* readMultipart(stream: ReadableStream<Uint8Array>, contentType: string | null): AsyncGenerator<MultipartPart> {
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw new BadRequestError(MULTIPART_MESSAGES.notMultipart);
  // every delimiter is CRLF--boundary; the first one may open the body without its CRLF, so one is put before it
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  const body = new BodyReader(stream.getReader(), Buffer.from("\r\n", "latin1"));

  // the preamble, up to the first delimiter
  for (;;) {
    const at = body.buffer.indexOf(delimiter);
    if (at >= 0) {
      body.consume(at + delimiter.byteLength);
      break;
    }
    if (body.buffer.byteLength > MAX_HEADER_BYTES || !(await body.fill())) throw new BadRequestError(MULTIPART_MESSAGES.unreadable);
  }

  for (;;) {
    // after a delimiter: "--" ends the body, CRLF opens a part (transport padding of spaces and tabs allowed)
    if (!(await body.want(2))) throw new BadRequestError(MULTIPART_MESSAGES.unreadable);
    if (body.buffer[0] === 0x2d && body.buffer[1] === 0x2d) return;
    let lineEnd: number;
    for (;;) {
      lineEnd = body.buffer.indexOf("\r\n", 0, "latin1");
      if (lineEnd >= 0) break;
      if (body.buffer.byteLength > MAX_HEADER_BYTES || !(await body.fill())) throw new BadRequestError(MULTIPART_MESSAGES.unreadable);
    }
    if (body.buffer.subarray(0, lineEnd).some((b) => b !== 0x20 && b !== 0x09)) throw new BadRequestError(MULTIPART_MESSAGES.unreadable);
    body.consume(lineEnd + 2);

    // headers, up to the empty line (a part without headers starts with it)
    let headerEnd: number;
    for (;;) {
      headerEnd = body.buffer.subarray(0, 2).toString("latin1") === "\r\n" ? -2 : body.buffer.indexOf("\r\n\r\n", 0, "latin1");
      if (headerEnd !== -1) break;
      if (body.buffer.byteLength > MAX_HEADER_BYTES || !(await body.fill())) throw new BadRequestError(MULTIPART_MESSAGES.unreadable);
    }
    if (headerEnd > MAX_HEADER_BYTES) throw new BadRequestError(MULTIPART_MESSAGES.unreadable);
    const headers = parseHeaders(headerEnd < 0 ? "" : body.buffer.subarray(0, headerEnd).toString("utf8"));
    body.consume(headerEnd < 0 ? 2 : headerEnd + 4);

    let finished = false;
    /** The part's next piece, null at its end. */
    const nextPiece = async (): Promise<Uint8Array | null> => {
      while (!finished) {
        const at = body.buffer.indexOf(delimiter);
        if (at >= 0) {
          const piece = body.buffer.subarray(0, at);
          body.consume(at + delimiter.byteLength);
          finished = true;
          if (piece.byteLength > 0) return piece;
          return null;
        }
        // everything but a possible beginning of the delimiter can go
        const safe = body.buffer.byteLength - (delimiter.byteLength - 1);
        if (safe > 0) {
          const piece = body.buffer.subarray(0, safe);
          body.consume(safe);
          return piece;
        }
        if (!(await body.fill())) throw new BadRequestError(MULTIPART_MESSAGES.unreadable);
      }
      return null;
    };
    // a plain iterator (no return()): a caller's `break` leaves the part to be skipped below
    const iterable: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          const value = await nextPiece();
          return value === null ? { done: true, value: undefined } : { done: false, value };
        },
      }),
    };
    const part: MultipartPart = {
      ...headers,
      body: iterable,
      async text(maxBytes) {
        const pieces: Buffer[] = [];
        let total = 0;
        for (let piece = await nextPiece(); piece !== null; piece = await nextPiece()) {
          total += piece.byteLength;
          if (total > maxBytes) throw new PayloadTooLargeError(MULTIPART_MESSAGES.tooLong(headers.name));
          pieces.push(Buffer.from(piece));
        }
        return Buffer.concat(pieces).toString("utf8");
      },
    };
    yield part;
    // whatever the caller left of this part is skipped
    while ((await nextPiece()) !== null);
  }
}
