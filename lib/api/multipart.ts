import "server-only";
import { Busboy, type BusboyFileStream, type BusboyInstance } from "@fastify/busboy";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";

/**
 * multipart/form-data (RFC 7578) read while the body arrives, for bodies too big to hold: Request.formData() and
 * readForm (body.ts) read the whole body into memory first. Why @fastify/busboy rather than a parser of our own:
 * parsing a client's bytes is security-sensitive, and busboy is a maintained streaming parser (Fastify's fork,
 * fixed as issues are found) that handles the RFC 7578 edge cases a hand-written one gets wrong (delimiters split
 * across chunks, preamble and epilogue, quoted and escaped parameters, folded headers and bare line breaks in
 * them, header blocks that never end) and enforces its limits while streaming, with backpressure. Ours (below)
 * hold the same way: nothing is read ahead of the caller but a chunk of the body and a part's read-ahead.
 *
 *   for await (const part of readMultipart(req.body, contentType)) {
 *     if (part.filename === null) text = await part.text(maxBytes);
 *     else for await (const piece of part.body) store(piece);
 *   }
 *
 * A part's body must be read (or left: asking for the next part skips the rest) before the next part. A body that
 * ends inside a part or without its closing delimiter, one without its boundary, a part without a name and a
 * preamble or header block past its cap are a 400 (MULTIPART_MESSAGES.unreadable). Busboy skips a part without
 * a form-data Content-Disposition (RFC 7578 §4.2 requires one); its bytes count towards the same cap.
 */

export const MULTIPART_MESSAGES = {
  unreadable: "Dati non validi: il modulo inviato non è leggibile",
  notMultipart: "Formato della richiesta non supportato: usare multipart/form-data",
  tooLong: (name: string) => `Dati troppo grandi: il campo "${name}" supera il limite`,
} as const;

/** Most bytes of one part's header block, and of the preamble before the first part. */
const MAX_HEADER_BYTES = 16 * 1024;
/**
 * Most bytes read in a row that neither open a part nor carry a byte of one: a preamble and a header block of
 * MAX_HEADER_BYTES each and a delimiter. Past it the body is refused (400) as it streams rather than read to its
 * end for nothing: a body without its boundary, a header block without end, a long epilogue or skipped parts.
 */
const MAX_IDLE_BYTES = 2 * MAX_HEADER_BYTES + 1024;
/** Busboy is fed this much at a time: the idle count above is exact to one slice. */
const SLICE_BYTES = 16 * 1024;
/**
 * Busboy's own cap on a header block (it keeps reading past it but drops the rest): two slices above the idle
 * cap, so a block that long is refused by the idle cap before busboy could parse a cut one.
 */
const HEADER_SIZE_LIMIT = MAX_IDLE_BYTES + 2 * SLICE_BYTES;

export interface MultipartPart {
  /** The form field's name (Content-Disposition name). */
  name: string;
  /** The file's name; null for a plain field. */
  filename: string | null;
  /** The part's media type as busboy reads it: lowercased, without parameters; text/plain when not sent (RFC 7578 §4.4). */
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

const unreadable = () => new BadRequestError(MULTIPART_MESSAGES.unreadable);

// browsers escape a quote and line breaks in names as %22, %0D, %0A (busboy leaves them as sent)
const unescapeName = (s: string) => s.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");

/** One part: busboy's stream of its bytes, read without ever destroying it (a destroyed stream stalls busboy). */
class Part implements MultipartPart {
  private ended = false;
  private failure: BadRequestError | null = null;
  readonly body: AsyncIterable<Uint8Array>;

  constructor(
    private readonly parts: PartSource,
    private readonly file: BusboyFileStream,
    readonly name: string,
    readonly filename: string | null,
    readonly contentType: string | null,
  ) {
    file.on("readable", parts.wake);
    file.on("end", () => {
      this.ended = true;
      parts.wake();
    });
    // a body that ends inside this part
    file.on("error", () => {
      this.failure = unreadable();
      parts.wake();
    });
    // a plain iterator (no return()): a caller's `break` leaves the part to be skipped by readMultipart
    this.body = {
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          const value = await this.next();
          return value === null ? { done: true, value: undefined } : { done: false, value };
        },
      }),
    };
  }

  /** The part's next piece, null at its end. */
  async next(): Promise<Uint8Array | null> {
    for (;;) {
      const piece = this.file.read() as Buffer | null;
      if (piece !== null) return piece;
      if (this.failure) throw this.failure;
      if (this.ended) return null;
      this.parts.assertReadable();
      await this.parts.changed();
    }
  }

  async text(maxBytes: number): Promise<string> {
    const pieces: Uint8Array[] = [];
    let total = 0;
    for (let piece = await this.next(); piece !== null; piece = await this.next()) {
      total += piece.byteLength;
      if (total > maxBytes) throw new PayloadTooLargeError(MULTIPART_MESSAGES.tooLong(this.name));
      pieces.push(piece);
    }
    return Buffer.concat(pieces, total).toString("utf8");
  }

  /** Reads what the caller left of the part. */
  async skip(): Promise<void> {
    while ((await this.next()) !== null);
  }
}

