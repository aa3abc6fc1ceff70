/**
 * The request guard for pages (route handlers are guarded by lib/api/route.ts).
 * Decodes the session, applies the navigation rules of spec section 2 (lib/navigation.ts),
 * remembers the last route in a cookie, and passes the path on to server components.
 */
import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import type { Role } from "@/db/schema/users";
import { ensureAuthSecret } from "@/lib/auth/secret";
import { decideNavigation, isRememberable, LAST_ROUTE_COOKIE, type NavUser } from "@/lib/navigation";

ensureAuthSecret();

const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];

/**
 * The session token decoded without Auth.js's middleware wrapper: the wrapper re-issues the session
 * cookie on every response, which would undo the demo logout below.
 */
async function sessionUser(req: NextRequest): Promise<NavUser | null> {
  const secureCookie = req.cookies.has(SESSION_COOKIES[1]!);
  const token = await getToken({ req, secret: process.env.AUTH_SECRET, secureCookie });
  if (!token?.sub) return null;
  return { username: String(token.username ?? ""), roles: (token.roles as Role[]) ?? [], tenantId: Number(token.tid) };
}

export default async function proxy(req: NextRequest) {
  const path = req.nextUrl.pathname;
  const user = await sessionUser(req);
  const lastRoute = req.cookies.get(LAST_ROUTE_COOKIE)?.value ?? null;
  const decision = decideNavigation(path, user, lastRoute);

  if (decision.kind === "redirect") {
    const url = req.nextUrl.clone();
    url.pathname = decision.to;
    url.search = "";
    return NextResponse.redirect(url);
  }

  const headers = new Headers(req.headers);
  headers.set("x-pathname", path);
  const res = NextResponse.next({ request: { headers } });
  if (decision.kind === "logout") {
    for (const name of SESSION_COOKIES) res.cookies.delete(name);
    return res;
  }
  // Full page loads are remembered here; client-side navigations (RSC requests, including link
  // prefetches that are not visits at all) are remembered by the shell itself (components/shell/shell.tsx).
  const dest = req.headers.get("sec-fetch-dest") ?? "document";
  const documentLoad = dest === "document" && !req.headers.has("rsc") && !req.headers.has("next-url");
  if (user && documentLoad && isRememberable(path)) {
    res.cookies.set(LAST_ROUTE_COOKIE, path, { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 90 });
  }
  return res;
}

export const config = {
  matcher: ["/((?!api/|_next/|favicon.ico|.*\\.[a-zA-Z0-9]+$).*)"],
};
