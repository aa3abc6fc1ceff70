// POST /api/bank-movements/unmatch/{id} — optional field match { version }: the match undone exactly (or 'Nessun documento' taken back) → { status, message, movement }.
import { BANK_MOVEMENTS_ROLE, unmatchMovement } from "@/db/queries/bank-movements";
import { entityFromForm, parseId, readForm } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { BANK_MESSAGES, MATCH_FIELD, movementVersionSchema } from "@/lib/schemas/bank-movement";

export const POST = guarded<{ id: string }>(BANK_MOVEMENTS_ROLE, async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const form = await readForm(req);
  const { version } = form.has(MATCH_FIELD) ? entityFromForm(form, MATCH_FIELD, movementVersionSchema) : { version: undefined };
  return ok({ message: BANK_MESSAGES.unmatched, movement: await unmatchMovement(scope, id, version) });
});
