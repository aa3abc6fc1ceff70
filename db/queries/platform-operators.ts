/**
 * Platform operators (issue 29): a flag on the user (users.platform_operator), granted and revoked only by
 * `npm run operator -- grant|revoke EMAIL` (scripts/operator.ts) — the tests grant it through this function too.
 * Never from an e-mail match or configuration: a sign-up proves nothing about who holds an address.
 * The UPDATE fires the users trigger (auth_changed, drizzle/0005), so every instance's session cache drops the
 * user's sessions and the next call reads the flag again: a grant or a revoke takes effect at once.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { normalizeLogin } from "./accounts";

export type OperatorChange = { ok: true; message: string } | { ok: false; message: string };

/** Grants (`grant` true) or revokes the operator flag of the user with this e-mail; the answer says what happened, in Italian. */
export async function setPlatformOperator(db: Db, email: string, grant: boolean): Promise<OperatorChange> {
  const address = normalizeLogin(email);
  if (!address) return { ok: false, message: "Indica l'indirizzo e-mail dell'utente" };
  const [user] = await db.select({ id: users.id, disabled: users.disabled, platformOperator: users.platformOperator }).from(users).where(eq(users.email, address)).limit(1);
  if (!user) return { ok: false, message: `Nessun utente con l'indirizzo ${address}` };
  if (user.platformOperator === grant) {
    return { ok: true, message: grant ? `${address} è già operatore della piattaforma` : `${address} non è operatore della piattaforma` };
  }
  await db.update(users).set({ platformOperator: grant }).where(eq(users.id, user.id));
  if (!grant) return { ok: true, message: `${address} non è più operatore della piattaforma` };
  return {
    ok: true,
    message: `${address} è ora operatore della piattaforma${user.disabled ? " (l'utente è disabilitato: finché lo resta non può accedere)" : ""}`,
  };
}
