// POST /api/invoices/download-xml-zip — 'Scarica XML' of the selected documents (multipart, field ids: a JSON array or a comma list) → the zip of their FatturaPA files, with ERRORI.txt for those left out; 400 when none has a file.
import { electronicInvoicesZip } from "@/db/documents/xml-zip";
import { invoiceEntity } from "@/db/documents/entity";
import { parseIdList, readForm } from "@/lib/api/body";
import { guarded } from "@/lib/api/route";
import { BadRequestError } from "@/lib/errors";

const BAD_IDS = "Identificativi delle righe non validi";

/** The ids field as parseIdList reads it: a JSON array ("[1,2]") becomes its comma list. */
function idsField(raw: FormDataEntryValue | null): FormDataEntryValue | null {
  if (typeof raw !== "string" || !raw.trim().startsWith("[")) return raw;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new BadRequestError(BAD_IDS);
  }
  if (!Array.isArray(list) || list.some((v) => typeof v !== "number" && typeof v !== "string")) throw new BadRequestError(BAD_IDS);
  return list.join(",");
}

export const POST = guarded(invoiceEntity.role, async ({ req, scope }) => {
  // 5,000 ids are ~55 KB as text
  const form = await readForm(req);
  // at most 5,000 (checked by electronicInvoicesZip), another tenant's id: 404
  const zip = await electronicInvoicesZip(scope, parseIdList(idsField(form.get("ids"))));
  return new Response(zip.bytes as BodyInit, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${zip.filename}"`,
      "Content-Length": String(zip.bytes.length),
    },
  });
});
