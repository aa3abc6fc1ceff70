// GET /api/expenses/get-file/{id}/files/{fileId} — an attached file of the purchase invoice: { status, filename, contentBase64, contentType }, streamed; another tenant's or another record's file is a 404.
import { expenseEntity } from "@/db/queries/expenses";
import { fileDownloadResponse } from "@/lib/api/attachments";
import { parseId } from "@/lib/api/body";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string; fileId: string }>(expenseEntity.role, async ({ params, scope }) => {
  return fileDownloadResponse(await expenseEntity.file(scope, parseId(params.id), parseId(params.fileId)));
});
