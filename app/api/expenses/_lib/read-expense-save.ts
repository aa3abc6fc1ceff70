/**
 * The body of POST /api/expenses[/{id}] (spec §7): multipart with the JSON field `expense` first, then any of
 * electronicInvoiceXmlFileContent (the received FatturaPA, .xml or .xml.p7m), electronicInvoiceOriginalFileContent
 * (its signed original) and filesContent[index] (the new Allegati of the `files` list). Like readSaveWithFiles
 * (lib/api/attachments.ts), every file streams into the attachment store as it arrives (staged; the save links it
 * or the caller discards it), 100 MB each (413 'File troppo grande', nothing kept). The XML is also read by the
 * received-invoice reader (lib/fiscal/received.ts, up to its 50 MB) once stored: a file that is not a FatturaPA
 * is refused with the reader's Italian message (400) and nothing is kept. A JSON or urlencoded body (scripts) is
 * read without files.
 */
import "server-only";
import { discardStaged, stageAttachment, sweepStaged, type StagedFile } from "@/db/queries/attachments";
import { EINVOICE_KIND, type EinvoiceUploads } from "@/db/queries/expenses";
import type { TenantScope } from "@/db/scope";
import { drain, entityFromForm, MAX_JSON_BYTES, readForm } from "@/lib/api/body";
import { MULTIPART_MESSAGES, multipartBoundary, readMultipart } from "@/lib/api/multipart";
import { ApiError, BadRequestError, PayloadTooLargeError, ValidationError } from "@/lib/errors";
import { InvoiceRefusedError, MAX_FILE_BYTES, parseInvoiceFile } from "@/lib/fiscal/received";
import { ATTACHMENT_MESSAGES, type AttachmentInput } from "@/lib/schemas/attachment";
import { expenseApi, expenseSchema, ORIGINAL_FILE_PART, XML_FILE_PART, type ExpenseInput } from "@/lib/schemas/expense";

const FILE_PART = /^filesContent\[(\d{1,4})\]$/;

export interface ExpenseSave {
  input: ExpenseInput;
  staged: Map<number, StagedFile>;
  einvoice: EinvoiceUploads;
  discard(): Promise<void>;
}

/** Passes the bytes on and keeps a copy of them while they stay within `max` (the reader's own cap). */
function keeping(body: AsyncIterable<Uint8Array>, max: number): { body: AsyncIterable<Uint8Array>; bytes(): Uint8Array | null } {
  const pieces: Buffer[] = [];
  let size = 0;
  return {
    body: (async function* () {
      for await (const piece of body) {
        size += piece.byteLength;
        if (size <= max) pieces.push(Buffer.from(piece));
        else pieces.length = 0;
        yield piece;
      }
    })(),
    bytes: () => (size <= max ? Buffer.concat(pieces) : null),
  };
}

export async function readExpenseSave(req: Request, scope: TenantScope): Promise<ExpenseSave> {
  const field = expenseApi.field;
  const contentType = req.headers.get("content-type");
  const staged = new Map<number, StagedFile>();
  const einvoice: EinvoiceUploads = {};
  const discard = () => discardStaged(scope, [...staged.values(), ...(einvoice.xml ? [einvoice.xml] : []), ...(einvoice.original ? [einvoice.original] : [])].map((s) => s.id));
  if (!multipartBoundary(contentType) || !req.body) {
    return { input: entityFromForm(await readForm(req), field, expenseSchema), staged, einvoice, discard };
  }
  const reader = req.body.getReader();
  const stream = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  let input: ExpenseInput | undefined;
  let files: readonly AttachmentInput[] | undefined;
  let swept = false;
  const sweep = async () => {
    if (!swept) await sweepStaged(scope);
    swept = true;
  };
  try {
    for await (const part of readMultipart(stream, contentType)) {
      if (part.filename === null) {
        if (part.name !== field) continue;
        const fd = new FormData();
        // the JSON field past its cap is a body too large (413), as readForm answers for a body without files
        const json = await part.text(MAX_JSON_BYTES).catch((err: unknown) => {
          throw err instanceof BadRequestError && err.message === MULTIPART_MESSAGES.tooLong(field) ? new PayloadTooLargeError() : err;
        });
        fd.set(field, json);
        input = entityFromForm(fd, field, expenseSchema);
        files = input.files;
        continue;
      }
      if (part.name === XML_FILE_PART || part.name === ORIGINAL_FILE_PART) {
        if (input === undefined) throw new BadRequestError(ATTACHMENT_MESSAGES.entityFirst(field));
        const slot = part.name === XML_FILE_PART ? "xml" : "original";
        if (einvoice[slot]) throw new BadRequestError(ATTACHMENT_MESSAGES.unexpectedPart(part.name));
        await sweep();
        const copy = slot === "xml" ? keeping(part.body, MAX_FILE_BYTES) : null;
        einvoice[slot] = await stageAttachment(scope, EINVOICE_KIND, {
          name: part.filename || (slot === "xml" ? "fattura.xml" : "fattura.xml.p7m"),
          contentType: part.contentType,
          body: copy ? copy.body : part.body,
        });
        if (copy) {
          try {
            const bytes = copy.bytes();
            if (bytes === null) throw new InvoiceRefusedError("too-large", "Il file supera la dimensione massima di 50 MB");
            await parseInvoiceFile(bytes);
          } catch (err) {
            if (err instanceof InvoiceRefusedError) throw new ValidationError([err.message]);
            throw err;
          }
        }
        continue;
      }
      const match = FILE_PART.exec(part.name);
      if (!match) throw new BadRequestError(ATTACHMENT_MESSAGES.unexpectedPart(part.name));
      if (input === undefined) throw new BadRequestError(ATTACHMENT_MESSAGES.entityFirst(field));
      const index = Number(match[1]);
      const entry = files?.[index];
      if (!entry || entry.id !== undefined || staged.has(index)) throw new BadRequestError(ATTACHMENT_MESSAGES.unexpectedPart(part.name));
      await sweep();
      staged.set(index, await stageAttachment(scope, "expense", { name: part.filename || entry.name, contentType: part.contentType, body: part.body }));
    }
  } catch (err) {
    await discard();
    if (err instanceof ApiError && (err.httpStatus === 400 || err.httpStatus === 413)) await drain(reader);
    throw err;
  }
  if (input === undefined) {
    await discard();
    throw new BadRequestError(`Dati mancanti: il campo "${field}" non è stato inviato`);
  }
  return { input, staged, einvoice, discard };
}
