// POST /api/users/set-profile — field "user" {firstName, lastName, color, version}: updates the own profile.
import { setProfile, toProfile } from "@/db/queries/users";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { profileSchema } from "@/lib/schemas/user";

export const POST = guarded(null, async ({ req, scope, user }) => {
  const input = await readEntity(req, "user", profileSchema);
  const saved = await setProfile(scope, user.id, input);
  return ok({ message: "Modifica effettuata", user: toProfile(saved) });
});
