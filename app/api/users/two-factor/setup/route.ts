// POST /api/users/two-factor/setup — a new pending TOTP secret of the own account: { secret, otpauthUrl, qrCode }.
import { startTwoFactorSetup } from "@/db/queries/two-factor";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";
import { notInDemo } from "@/lib/api/demo";

const post = guarded(null, async ({ scope, user }) => ok({ ...(await startTwoFactorSetup(scope, user.id)) }));
// the public demo: refused (lib/api/demo.ts)
export const POST = notInDemo(post);
