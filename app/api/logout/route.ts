// GET /api/logout (demo user on /login) and POST /api/logout — ends the session (server-side too); always succeeds.
import { getDb } from "@/db/client";
import { revokeSession } from "@/db/queries/sessions";
import { signOut } from "@/lib/auth";
import { ok } from "@/lib/api/respond";
import { assertSameOrigin, publicRoute } from "@/lib/api/route";
import { expectAuthNotification, forgetSession } from "@/lib/auth/session-cache";
import { readSessionClaims } from "@/lib/auth/session-token";

const logout = publicRoute(async ({ req }) => {
  // the demo's GET too: a link on another site must not log anyone out
  assertSameOrigin(req, true);
  const claims = await readSessionClaims(req.cookies);
  if (claims) {
    await forgetSession(claims.sid);
    const told = await expectAuthNotification(`s:${claims.sid}`);
    await revokeSession(await getDb(), claims.sid, "logout");
    // answer once every instance has heard: a copied cookie is refused everywhere from now on
    await told();
  }
  await signOut({ redirect: false });
  return ok({ message: "Logout effettuato" });
});

export const GET = logout;
export const POST = logout;
