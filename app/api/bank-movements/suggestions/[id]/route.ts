// GET /api/bank-movements/suggestions/{id} — { status, movement, suggestions: [{ deadlines: [{ id, amount, open, deadlineDate, document, documentNumber, documentId, documentKind, contact, contactId }], score, certain, kind, reason }] } (best first; [] unless 'Da abbinare').
import { BANK_MOVEMENTS_ROLE, movementSuggestions } from "@/db/queries/bank-movements";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded<{ id: string }>(BANK_MOVEMENTS_ROLE, async ({ params, scope }) => ok({ ...(await movementSuggestions(scope, parseId(params.id))) }));
