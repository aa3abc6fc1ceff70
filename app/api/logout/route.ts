// GET /api/logout (demo user on /login) and POST /api/logout — ends the session (server-side too); always succeeds.
import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit-events";
import { revokeSession } from "@/db/queries/sessions";
import { signOut } from "@/lib/auth";
import { ok } from "@/lib/api/respond";
import { assertSameOrigin, publicRoute } from "@/lib/api/route";
import { expectAuthNotification, forgetSession } from "@/lib/auth/session-cache";
import { readSessionClaims } from "@/lib/auth/session-token";

const logout = publicRoute(async ({ req, db, address }) => {
  // the demo's GET too: a link on another site must not log anyone out
  assertSameOrigin(req, true);
  const claims = await readSessionClaims(req.cookies);
  if (claims) {
    await forgetSession(claims.sid);
    const told = await expectAuthNotification(`s:${claims.sid}`);
    // the session ends with its 'Uscita' in the audit log: one transaction
    await db.transaction(async (tx0) => {
      const tx = tx0 as unknown as Db;
      const ended = await revokeSession(tx, claims.sid, "logout");
      if (ended) await recordAuditEvent(tx, { tenantId: ended.tenantId, userId: ended.userId, event: "logout", ip: address });
    });
    // answer once every instance has heard: a copied cookie is refused everywhere from now on
    await told();
  }
  await signOut({ redirect: false });
  return ok({ message: "Logout effettuato" });
});

export const GET = logout;
export const POST = logout;
