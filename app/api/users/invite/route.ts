// POST /api/users/invite — field "invite" {email, firstName, lastName, roles}: adds a user to the tenant and mails the /sign-in link (ROLE_ADMIN).
import { inviteUser, toProfile } from "@/db/queries/users";
import { readEntity } from "@/lib/api/body";
import { appUrl } from "@/lib/api/links";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { inviteSchema } from "@/lib/schemas/user";

export const POST = guarded("ROLE_ADMIN", async ({ req, scope, user }) => {
  const input = await readEntity(req, "invite", inviteSchema);
  const invited = await inviteUser(scope, input, appUrl(req), `${user.firstName} ${user.lastName}`.trim());
  return ok({ message: "Invito inviato", user: toProfile(invited) });
});
