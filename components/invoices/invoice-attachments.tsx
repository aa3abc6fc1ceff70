"use client";

import { useWatch } from "react-hook-form";
import type { EntityFormContext } from "@/components/form/entity-form-modal";
import { FileList, newAttachmentBlobs, type AttachmentItem } from "@/components/form/inputs/file-list";
import { apiGet, showError } from "@/lib/client/api";
import { saveBase64File, type Base64File } from "@/lib/client/download";
import type { ZodForm } from "@/lib/client/use-zod-form";
import { ATTACHMENT_PARTS_FIELD } from "@/lib/schemas/attachment";
import { invoiceApi, type invoiceSchema } from "@/lib/schemas/invoice";

/** GET …/get-file/{id}/files/{fileId} of a saved file of a saved document. */
export const invoiceFileUrl = (documentId: number, fileId: number) => `${invoiceApi.url}/get-file/${documentId}/files/${fileId}`;

export interface InvoiceAttachmentsProps {
  form: ZodForm<typeof invoiceSchema>;
  /** The form's context: the document's id (downloads) and setFile (the new files' bytes for the save). */
  context: Pick<EntityFormContext<{ id: number | null }>, "entity" | "setFile" | "saving">;
  /** An issued (locked) document: files are listed and opened, not changed (the save would be refused). */
  readOnly?: boolean;
}

/**
 * 'Note e allegati': the document's files (the form's `files` value, as the invoice JSON carries it). New files
 * stay in the browser as Blobs until Salva, which sends them as filesContent[index] beside the `files` list
 * (index = their row in the list); a saved file opens through its download; renaming the description or
 * removing a row takes effect at the save (100 MB per file, refused here before any upload).
 */
export function InvoiceAttachments({ form, context, readOnly = false }: InvoiceAttachmentsProps) {
  const files = (useWatch({ control: form.control, name: "files" }) ?? []) as AttachmentItem[];
  const documentId = context.entity.id;

  const onChange = (items: AttachmentItem[]) => {
    // the list (without the Blobs: JSON.stringify drops them anyway) goes in the JSON, the Blobs as parts by row index
    form.setValue("files", items as never, { shouldDirty: true });
    const blobs = newAttachmentBlobs(items);
    // EntityFormModal sends an array under this key as filesContent[0], filesContent[1], … (empty slots skipped)
    context.setFile(ATTACHMENT_PARTS_FIELD, blobs.some(Boolean) ? blobs : null);
  };

  const open = async (item: AttachmentItem) => {
    if (documentId === null || item.id === undefined) return;
    try {
      saveBase64File(await apiGet<Base64File>(invoiceFileUrl(documentId, item.id)));
    } catch (error) {
      void showError(error);
    }
  };

  return (
    <FileList
      value={files}
      onChange={onChange}
      onOpen={(item) => void open(item)}
      canUpload={!readOnly}
      canDelete={!readOnly}
      editable={!readOnly}
      disabled={context.saving}
    />
  );
}
