// POST /api/expenses/import — 'Importa fatture elettroniche': multipart with one or more parts named files (.xml, .xml.p7m, .p7m or .zip) → { status: "ok", imported: [{ id, file, documentNumber, supplier }], duplicates: [{ file, documentNumber }], refused: [{ file, reason }] }.
// Up to 200 MB in all (413 past it, nothing imported); a single invoice file over 50 MB is refused in the report. ROLE_DOCUMENT.
import { expenseEntity } from "@/db/queries/expenses";
import { EXPENSE_IMPORT_MESSAGES, importReceivedInvoices, isZipName, MAX_IMPORT_BYTES, MAX_IMPORT_FILES } from "@/db/queries/expense-import";
import { readFileUploads } from "@/lib/api/file-uploads";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { MAX_FILE_BYTES } from "@/lib/fiscal/received";

export const POST = guarded(expenseEntity.role, async ({ req, scope }) => {
  const { files, tooLarge } = await readFileUploads(req, {
    maxRequestBytes: MAX_IMPORT_BYTES,
    maxFileBytes: MAX_FILE_BYTES,
    maxFiles: MAX_IMPORT_FILES,
    isArchive: isZipName,
    messages: EXPENSE_IMPORT_MESSAGES,
  });
  const report = await importReceivedInvoices(scope, files);
  const refused = [...report.refused, ...tooLarge.map((file) => ({ file, reason: EXPENSE_IMPORT_MESSAGES.fileTooLarge }))];
  return ok({ imported: report.imported, duplicates: report.duplicates, refused });
});
