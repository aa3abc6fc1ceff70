/**
 * Allegati (spec §3 Attachment, §9): the `files` list an entity with attachments carries in its JSON (sales
 * documents, purchase invoices), shared by the forms and the server (db/queries/attachments.ts).
 *
 * A save sends the whole list: saved files by id (name and description may change), new ones without an id and
 * with their bytes in the multipart part filesContent[index] (index = their position in the list); a saved file
 * left out is deleted. A save without `files` leaves the files as they are.
 */
import { z } from "zod";
import { rowIdentity, text } from "./fields";

/** Largest file (spec §9: 100 MB per file); beyond it the save is a 413 'File troppo grande' and writes nothing. */
export const MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024;
/** Most files one record holds (a list beyond it is refused before any byte is stored). */
export const MAX_ATTACHMENTS = 100;
/** Multipart field of the new files: the file at `index` of the list is the part filesContent[index]. */
export const ATTACHMENT_PARTS_FIELD = "filesContent";
export const attachmentPartName = (index: number) => `${ATTACHMENT_PARTS_FIELD}[${index}]`;

export const ATTACHMENT_MESSAGES = {
  tooBig: "File troppo grande",
  name: 'Il campo "Nome" del file è richiesto',
  tooMany: `Troppi allegati (massimo ${MAX_ATTACHMENTS})`,
  notFound: "File non trovato",
  foreign: "Uno dei file inviati non appartiene a questo elemento: ricarica i dati",
  missingContent: (name: string) => `Il contenuto del file "${name}" non è stato inviato: aggiungilo di nuovo`,
  unexpectedPart: (part: string) => `Dati non validi: la parte "${part}" non corrisponde a un nuovo file della lista`,
  entityFirst: (field: string) => `Dati non validi: il campo "${field}" deve precedere i file`,
} as const;

/** One row of the list as a save sends it. */
export const attachmentInputSchema = z.object({
  ...rowIdentity,
  name: text(ATTACHMENT_MESSAGES.name, 255),
  description: text(undefined, 1000).optional().default(""),
});
export type AttachmentInput = z.infer<typeof attachmentInputSchema>;

/** The `files` field of a save: absent leaves the stored files untouched. */
export const attachmentsInput = z.array(attachmentInputSchema, { error: "Allegati non validi" }).max(MAX_ATTACHMENTS, ATTACHMENT_MESSAGES.tooMany).optional();

/** One stored file as the record answers it. */
export const attachmentResponse = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Bytes. */
  size: z.number().int(),
  contentType: z.string(),
  /** ISO instant of the upload. */
  created: z.string(),
  /** Who uploaded it ("Nome Cognome"), null when that user is gone. */
  createdBy: z.string().nullable(),
  /** Its download call (GET → { filename, contentBase64, contentType }). */
  webPathAttachmentFile: z.string(),
});
export type AttachmentJson = z.infer<typeof attachmentResponse>;

/** The `files` field of a record's answer (a new record's draft has none). */
export const attachmentsResponse = z.array(attachmentResponse).optional().default([]);
