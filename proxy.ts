/**
 * The request guard for pages (route handlers are guarded by lib/api/route.ts). Of the API, it sees only paths
 * holding a '%' (see config below), and refuses those that do not decode with the JSON envelope.
 * Decodes the session, applies the navigation rules of spec section 2 (lib/navigation.ts),
 * remembers the last route in a cookie, and passes the path on to server components.
 */
import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/db/client";
import { hasMalformedEscape, MALFORMED_PATH } from "@/lib/api/body";
import { fail } from "@/lib/api/respond";
import { revokeSession } from "@/db/queries/sessions";
import { resolveUser } from "@/lib/auth/current-user";
import { forgetSession } from "@/lib/auth/session-cache";
import { SESSION_COOKIES } from "@/lib/auth/session-token";
import { decideNavigation, isOwnNavigation, isRememberable, LAST_ROUTE_COOKIE } from "@/lib/navigation";
import { contentSecurityPolicy, originOf } from "@/lib/security-headers";

/**
 * The proxy runs on Node.js and checks the server-side session like the API guard does (a cached
 * lookup): a token whose session ended (logout elsewhere, password change, disabled user) counts as
 * logged out here too, and its cookie is dropped.
 */
export default async function proxy(req: NextRequest) {
  const path = req.nextUrl.pathname;
  if (path.startsWith("/api/")) return hasMalformedEscape(path) ? fail(400, MALFORMED_PATH) : NextResponse.next();
  const user = await resolveUser(req.cookies);
  const staleCookie = !user && SESSION_COOKIES.some((name) => req.cookies.has(name));
  const lastRoute = req.cookies.get(LAST_ROUTE_COOKIE)?.value ?? null;
  // the demo logout on /login is a state change: never on another site's link or form
  const decision = decideNavigation(path, user, lastRoute, undefined, { ownNavigation: isOwnNavigation(req.headers.get("sec-fetch-site")) });

  if (decision.kind === "redirect") {
    const url = req.nextUrl.clone();
    url.pathname = decision.to;
    url.search = "";
    const res = NextResponse.redirect(url);
    if (staleCookie) for (const name of SESSION_COOKIES) res.cookies.delete(name);
    return res;
  }

  // a fresh nonce per page: Next.js reads it from the request's policy and puts it on its scripts
  const nonce = crypto.randomUUID().replace(/-/g, "");
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV !== "production", extraOrigin: originOf(process.env.CHAT_SCRIPT_URL) });
  const headers = new Headers(req.headers);
  headers.set("x-pathname", path);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  if (decision.kind === "logout" && user) {
    await forgetSession(user.sessionId);
    await revokeSession(await getDb(), user.sessionId, "logout");
  }
  if (decision.kind === "logout" || staleCookie) {
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
  // pages; and API paths holding a percent-escape, which Next.js fails to route with a 500 when it does not
  // decode (GET /api/contacts/get/%ED%A0%80): every other API call skips the proxy
  matcher: ["/((?!api/|_next/|favicon.ico|.*\\.[a-zA-Z0-9]+$).*)", "/api/:path(.*%.*)"],
};
