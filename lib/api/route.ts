import "server-only";
import type { NextRequest } from "next/server";
import { getDb, type Db } from "@/db/client";
import { TenantScope } from "@/db/scope";
import type { Role } from "@/db/schema";
import { clientAddress } from "@/lib/auth/client-address";
import { hasRole, resolveUser, type CurrentUser } from "@/lib/auth/current-user";
import { ForbiddenError, UnauthorizedError } from "@/lib/errors";
import { assertCleanUrl } from "./body";
import { assertTenantWritable } from "./read-only";
import { errorResponse } from "./respond";

type Params = Record<string, string | string[] | undefined>;
type NextCtx = { params: Promise<Params> };

export type RouteHandler = (req: NextRequest, ctx: NextCtx) => Promise<Response>;

export interface GuardedContext<P extends Params> {
  req: NextRequest;
  params: P;
  user: CurrentUser;
  /** The only way a handler reaches business data: every query carries the session's tenant. */
  scope: TenantScope;
}

export interface PublicContext<P extends Params> {
  req: NextRequest;
  params: P;
  /** Unscoped database, for the pre-session account flows in db/queries/accounts.ts only. */
  db: Db;
  /** The client's address (lib/auth/client-address.ts), for the flows' rate limits. */
  address: string;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const CROSS_SITE_REFUSED = "Richiesta non consentita: proviene da un altro sito";

/** The origins this app answers as: the request's own (Host as the proxy passes it) and APP_URL. */
function ownOrigins(req: NextRequest): Set<string> {
  const origins = new Set<string>([req.nextUrl.origin]);
  const host = req.headers.get("host");
  if (host) origins.add(`${req.nextUrl.protocol}//${host}`).add(`https://${host}`);
  if (process.env.APP_URL) origins.add(new URL(process.env.APP_URL).origin);
  return origins;
}

/**
 * Cross-site request forgery: a state-changing request from a browser must come from our own origin
 * (Origin header; Sec-Fetch-Site when a browser sends no Origin). Requests with neither header —
 * scripts and integrations, which hold no victim's cookie — pass. `always` also checks GET (the
 * demo's GET /api/logout: a link on another site must not log anyone out).
 */
export function assertSameOrigin(req: NextRequest, always = false): void {
  if (!always && !STATE_CHANGING.has(req.method)) return;
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (!ownOrigins(req).has(origin)) throw new ForbiddenError(CROSS_SITE_REFUSED);
    return;
  }
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") throw new ForbiddenError(CROSS_SITE_REFUSED);
}

/**
 * The guard's decision for a user: 401 without a live session, 403 without the role, otherwise the
 * user and their tenant scope. Route handlers (guarded) and server components (loadFirstBlock) both
 * get their scope here.
 */
export async function authorize(user: CurrentUser | null, role: Role | null, address?: string): Promise<{ user: CurrentUser; scope: TenantScope }> {
  if (!user) throw new UnauthorizedError();
  if (!hasRole(user, role)) throw new ForbiddenError();
  return { user, scope: new TenantScope(await getDb(), user.tenantId, { userId: user.id, roles: user.roles, address }) };
}

/**
 * The one guard of every non-public route handler: session (401), role (403), tenant scope, an expired
 * tenant's writes (402, lib/api/read-only.ts), and the error contract (no handler error becomes anything but our JSON failure).
 * Pass null as role for "any logged-in user".
 */
export function guarded<P extends Params = Params>(role: Role | null, handler: (ctx: GuardedContext<P>) => Promise<Response>): RouteHandler {
  return async (req, ctx) => {
    try {
      assertCleanUrl(req.url);
      assertSameOrigin(req);
      const { user, scope } = await authorize(await resolveUser(req.cookies), role, clientAddress(req.headers));
      await assertTenantWritable(req.method, req.nextUrl.pathname, user, scope);
      return await handler({ req, params: ((await ctx?.params) ?? {}) as P, user, scope });
    } catch (err) {
      return errorResponse(err);
    }
  };
}

/** Public handlers (login, sign-up, password links): the same error contract, no session. */
export function publicRoute<P extends Params = Params>(handler: (ctx: PublicContext<P>) => Promise<Response>): RouteHandler {
  return async (req, ctx) => {
    try {
      assertCleanUrl(req.url);
      assertSameOrigin(req);
      return await handler({ req, params: ((await ctx?.params) ?? {}) as P, db: await getDb(), address: clientAddress(req.headers) });
    } catch (err) {
      return errorResponse(err);
    }
  };
}
