// POST /api/users/two-factor/disable — field "twoFactor" {code}: a current code or a recovery code turns two-factor off.
import { disableTwoFactor } from "@/db/queries/two-factor";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { notInDemo } from "@/lib/api/demo";
import { clientAddress } from "@/lib/auth/client-address";
import { twoFactorCodeSchema } from "@/lib/schemas/two-factor";

const post = guarded(null, async ({ req, scope, user }) => {
  const input = await readEntity(req, "twoFactor", twoFactorCodeSchema);
  await disableTwoFactor(scope, user.id, input.code, clientAddress(req.headers));
  return ok({ message: "Autenticazione a due fattori disattivata" });
});
// the public demo: refused (lib/api/demo.ts)
export const POST = notInDemo(post);
