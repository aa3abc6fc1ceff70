// GET /api/expenses/download-electronic-invoice-original-file/{id} — the purchase invoice's received e-invoice file (original): { status, filename, contentBase64, contentType }, streamed; none stored or another tenant's: 404.
import { einvoiceFile, expenseEntity } from "@/db/queries/expenses";
import { fileDownloadResponse } from "@/lib/api/attachments";
import { parseId } from "@/lib/api/body";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>(expenseEntity.role, async ({ params, scope }) => {
  return fileDownloadResponse(await einvoiceFile(scope, parseId(params.id), "original"));
});
