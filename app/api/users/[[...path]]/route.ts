// /api/users — Utenti (ROLE_ADMIN): list, export, create-form-data, update-form-data/{id}, get/{id} and delete/{id} (refused: users are disabled, not deleted) from lib/api/entity-routes.ts; POST {url} invites, POST {url}/{id} updates, with who acts. disable/{id}, enable/{id}, resend-invitation/{id}, invite and the profile calls are beside.
import { SAVED_MESSAGE, UPDATED_MESSAGE } from "@/db/entity";
import { inviteUser, updateUser, USER_ADMIN_MESSAGES, userEntity } from "@/db/queries/users-admin";
import { userAdminActor } from "@/lib/api/actor";
import { parseId, readEntity } from "@/lib/api/body";
import { entityRoutes, UNKNOWN_CALL } from "@/lib/api/entity-routes";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { expectAuthNotification } from "@/lib/auth/session-cache";
import { NotFoundError } from "@/lib/errors";
import { notInDemo, refuseInDemo } from "@/lib/api/demo";

const routes = entityRoutes(userEntity);
export const GET = routes.GET;
// delete is refused anyway (users are disabled); in the demo with the demo's own message
export const DELETE = notInDemo(routes.DELETE);

// the standard save contract (field "user"; 'Salvataggio effettuato' / 'Modifica effettuata'), plus the actor the rules and the invitation need
export const POST = guarded<{ path?: string[] }>(userEntity.role, async ({ req, params, scope, user }) => {
  const path = params.path ?? [];
  if (path.length > 1) throw new NotFoundError(UNKNOWN_CALL);
  const id = path.length === 1 ? parseId(path[0]) : undefined;
  // the public demo's users stay as seeded (an invitation is refused by inviteUser with its own message)
  if (id !== undefined) refuseInDemo(user);
  const input = await readEntity(req, userEntity.api.field, userEntity.input);
  const actor = userAdminActor(req, user);
  if (id !== undefined) {
    // a role change ends the user's sessions: refused on every instance before the answer leaves
    const told = await expectAuthNotification(`u:${id}`);
    const saved = await updateUser(scope, actor, id, input);
    await told();
    return ok({ message: UPDATED_MESSAGE, user: saved });
  }
  const invited = await inviteUser(scope, actor, input);
  return ok({ message: SAVED_MESSAGE, dialogMessage: USER_ADMIN_MESSAGES.invitationSent(invited.email), user: await userEntity.toJson(scope, invited) });
});
