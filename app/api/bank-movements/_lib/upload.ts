import "server-only";
import type { StatementFile } from "@/db/queries/bank-movements";
import { entityFromForm, readForm } from "@/lib/api/body";
import { MAX_STATEMENT_BYTES, type ColumnMapping } from "@/lib/bank/types";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { BANK_MESSAGES, columnMappingSchema, IMPORT_ACCOUNT_FIELD, IMPORT_FILES_FIELD, IMPORT_MAPPING_FIELD, importAccountSchema } from "@/lib/schemas/bank-movement";

/** Most statement files one import takes. */
export const MAX_STATEMENT_FILES = 20;
/** The whole body of one import: two statements at their largest, and the multipart envelope. */
const MAX_UPLOAD_BYTES = 2 * MAX_STATEMENT_BYTES + 256 * 1024;

/** The import's body: the files of part `files`, the account of field `bankAccount` and the optional `mapping`. */
export async function readStatementUpload(req: Request): Promise<{ accountId: number; files: StatementFile[]; mapping: ColumnMapping | null }> {
  let form: FormData;
  try {
    form = await readForm(req, MAX_UPLOAD_BYTES);
  } catch (err) {
    if (err instanceof PayloadTooLargeError) throw new PayloadTooLargeError(BANK_MESSAGES.tooBig(MAX_STATEMENT_BYTES / 1024 / 1024));
    throw err;
  }
  const account = entityFromForm(form, IMPORT_ACCOUNT_FIELD, importAccountSchema);
  const mapping = form.has(IMPORT_MAPPING_FIELD) && form.get(IMPORT_MAPPING_FIELD) !== "null" ? (entityFromForm(form, IMPORT_MAPPING_FIELD, columnMappingSchema) as ColumnMapping) : null;
  const parts = form.getAll(IMPORT_FILES_FIELD);
  if (!parts.length) throw new BadRequestError(BANK_MESSAGES.noFiles);
  if (parts.length > MAX_STATEMENT_FILES) throw new BadRequestError(BANK_MESSAGES.tooManyFiles(MAX_STATEMENT_FILES));
  const files: StatementFile[] = [];
  for (const part of parts) {
    if (!(part instanceof Blob)) throw new BadRequestError(BANK_MESSAGES.notAFile);
    if (part.size > MAX_STATEMENT_BYTES) throw new PayloadTooLargeError(BANK_MESSAGES.tooBig(MAX_STATEMENT_BYTES / 1024 / 1024));
    files.push({ name: part instanceof File && part.name ? part.name : `file ${files.length + 1}`, bytes: new Uint8Array(await part.arrayBuffer()) });
  }
  return { accountId: account.id, files, mapping };
}
