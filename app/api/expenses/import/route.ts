// POST /api/expenses/import — 'Importa fatture elettroniche': multipart with one or more parts named files (.xml, .xml.p7m, .p7m or .zip) → { status: "ok", imported: [{ id, file, documentNumber, supplier }], duplicates: [{ file, documentNumber }], refused: [{ file, reason }] }.
// Up to 200 MB in all (413 past it, nothing imported); a single invoice file over 50 MB is refused in the report. ROLE_DOCUMENT.
import { expenseEntity } from "@/db/queries/expenses";
import { EXPENSE_IMPORT_MESSAGES, importReceivedInvoices, isZipName, MAX_IMPORT_BYTES, MAX_IMPORT_FILES, type ImportFile } from "@/db/queries/expense-import";
import { drain } from "@/lib/api/body";
import { readMultipart } from "@/lib/api/multipart";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { ApiError, BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { MAX_FILE_BYTES } from "@/lib/fiscal/received";

/** Multipart framing (boundaries, part headers) on top of the files' bytes. */
const FRAMING_SLACK = 1024 * 1024;

/**
 * The uploaded files, in memory (the import reads each whole: the XSD check and the envelope need every byte; 200 MB
 * at most in all). The body is read as it arrives (readMultipart): past 200 MB the rest is drained and the answer
 * is a 413; a plain invoice file past 50 MB keeps no bytes and is refused in the report.
 */
async function readUploads(req: Request): Promise<{ files: ImportFile[]; tooLarge: string[] }> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (!req.body) throw new BadRequestError(EXPENSE_IMPORT_MESSAGES.noFiles);
  const reader = req.body.getReader();
  if (declared > MAX_IMPORT_BYTES + FRAMING_SLACK) {
    await drain(reader);
    throw new PayloadTooLargeError(EXPENSE_IMPORT_MESSAGES.requestTooLarge);
  }
  const stream = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const files: ImportFile[] = [];
  const tooLarge: string[] = [];
  let total = 0;
  try {
    for await (const part of readMultipart(stream, req.headers.get("content-type"))) {
      if (part.name !== "files" || part.filename === null) throw new BadRequestError(EXPENSE_IMPORT_MESSAGES.unexpectedPart(part.name));
      if (files.length + tooLarge.length >= MAX_IMPORT_FILES) throw new BadRequestError(EXPENSE_IMPORT_MESSAGES.tooManyFiles);
      // a browser's empty file input sends a part without a name and without bytes: nothing chosen
      if (part.filename === "") {
        for await (const piece of part.body) if (piece.byteLength > 0) throw new BadRequestError(EXPENSE_IMPORT_MESSAGES.unexpectedPart(part.name));
        continue;
      }
      // the name as the report shows it (and the stored file keeps): no folders, no control characters
      // eslint-disable-next-line no-control-regex -- exactly the characters removed
      const name = part.filename.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 255) || "file";
      const cap = isZipName(name) ? MAX_IMPORT_BYTES : MAX_FILE_BYTES;
      const pieces: Buffer[] = [];
      let size = 0;
      for await (const piece of part.body) {
        total += piece.byteLength;
        if (total > MAX_IMPORT_BYTES) throw new PayloadTooLargeError(EXPENSE_IMPORT_MESSAGES.requestTooLarge);
        size += piece.byteLength;
        // past its cap the file keeps no bytes (the rest of the part is read and dropped)
        if (size <= cap) pieces.push(Buffer.from(piece));
        else pieces.length = 0;
      }
      if (size > cap) tooLarge.push(name);
      else files.push({ name, bytes: new Uint8Array(Buffer.concat(pieces, size)) });
    }
  } catch (err) {
    // a refused body is still read (up to a cap) so the client, still sending, gets the answer
    if (err instanceof ApiError && (err.httpStatus === 400 || err.httpStatus === 413)) await drain(reader);
    throw err;
  }
  if (files.length === 0 && tooLarge.length === 0) throw new BadRequestError(EXPENSE_IMPORT_MESSAGES.noFiles);
  return { files, tooLarge };
}

export const POST = guarded(expenseEntity.role, async ({ req, scope }) => {
  const { files, tooLarge } = await readUploads(req);
  const report = await importReceivedInvoices(scope, files);
  const refused = [...report.refused, ...tooLarge.map((file) => ({ file, reason: EXPENSE_IMPORT_MESSAGES.fileTooLarge }))];
  return ok({ imported: report.imported, duplicates: report.duplicates, refused });
});
