// POST /api/users/set-profile — field "user" {firstName, lastName, color, version}: updates the own profile.
import { setProfile, toProfile } from "@/db/queries/users";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { profileSchema } from "@/lib/schemas/user";
import { notInDemo } from "@/lib/api/demo";

const post = guarded(null, async ({ req, scope, user }) => {
  const input = await readEntity(req, "user", profileSchema);
  const saved = await setProfile(scope, user.id, input);
  return ok({ message: "Modifica effettuata", user: toProfile(saved) });
});
// the public demo: refused (lib/api/demo.ts)
export const POST = notInDemo(post);
