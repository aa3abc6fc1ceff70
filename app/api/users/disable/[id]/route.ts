// POST /api/users/disable/{id} — disables the user (not oneself, not the last active admin) and ends their sessions at once: { status, message, user }.
import { setUserDisabled, userEntity } from "@/db/queries/users-admin";
import { userAdminActor } from "@/lib/api/actor";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { expectAuthNotification } from "@/lib/auth/session-cache";
import { notInDemo } from "@/lib/api/demo";

const post = guarded<{ id: string }>(userEntity.role, async ({ req, params, scope, user }) => {
  const id = parseId(params.id);
  const told = await expectAuthNotification(`u:${id}`);
  const answer = await setUserDisabled(scope, userAdminActor(req, user), id, true);
  // the user's sessions are refused on every instance before the answer leaves
  await told();
  return ok({ ...answer });
});
// the public demo: refused (lib/api/demo.ts)
export const POST = notInDemo(post);
