// POST /api/invoices/send-sdi/{id} — 'Invia allo SDI' ('Firma e invia' with a signing certificate): the document's FatturaPA file
// sent through the tenant's PEC, exactly once → { status, message, invoice (sdiState 'Inviata allo SDI' once the provider accepted), transmission: { id, fileName, state, attempts, lastError, signed } }.
// A temporary failure answers 200 with transmission.state 'In coda' (retried by the queue); refusals in Italian: not issued (400),
// no PEC configured (400), FPA12 without certificate (400), already sent and not Scartata / already queued (409), the provider's refusal (400).
import { invoiceEntity } from "@/db/documents/entity";
import { sendDocumentToSdi } from "@/db/queries/sdi-transmissions";
import { scheduleSdiRetry } from "@/db/jobs/sdi-send";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded<{ id: string }>(invoiceEntity.role, async ({ params, scope }) => {
  const { message, invoice, transmission } = await sendDocumentToSdi(scope, parseId(params.id), { retry: scheduleSdiRetry });
  return ok({ message, invoice, transmission });
});
