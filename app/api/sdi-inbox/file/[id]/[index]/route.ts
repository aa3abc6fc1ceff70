// GET /api/sdi-inbox/file/{id}/{index} — a file of a message read from the PEC mailbox: { status, filename, contentType, contentBase64 };
// another tenant's message or no such file: 404.
import { invoiceEntity } from "@/db/documents/entity";
import { inboxFile } from "@/db/queries/sdi-inbox";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { BadRequestError } from "@/lib/errors";

export const GET = guarded<{ id: string; index: string }>(invoiceEntity.role, async ({ params, scope }) => {
  if (!/^\d{1,4}$/.test(params.index)) throw new BadRequestError("Identificativo non valido");
  const f = await inboxFile(scope, parseId(params.id), Number(params.index));
  return ok({ filename: f.name, contentType: f.contentType, contentBase64: f.bytes.toString("base64") });
});
