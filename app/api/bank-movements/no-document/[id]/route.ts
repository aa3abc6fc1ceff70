// POST /api/bank-movements/no-document/{id} — optional field match { version }: the movement set 'Nessun documento' (a bank fee, anything without a document) → { status, message, movement }.
import { BANK_MOVEMENTS_ROLE, markNoDocument } from "@/db/queries/bank-movements";
import { entityFromForm, parseId, readForm } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { BANK_MESSAGES, MATCH_FIELD, movementVersionSchema } from "@/lib/schemas/bank-movement";

export const POST = guarded<{ id: string }>(BANK_MOVEMENTS_ROLE, async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const form = await readForm(req);
  const { version } = form.has(MATCH_FIELD) ? entityFromForm(form, MATCH_FIELD, movementVersionSchema) : { version: undefined };
  return ok({ message: BANK_MESSAGES.noDocument, movement: await markNoDocument(scope, id, version) });
});