/**
 * Feeds busboy from the web stream, a slice at a time and only as fast as the caller reads (busboy holds a write
 * back while a part's stream is full; parts it has opened wait for the caller before more is written), and hands
 * out the parts in order.
 */
class PartSource {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly busboy: BusboyInstance;
  /** Parts busboy has opened that the caller has not been given yet. */
  private readonly queue: Part[] = [];
  private opened = 0;
  private latest: BusboyFileStream | null = null;
  private idle = 0;
  private finished = false;
  private failure: unknown = null;
  private closed = false;
  private waiters: (() => void)[] = [];
  /** Ends the wait for busboy's callback of the slice being written (reading has stopped). */
  private unblock: (() => void) | null = null;

  constructor(stream: ReadableStream<Uint8Array>, boundary: string) {
    this.busboy = new Busboy({
      // the boundary as read by multipartBoundary, quoted for busboy whatever the client sent
      headers: { "content-type": `multipart/form-data; boundary="${boundary.replace(/["\\]/g, "\\$&")}"` },
      // every part is a stream, plain fields too: text() caps them as they arrive (busboy would buffer 1 MB)
      isPartAFile: () => true,
      // the filename as sent: callers decide what a path in it means
      preservePath: true,
      limits: { headerSize: HEADER_SIZE_LIMIT },
    });
    this.busboy.on("file", (name: string | undefined, file: BusboyFileStream, filename: string | undefined, _encoding: string, mimeType: string) => {
      this.opened++;
      this.latest = file;
      const part = new Part(this, file, unescapeName(name ?? ""), filename === undefined ? null : unescapeName(filename), mimeType);
      if (name === undefined) this.fail(unreadable());
      else this.queue.push(part);
      this.wake();
    });
    this.busboy.on("error", () => this.fail(unreadable()));
    this.busboy.on("finish", () => {
      this.finished = true;
      this.wake();
    });
    this.reader = stream.getReader();
    void this.pump().catch(() => this.fail(unreadable()));
  }

  readonly wake = (): void => {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  };

  /** Resolves at the next event of the body, of busboy or of a part. */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Throws once the body is known to be unreadable (or could not be read). */
  assertReadable(): void {
    if (this.failure) throw this.failure;
  }

  /** The next part, null after the last one. */
  async next(): Promise<Part | null> {
    for (;;) {
      this.assertReadable();
      const part = this.queue.shift();
      if (part) {
        this.wake();
        return part;
      }
      if (this.finished) return null;
      await this.changed();
    }
  }

  /** Stops reading; the rest of the body is the caller's (cancel or drain it). */
  close(): void {
    this.closed = true;
    this.unblock?.();
    this.wake();
    try {
      // a read in progress is given up: the stream can be read (drained) by someone else
      this.reader.releaseLock();
    } catch {
      // already released
    }
  }

  private fail(err: unknown): void {
    this.failure ??= err;
    this.unblock?.();
    this.wake();
  }

  private get isStopped(): boolean {
    return this.closed || this.failure !== null;
  }

  /** Counts the bytes written since a part last opened or received bytes; refuses the body past MAX_IDLE_BYTES. */
  private countIdle(bytes: number, hasProgressed: boolean): void {
    this.idle = hasProgressed ? 0 : this.idle + bytes;
    if (this.idle > MAX_IDLE_BYTES) this.fail(unreadable());
  }

  private async pump(): Promise<void> {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await this.reader.read();
      } catch (err) {
        // the client went away (or close() released the reader)
        if (!this.closed) this.fail(err);
        return;
      }
      if (this.isStopped) return;
      if (chunk.done) {
        // busboy answers with 'finish', or 'error' for a body that ends before its closing delimiter
        this.busboy.end();
        return;
      }
      const bytes = chunk.value;
      for (let at = 0; at < bytes.byteLength; at += SLICE_BYTES) {
        while (this.queue.length > 0 && !this.isStopped) await this.changed();
        if (this.isStopped) return;
        const slice = Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(SLICE_BYTES, bytes.byteLength - at));
        const err = await new Promise<unknown>((resolve) => {
          this.unblock = () => resolve(null);
          const opened = this.opened;
          const bytesRead = this.latest?.bytesRead;
          try {
            // busboy parses the slice now; its callback waits while a part's stream is full
            this.busboy.write(slice, resolve);
          } catch {
            return resolve(unreadable());
          }
          this.countIdle(slice.byteLength, this.opened !== opened || this.latest?.bytesRead !== bytesRead);
        });
        this.unblock = null;
        if (this.isStopped) return;
        if (err) return this.fail(unreadable());
      }
    }
  }
}

/**
 * The parts of a multipart body, in order. `stream` is read only as the parts are; the caller may stop early
 * (the rest of the body is then left unread and the stream unlocked: cancel or drain it).
 */
export async function* readMultipart(stream: ReadableStream<Uint8Array>, contentType: string | null): AsyncGenerator<MultipartPart> {
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw new BadRequestError(MULTIPART_MESSAGES.notMultipart);
  const parts = new PartSource(stream, boundary);
  try {
    for (let part = await parts.next(); part !== null; part = await parts.next()) {
      yield part;
      // whatever the caller left of this part is skipped
      await part.skip();
    }
  } finally {
    parts.close();
  }
}
