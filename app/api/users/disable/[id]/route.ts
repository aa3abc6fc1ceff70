// POST /api/users/disable/{id} — disables the user (not oneself, not the last active admin) and ends their sessions at once: { status, message, user }.
import { setUserDisabled, userEntity } from "@/db/queries/users-admin";
import { userAdminActor } from "@/lib/api/actor";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded<{ id: string }>(userEntity.role, async ({ req, params, scope, user }) => ok({ ...(await setUserDisabled(scope, userAdminActor(req, user), parseId(params.id), true)) }));
