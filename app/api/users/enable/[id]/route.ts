// POST /api/users/enable/{id} — enables the user again (their ended sessions stay ended): { status, message, user }.
import { setUserDisabled, userEntity } from "@/db/queries/users-admin";
import { userAdminActor } from "@/lib/api/actor";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { notInDemo } from "@/lib/api/demo";

const post = guarded<{ id: string }>(userEntity.role, async ({ req, params, scope, user }) => ok({ ...(await setUserDisabled(scope, userAdminActor(req, user), parseId(params.id), false)) }));
// the public demo: refused (lib/api/demo.ts)
export const POST = notInDemo(post);
