/**
 * Unconfirmed sign-ups (issue 29): an account made by the sign-up form proves nothing about its address until the
 * confirmation link mailed to it is opened (accounts.ts confirmEmailAddress; a reset or invitation link proves it
 * too). Until then the account uses the app, but mails no customer and orders no licence: a script signing up
 * with any address cannot send mail under the product's name nor leave orders for the operator to sort out.
 * The accounts made before the flag existed count as confirmed (drizzle/0035).
 */
import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { ForbiddenError } from "@/lib/errors";

export const EMAIL_CONFIRMATION_MESSAGES = {
  mail: "Conferma il tuo indirizzo e-mail (ti abbiamo inviato un link) per inviare e-mail ai clienti",
  order: "Conferma il tuo indirizzo e-mail (ti abbiamo inviato un link) per acquistare la licenza",
  confirmed: "Indirizzo e-mail confermato: ora puoi inviare e-mail ai clienti e acquistare la licenza",
  linkInvalid: "Il link di conferma non è valido, è scaduto o è già stato usato",
} as const;

/**
 * 403 unless the acting user's address is confirmed. A server task (no actor: a planned operation's e-mail) acts
 * for the tenant, which then needs one confirmed user, so an unconfirmed sign-up cannot mail through a schedule.
 */
export async function assertAddressConfirmed(scope: TenantScope, purpose: "mail" | "order"): Promise<void> {
  const [confirmed] = await scope.platform
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, scope.tenantId), scope.actor ? eq(users.id, scope.actor.userId) : undefined, isNotNull(users.emailConfirmedAt)))
    .limit(1);
  if (!confirmed) throw new ForbiddenError(EMAIL_CONFIRMATION_MESSAGES[purpose]);
}
