// GET /api/invoices/get-file/{id}/files/{fileId} — an attached file of the document: { status, filename, contentBase64, contentType }, streamed; another tenant's or another document's file is a 404.
import { invoiceEntity } from "@/db/documents/entity";
import { fileDownloadResponse } from "@/lib/api/attachments";
import { parseId } from "@/lib/api/body";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string; fileId: string }>(invoiceEntity.role, async ({ params, scope }) => {
  return fileDownloadResponse(await invoiceEntity.file(scope, parseId(params.id), parseId(params.fileId)));
});
