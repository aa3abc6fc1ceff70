// GET /api/deadlines/send-reminder/{id} — the 'Sollecito' dialog prefilled: { status, reminder { email, cc, subject, body, version }, amount, daysLate, interest }.
// POST /api/deadlines/send-reminder/{id} — sends it with the invoice's PDF (multipart, field reminder { email, cc, subject, body, version }): { status, message }.
import { DEADLINES_ROLE, reminderFormData, sendReminder } from "@/db/queries/deadlines";
import { parseId, readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { REMINDER_FIELD, reminderSchema } from "@/lib/schemas/deadline";

export const GET = guarded<{ id: string }>(DEADLINES_ROLE, async ({ params, scope }) => {
  return ok({ ...(await reminderFormData(scope, parseId(params.id))) });
});

export const POST = guarded<{ id: string }>(DEADLINES_ROLE, async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const input = await readEntity(req, REMINDER_FIELD, reminderSchema);
  return ok({ ...(await sendReminder(scope, id, input)) });
});
