// POST /api/contacts/import/preview — multipart: file "file" (CSV separated by ; , or tab, UTF-8 or Windows-1252, or XLSX; at most 10 MB) and optionally "contactImport" (JSON: { mapping?: (field|null)[] one per column, onExisting?: "skip"|"update", defaultRole?: "CUSTOMER"|"SUPPLIER"|"BOTH" }); returns { status, preview: { format, encoding?, separator?, sheetName?, header, mapping (detected unless given), problems, sample, total, counts { created, updated, skipped, refused }, report [{ row, messages }], reportTruncated } }. Writes nothing; a bad file is a 400 with its Italian message, an oversized one a 413.
import { previewContactImport } from "@/db/queries/contact-import";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { readSpreadsheetUpload } from "@/lib/api/spreadsheet-upload";
import { CONTACT_IMPORT_FILE_FIELD, CONTACT_IMPORT_OPTIONS_FIELD, contactImportOptionsSchema } from "@/lib/schemas/contact-import";

export const POST = guarded("ROLE_USER", async ({ req, scope }) => {
  const { sheet, options } = await readSpreadsheetUpload(req, CONTACT_IMPORT_FILE_FIELD, CONTACT_IMPORT_OPTIONS_FIELD, contactImportOptionsSchema);
  return ok({ preview: await previewContactImport(scope, sheet, options) });
});
