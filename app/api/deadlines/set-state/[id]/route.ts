// POST /api/deadlines/set-state/{id} — a transition of the deadline (multipart, field deadline { deadlineState, paymentDate, version }): { status, message, deadline } (deadline.documentState: the invoice's state after it, e.g. 'Pagata').
import { DEADLINES_ROLE, setDeadlineState } from "@/db/queries/deadlines";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { DEADLINE_MESSAGES, deadlineApi, deadlineStateSchema } from "@/lib/schemas/deadline";

export const POST = guarded<{ id: string }>(DEADLINES_ROLE, async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, deadlineApi.field, deadlineStateSchema);
  const deadline = await setDeadlineState(scope, id, input);
  return ok({ message: DEADLINE_MESSAGES.changed, deadline });
});
