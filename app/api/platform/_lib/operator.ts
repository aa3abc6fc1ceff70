import "server-only";
import type { NextRequest } from "next/server";
import { getDb, type Db } from "@/db/client";
import { assertCleanUrl } from "@/lib/api/body";
import { errorResponse } from "@/lib/api/respond";
import { assertSameOrigin, type RouteHandler } from "@/lib/api/route";
import { resolveUser, type CurrentUser } from "@/lib/auth/current-user";
import { ForbiddenError, UnauthorizedError } from "@/lib/errors";
import { ORDER_MESSAGES } from "@/lib/schemas/subscription-order";

type Params = Record<string, string | string[] | undefined>;

/**
 * The platform operator behind a session: a live user holding the operator flag (users.platform_operator), which
 * only `npm run operator -- grant` sets — never an e-mail match: anyone can sign up with any address (issue 29).
 */
export function isPlatformOperator(user: CurrentUser | null): user is CurrentUser {
  return Boolean(user && !user.disabled && user.platformOperator);
}

/**
 * The guard of the operator's calls (outside tenant data, no tenant role grants them): the same URL, origin and
 * session checks as `guarded`, then the operator flag (403 for everyone else). The handler gets the unscoped database.
 */
export function operatorRoute<P extends Params = Params>(handler: (ctx: { req: NextRequest; params: P; operator: CurrentUser; db: Db }) => Promise<Response>): RouteHandler {
  return async (req, ctx) => {
    try {
      assertCleanUrl(req.url);
      assertSameOrigin(req);
      const user = await resolveUser(req.cookies);
      if (!user) throw new UnauthorizedError();
      if (!isPlatformOperator(user)) throw new ForbiddenError(ORDER_MESSAGES.operatorOnly);
      return await handler({ req, params: ((await ctx?.params) ?? {}) as P, operator: user, db: await getDb() });
    } catch (err) {
      return errorResponse(err);
    }
  };
}
