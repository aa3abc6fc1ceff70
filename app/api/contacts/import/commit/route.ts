// POST /api/contacts/import/commit — the same multipart body as /preview (file "file", options "contactImport"); saves the valid rows in one transaction (new contacts created; rows whose VAT number, or codice fiscale without one, exists skipped or updated as onExisting says) and returns { status, message: 'Importazione completata: N creati, …', result: { created, updated, skipped, refused, report [{ row, messages }], reportTruncated } }. A mapping without a name column, or with a field twice, is a 400 and writes nothing.
import { commitContactImport } from "@/db/queries/contact-import";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { readSpreadsheetUpload } from "@/lib/api/spreadsheet-upload";
import { CONTACT_IMPORT_FILE_FIELD, CONTACT_IMPORT_MESSAGES, CONTACT_IMPORT_OPTIONS_FIELD, contactImportOptionsSchema } from "@/lib/schemas/contact-import";

export const POST = guarded("ROLE_USER", async ({ req, scope }) => {
  const { sheet, options } = await readSpreadsheetUpload(req, CONTACT_IMPORT_FILE_FIELD, CONTACT_IMPORT_OPTIONS_FIELD, contactImportOptionsSchema);
  const result = await commitContactImport(scope, sheet, options);
  return ok({ message: CONTACT_IMPORT_MESSAGES.done(result), result });
});
