// POST /api/invoices/sdi-notifications — SDI receipts handed over by an intermediary (issue 31): multipart with one or more
// parts named files (.xml receipts, or .zip of them) → { status: "ok", applied: [{ file, type, invoice: { id, number }, sdiState }],
// unmatched: [{ file, reason }], refused: [{ file, reason }] }. Each file is applied by db/documents/sdi.ts applySdiMessage
// (its own transaction: one bad file does not undo the others). Up to 50 MB in all (413 past it, nothing applied); a file
// over 5 MB is refused in the report (a receipt is a few kilobytes). ROLE_DOCUMENT.
import { invoiceEntity } from "@/db/documents/entity";
import { applySdiMessage } from "@/db/documents/sdi";
import { expandUploads, isZipName, type ImportFile } from "@/db/queries/expense-import";
import { drain } from "@/lib/api/body";
import { readMultipart } from "@/lib/api/multipart";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { ApiError, BadRequestError, PayloadTooLargeError } from "@/lib/errors";

const MAX_REQUEST_BYTES = 50 * 1024 * 1024;
const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;
const MAX_FILES = 1000;
const FRAMING_SLACK = 1024 * 1024;

const SDI_UPLOAD_MESSAGES = {
  noFiles: "Nessun file da caricare: scegli una o più notifiche SDI (.xml) o un archivio .zip",
  tooManyFiles: `Troppi file in un solo caricamento: al massimo ${MAX_FILES.toLocaleString("it-IT")}`,
  requestTooLarge: "Caricamento troppo grande: al massimo 50 MB in tutto",
  // eslint-disable-next-line no-control-regex -- a field's name is echoed without control characters
  unexpectedPart: (name: string) => `Dati non validi: il campo "${name.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 100)}" non è previsto (i file vanno inviati nel campo "files")`,
  filesAsText: 'Dati non validi: il campo "files" deve contenere file (notifiche SDI .xml o archivi .zip), non testo',
  fileTooLarge: "Il file supera la dimensione massima di 5 MB: non è una notifica SDI",
  failed: "Lettura della notifica non riuscita per un errore imprevisto: riprova",
} as const;

/** The uploaded files, in memory (receipts are small; 50 MB in all), read as they arrive: past the cap the rest is drained (413). */
async function readUploads(req: Request): Promise<{ files: ImportFile[]; tooLarge: string[] }> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (!req.body) throw new BadRequestError(SDI_UPLOAD_MESSAGES.noFiles);
  const reader = req.body.getReader();
  if (declared > MAX_REQUEST_BYTES + FRAMING_SLACK) {
    await drain(reader);
    throw new PayloadTooLargeError(SDI_UPLOAD_MESSAGES.requestTooLarge);
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
      if (part.name === "files" && part.filename === null) throw new BadRequestError(SDI_UPLOAD_MESSAGES.filesAsText);
      if (part.name !== "files" || part.filename === null) throw new BadRequestError(SDI_UPLOAD_MESSAGES.unexpectedPart(part.name));
      if (files.length + tooLarge.length >= MAX_FILES) throw new BadRequestError(SDI_UPLOAD_MESSAGES.tooManyFiles);
      if (part.filename === "") {
        for await (const piece of part.body) if (piece.byteLength > 0) throw new BadRequestError(SDI_UPLOAD_MESSAGES.unexpectedPart(part.name));
        continue;
      }
      // eslint-disable-next-line no-control-regex -- exactly the characters removed
      const name = part.filename.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 255) || "file";
      const cap = isZipName(name) ? MAX_REQUEST_BYTES : MAX_RECEIPT_BYTES;
      const pieces: Buffer[] = [];
      let size = 0;
      for await (const piece of part.body) {
        total += piece.byteLength;
        if (total > MAX_REQUEST_BYTES) throw new PayloadTooLargeError(SDI_UPLOAD_MESSAGES.requestTooLarge);
        size += piece.byteLength;
        if (size <= cap) pieces.push(Buffer.from(piece));
        else pieces.length = 0;
      }
      if (size > cap) tooLarge.push(name);
      else files.push({ name, bytes: new Uint8Array(Buffer.concat(pieces, size)) });
    }
  } catch (err) {
    if (err instanceof ApiError && (err.httpStatus === 400 || err.httpStatus === 413)) await drain(reader);
    throw err;
  }
  if (files.length === 0 && tooLarge.length === 0) throw new BadRequestError(SDI_UPLOAD_MESSAGES.noFiles);
  return { files, tooLarge };
}

export const POST = guarded(invoiceEntity.role, async ({ req, scope }) => {
  const { files: uploads, tooLarge } = await readUploads(req);
  // zips opened with the purchase import's limits (entries' declared sizes, nested zips, encrypted entries refused)
  const { files, refused: zipRefused } = expandUploads(uploads);
  const applied: { file: string; type: string; invoice: { id: number; number: string | null }; sdiState: string | null }[] = [];
  const unmatched: { file: string; reason: string }[] = [];
  const refused: { file: string; reason: string }[] = [...zipRefused, ...tooLarge.map((file) => ({ file, reason: SDI_UPLOAD_MESSAGES.fileTooLarge }))];
  for (const f of files) {
    if (f.bytes.length > MAX_RECEIPT_BYTES) {
      refused.push({ file: f.name, reason: SDI_UPLOAD_MESSAGES.fileTooLarge });
      continue;
    }
    try {
      const r = await applySdiMessage(scope, { fileName: f.name, bytes: f.bytes, via: "upload" });
      if (r.outcome === "applied") applied.push({ file: r.file, type: r.type, invoice: r.invoice, sdiState: r.sdiState });
      else if (r.outcome === "unmatched") unmatched.push({ file: r.file, reason: r.reason });
      else refused.push({ file: r.file, reason: r.reason });
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus === 429) throw err;
      console.error(`[sdi] notifica ${f.name} non applicata`, err);
      refused.push({ file: f.name, reason: SDI_UPLOAD_MESSAGES.failed });
    }
  }
  return ok({ applied, unmatched, refused });
});
