// POST /api/sdi-inbox/check — 'Controlla ora': the tenant's PEC mailbox read now (the same pass as the scheduled job, each message
// once) → { status, message, found, processed, failed, outcomes: { Applicata?, Importata?, Ignorata?, 'Da verificare'? } }.
// No mailbox configured: 400; the mailbox unreachable or the login refused: 400 with the server's reason.
import { invoiceEntity } from "@/db/documents/entity";
import { pollTenantMailbox, SDI_INBOX_MESSAGES } from "@/db/queries/sdi-inbox";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { ApiError, BadRequestError } from "@/lib/errors";

export const POST = guarded(invoiceEntity.role, async ({ scope }) => {
  let pass;
  try {
    pass = await pollTenantMailbox(scope);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const detail = err instanceof Error ? ((err as { responseText?: string }).responseText ?? err.message) : String(err);
    throw new BadRequestError(SDI_INBOX_MESSAGES.pollFailed(detail));
  }
  const message = pass.processed === 0 ? "Nessun nuovo messaggio nella casella PEC" : `Messaggi elaborati: ${pass.processed}`;
  return ok({ message, found: pass.found, processed: pass.processed, failed: pass.failed, outcomes: pass.outcomes });
});
