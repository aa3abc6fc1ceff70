/** Limits of the spreadsheet imports, shared by the server's reader (lib/import) and the import dialogs. */

/** Upload cap of an import (the server answers 413 beyond it); 10,000 contacts are ~2 MB of CSV. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const IMPORT_TOO_BIG = `File troppo grande: il limite per l'importazione è di ${MAX_IMPORT_BYTES / 1024 / 1024} MB`;
