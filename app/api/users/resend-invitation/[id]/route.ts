// POST /api/users/resend-invitation/{id} — a new invitation link by mail (older links stop working), only while the user has no password: { status, message, user }.
import { resendInvitation, userEntity } from "@/db/queries/users-admin";
import { userAdminActor } from "@/lib/api/actor";
import { parseId } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const POST = guarded<{ id: string }>(userEntity.role, async ({ req, params, scope, user }) => ok({ ...(await resendInvitation(scope, userAdminActor(req, user), parseId(params.id))) }));
