// POST /api/invoices/sdi-notifications — SDI receipts handed over by an intermediary (issue 31): multipart with one or more
// parts named files (.xml receipts, or .zip of them) → { status: "ok", applied: [{ file, type, invoice: { id, number }, sdiState }],
// unmatched: [{ file, reason }], refused: [{ file, reason }] }. Each file is applied by db/documents/sdi.ts applySdiMessage
// (its own transaction: one bad file does not undo the others). Up to 50 MB in all (413 past it, nothing applied); a file
// over 5 MB is refused in the report (a receipt is a few kilobytes). ROLE_DOCUMENT.
import { invoiceEntity } from "@/db/documents/entity";
import { applySdiMessage } from "@/db/documents/sdi";
import { expandUploads, isZipName } from "@/db/queries/expense-import";
import { readFileUploads } from "@/lib/api/file-uploads";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { ApiError } from "@/lib/errors";

const MAX_REQUEST_BYTES = 50 * 1024 * 1024;
const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;
const MAX_FILES = 1000;

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

export const POST = guarded(invoiceEntity.role, async ({ req, scope }) => {
  const { files: uploads, tooLarge } = await readFileUploads(req, {
    maxRequestBytes: MAX_REQUEST_BYTES,
    maxFileBytes: MAX_RECEIPT_BYTES,
    maxFiles: MAX_FILES,
    isArchive: isZipName,
    messages: SDI_UPLOAD_MESSAGES,
  });
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
