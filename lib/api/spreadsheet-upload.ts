import "server-only";
import type { z } from "zod";
import { BadRequestError, PayloadTooLargeError } from "@/lib/errors";
import { MAX_IMPORT_BYTES, readSpreadsheet, SPREADSHEET_MESSAGES, type Spreadsheet } from "@/lib/import/read-spreadsheet";
import { entityFromForm, readForm } from "./body";

/** Room for the options field and the multipart envelope around the file. */
const ENVELOPE_BYTES = 256 * 1024;

export const UPLOAD_MESSAGES = {
  fileMissing: (field: string) => `Nessun file inviato: scegli un file CSV o Excel (campo "${field}")`,
  notAFile: (field: string) => `Il campo "${field}" deve essere un file`,
} as const;

/**
 * The body of an import call: a spreadsheet in the multipart file field `fileField` (read and checked by
 * lib/import/read-spreadsheet.ts) and the call's options as JSON in `optionsField` (absent: the schema's
 * defaults). A body beyond the import cap is a 413 ('File troppo grande'), drained like every upload.
 */
export async function readSpreadsheetUpload<S extends z.ZodType>(
  req: Request,
  fileField: string,
  optionsField: string,
  schema: S,
): Promise<{ sheet: Spreadsheet; options: z.infer<S>; fileName: string }> {
  let form: FormData;
  try {
    form = await readForm(req, MAX_IMPORT_BYTES + ENVELOPE_BYTES);
  } catch (err) {
    if (err instanceof PayloadTooLargeError) throw new PayloadTooLargeError(SPREADSHEET_MESSAGES.tooBig);
    throw err;
  }
  const options = form.has(optionsField) ? entityFromForm(form, optionsField, schema) : entityFromObject(schema);
  const file = form.get(fileField);
  if (file === null) throw new BadRequestError(UPLOAD_MESSAGES.fileMissing(fileField));
  if (!(file instanceof Blob)) throw new BadRequestError(UPLOAD_MESSAGES.notAFile(fileField));
  if (file.size > MAX_IMPORT_BYTES) throw new PayloadTooLargeError(SPREADSHEET_MESSAGES.tooBig);
  const sheet = await readSpreadsheet(new Uint8Array(await file.arrayBuffer()));
  return { sheet, options, fileName: file instanceof File ? file.name : "" };
}

function entityFromObject<S extends z.ZodType>(schema: S): z.infer<S> {
  const r = schema.safeParse({});
  if (!r.success) throw new BadRequestError("Opzioni mancanti");
  return r.data;
}
