/**
 * The request guard for pages (route handlers are guarded by lib/api/route.ts).
 * Decodes the session, applies the navigation rules of spec section 2 (lib/navigation.ts),
 * remembers the last route in a cookie, and passes the path on to server components.
 */
import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { authConfig } from "@/lib/auth/config";
import { decideNavigation, isRememberable, type NavUser } from "@/lib/navigation";

const { auth } = NextAuth(authConfig);

export const LAST_ROUTE_COOKIE = "last_route";
const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];

export default auth((req) => {
  const path = req.nextUrl.pathname;
  const s = req.auth?.user;
  const user: NavUser | null = s?.id ? { username: s.username, roles: s.roles ?? [], tenantId: Number(s.tenantId) } : null;
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
  if (user && isRememberable(path)) {
    res.cookies.set(LAST_ROUTE_COOKIE, path, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 90 });
  }
  return res;
});

export const config = {
  matcher: ["/((?!api/|_next/|favicon.ico|.*\\.[a-zA-Z0-9]+$).*)"],
};
