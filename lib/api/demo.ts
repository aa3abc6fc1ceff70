/**
 * The public demo account (tenants.demo: tenant 1, user 'demo', whose password the login page shows) is shared by
 * every visitor: a call that would lock the next visitor out or change who may enter (the password, the
 * profile, the tenant's settings, its users) is refused there with a 403 and an Italian message (issue 29).
 * E-mail from the demo tenant never leaves (lib/mail/mailer.ts); the reset of the demo's password is refused
 * by the reset call itself (app/api/reset-password).
 */
import "server-only";
import type { NextRequest } from "next/server";
import { resolveUser } from "@/lib/auth/current-user";
import { ForbiddenError } from "@/lib/errors";
import { errorResponse } from "./respond";
import type { RouteHandler } from "./route";

export const DEMO_REFUSED = "Operazione non consentita nell'account dimostrativo";

/** Throws the demo's 403 for a user of the demo tenant. */
export function refuseInDemo(user: { tenant: { demo: boolean } } | null | undefined): void {
  if (user?.tenant.demo) throw new ForbiddenError(DEMO_REFUSED);
}

/**
 * Wraps a route handler (guarded or from entityRoutes) so that a session of the demo tenant gets the 403 before
 * the handler runs; anyone else (no session included: the guard then answers 401) goes through unchanged.
 */
export function notInDemo(handler: RouteHandler): RouteHandler {
  return async (req: NextRequest, ctx) => {
    try {
      refuseInDemo(await resolveUser(req.cookies));
    } catch (err) {
      return errorResponse(err);
    }
    return handler(req, ctx);
  };
}
