// POST /api/users/invite — field "invite" {email, firstName, lastName, roles}: adds a user to the tenant and mails the /sign-in link (ROLE_ADMIN); the same code path as POST /api/users.
import { toProfile } from "@/db/queries/users";
import { inviteUser, userEntity } from "@/db/queries/users-admin";
import { userAdminActor } from "@/lib/api/actor";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { inviteSchema } from "@/lib/schemas/user";

export const POST = guarded(userEntity.role, async ({ req, scope, user }) => {
  const input = await readEntity(req, "invite", inviteSchema);
  const invited = await inviteUser(scope, userAdminActor(req, user), input);
  return ok({ message: "Invito inviato", user: toProfile(invited) });
});
