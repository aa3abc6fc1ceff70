// GET /api/invoices/download-pdf/{id} — the document's PDF: { status, filename, contentBase64, contentType }, or with ?inline=1 the PDF itself (the preview).
import { getInvoicePdfData } from "@/db/documents/pdf";
import { invoiceEntity } from "@/db/documents/entity";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { invoicePdfFilename } from "@/lib/pdf/invoice-pdf";
import { renderDocumentPdf } from "@/lib/pdf/pool";

export const GET = guarded<{ id: string }>(invoiceEntity.role, async ({ req, params, scope }) => {
  const data = await getInvoicePdfData(scope, parseId(params.id));
  // in the PDF pool's workers (a client that goes away takes its render with it)
  const pdf = await renderDocumentPdf(data, { signal: req.signal });
  const filename = invoicePdfFilename(data);
  if (req.nextUrl.searchParams.get("inline") === "1") {
    return new Response(new Uint8Array(pdf), {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${filename}"`, "Content-Length": String(pdf.length) },
    });
  }
  return ok({ filename, contentBase64: pdf.toString("base64"), contentType: "application/pdf" });
});
