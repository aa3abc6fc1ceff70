// GET /api/sdi-inbox — what the PEC mailbox could not place ('Da verificare'), newest first; ?all=1 every message read (the last 200):
// { status, messages: [{ id, receivedAt, from, subject, outcome, reason, files: [{ index, name, url }] }] }. ROLE_DOCUMENT.
import { invoiceEntity } from "@/db/documents/entity";
import { listInbox } from "@/db/queries/sdi-inbox";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded(invoiceEntity.role, async ({ req, scope }) => {
  const all = new URL(req.url).searchParams.get("all") === "1";
  return ok({ messages: await listInbox(scope, all) });
});
