import "server-only";
import type { z } from "zod";
import { discardStaged, stageAttachment, sweepStaged, type StagedFile, type StoredFile } from "@/db/queries/attachments";
import type { AttachmentOwnerKind } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { ApiError, BadRequestError } from "@/lib/errors";
import { ATTACHMENT_MESSAGES, type AttachmentInput } from "@/lib/schemas/attachment";
import { drain, entityFromForm, MAX_JSON_BYTES, readForm } from "./body";
import { multipartBoundary, readMultipart } from "./multipart";

/** filesContent[index] */
const FILE_PART = /^filesContent\[(\d{1,4})\]$/;

/** A save's input and the files staged for its new attachments (by their index in the list). */
export interface SaveWithFiles<T> {
  input: T;
  staged: Map<number, StagedFile>;
  /** Deletes the staged files (the save failed). */
  discard(): Promise<void>;
}

/**
 * The body of a save of an entity with attachments: multipart with the entity's JSON in `field` first, then a
 * part filesContent[index] for each new file of its `files` list. Each file is streamed into the attachment
 * store as it arrives (staged: nobody's until the save links it, db/queries/attachments.ts), so memory holds
 * one chunk, never the file. A file over 100 MB: 413 'File troppo grande', the rest of the body is read and
 * thrown away (so the client gets the answer), nothing stays stored. A JSON or urlencoded body (scripts) is
 * read as by readEntity, without files.
 *
 * The caller saves with `staged` and calls `discard()` when the save fails.
 */
export async function readSaveWithFiles<S extends z.ZodType>(req: Request, scope: TenantScope, field: string, schema: S, kind: AttachmentOwnerKind): Promise<SaveWithFiles<z.infer<S>>> {
  const contentType = req.headers.get("content-type");
  const staged = new Map<number, StagedFile>();
  const discard = () => discardStaged(scope, [...staged.values()].map((s) => s.id));
  if (!multipartBoundary(contentType) || !req.body) {
    return { input: entityFromForm(await readForm(req), field, schema), staged, discard };
  }

  // a tee would buffer: the parser reads through this reader's stream, and a refusal drains the same reader
  const reader = req.body.getReader();
  const stream = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  let input: z.infer<S> | undefined;
  let files: readonly AttachmentInput[] | undefined;
  let swept = false;
  try {
    for await (const part of readMultipart(stream, contentType)) {
      if (part.filename === null) {
        if (part.name !== field) continue;
        const fd = new FormData();
        fd.set(field, await part.text(MAX_JSON_BYTES));
        input = entityFromForm(fd, field, schema);
        files = (input as { files?: AttachmentInput[] }).files;
        continue;
      }
      const match = FILE_PART.exec(part.name);
      if (!match) throw new BadRequestError(ATTACHMENT_MESSAGES.unexpectedPart(part.name));
      if (input === undefined) throw new BadRequestError(ATTACHMENT_MESSAGES.entityFirst(field));
      const index = Number(match[1]);
      const entry = files?.[index];
      // only a new row of the list takes bytes, once: anything else is refused before a byte is stored
      if (!entry || entry.id !== undefined || staged.has(index)) throw new BadRequestError(ATTACHMENT_MESSAGES.unexpectedPart(part.name));
      if (!swept) {
        await sweepStaged(scope);
        swept = true;
      }
      staged.set(index, await stageAttachment(scope, kind, { name: part.filename || entry.name, contentType: part.contentType, body: part.body }));
    }
  } catch (err) {
    await discard();
    // a refused body is still read (up to a cap) so the client, still sending, gets the answer
    if (err instanceof ApiError && (err.httpStatus === 400 || err.httpStatus === 413)) await drain(reader);
    throw err;
  }
  if (input === undefined) {
    await discard();
    throw new BadRequestError(`Dati mancanti: il campo "${field}" non è stato inviato`);
  }
  return { input, staged, discard };
}

/** Bytes of base64 for `n` bytes. */
const base64Length = (n: number) => 4 * Math.ceil(n / 3);

/**
 * The File download response (spec §3: { status, filename, contentBase64, contentType }) of a stored file,
 * streamed: the JSON's head, then the base64 of each chunk as it is read (the 0-2 bytes a chunk leaves over
 * its multiple of 3 go with the next one, so the pieces join into one base64 text), then the closing quote.
 * One chunk is held at a time. Content-Length is exact, for servers that keep it (Next's gzip drops it: that gzip of a
 * 100 MB file's base64 costs a core ~20 s to save at most base64's 25%; next.config may exempt these calls with
 * Cache-Control no-transform, which a route's own header cannot do because the config's /api header wins).
 */
export function fileDownloadResponse(file: StoredFile): Response {
  const { attachment } = file;
  const head = Buffer.from(`{"status":"ok","filename":${JSON.stringify(attachment.name)},"contentType":${JSON.stringify(attachment.contentType)},"contentBase64":"`, "utf8");
  const tail = Buffer.from(`"}`, "utf8");
  const chunks = file.chunks();
  let carry = Buffer.alloc(0);
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(head);
        return;
      }
      const next = await chunks.next();
      if (next.done) {
        if (carry.byteLength > 0) controller.enqueue(Buffer.from(carry.toString("base64"), "latin1"));
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const bytes = carry.byteLength > 0 ? Buffer.concat([carry, next.value]) : next.value;
      const whole = bytes.byteLength - (bytes.byteLength % 3);
      carry = Buffer.from(bytes.subarray(whole));
      if (whole > 0) controller.enqueue(Buffer.from(bytes.subarray(0, whole).toString("base64"), "latin1"));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(head.byteLength + base64Length(attachment.size) + tail.byteLength),
    },
  });
}
