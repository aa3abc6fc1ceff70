// POST /api/users/two-factor/reset/{id} — an administrator turns off another user's two-factor login (phone and recovery codes lost): { status, message, user }.
import { resetUserTwoFactor, userEntity } from "@/db/queries/users-admin";
import { userAdminActor } from "@/lib/api/actor";
import { parseId } from "@/lib/api/body";
import { notInDemo } from "@/lib/api/demo";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

const post = guarded<{ id: string }>(userEntity.role, async ({ req, params, scope, user }) => {
  return ok({ ...(await resetUserTwoFactor(scope, userAdminActor(req, user), parseId(params.id))) });
});
// the public demo: refused (lib/api/demo.ts)
export const POST = notInDemo(post);
