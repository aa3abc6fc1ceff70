// POST /api/users/two-factor/enable — field "twoFactor" {code}: a code of the pending secret turns two-factor on; answers the 10 recovery codes.
import { enableTwoFactor } from "@/db/queries/two-factor";
import { readEntity } from "@/lib/api/body";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { notInDemo } from "@/lib/api/demo";
import { clientAddress } from "@/lib/auth/client-address";
import { twoFactorCodeSchema } from "@/lib/schemas/two-factor";

const post = guarded(null, async ({ req, scope, user }) => {
  const input = await readEntity(req, "twoFactor", twoFactorCodeSchema);
  const recoveryCodes = await enableTwoFactor(scope, user.id, input.code, clientAddress(req.headers));
  return ok({ message: "Autenticazione a due fattori attivata", recoveryCodes });
});
// the public demo: refused (lib/api/demo.ts)
export const POST = notInDemo(post);
