// POST /api/bank-movements/match/{id} — field match { deadlines: [{ id, amount }], version? }: each deadline Saldato (a partial amount splits it) → { status, message, movement }.
import { BANK_MOVEMENTS_ROLE, matchMovement } from "@/db/queries/bank-movements";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { BANK_MESSAGES, MATCH_FIELD, matchSchema } from "@/lib/schemas/bank-movement";

export const POST = guarded<{ id: string }>(BANK_MOVEMENTS_ROLE, async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, MATCH_FIELD, matchSchema);
  return ok({ message: BANK_MESSAGES.matched, movement: await matchMovement(scope, id, input) });
});
