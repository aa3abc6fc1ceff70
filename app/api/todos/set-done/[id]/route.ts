// POST /api/todos/set-done/{id} — 'Segna svolto': done today (Europe/Rome); optional field todo { version } (stale → 409): { status, message, todo }.
import { setTodoDone, todoEntity } from "@/db/queries/todos";
import { entityFromForm, parseId, readForm } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { setDoneSchema, TODO_MESSAGES, todoApi } from "@/lib/schemas/todo";

export const POST = guarded<{ id: string }>(todoEntity.role, async ({ req, params, scope }) => {
  const id = parseId(params.id);
  const form = await readForm(req);
  const { version } = form.has(todoApi.field) ? entityFromForm(form, todoApi.field, setDoneSchema) : { version: undefined };
  const todo = await setTodoDone(scope, id, version);
  return ok({ message: TODO_MESSAGES.setDone, todo });
});
