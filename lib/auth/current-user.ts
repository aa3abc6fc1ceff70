import { cookies } from "next/headers";
import { cache } from "react";
import type { Role } from "@/db/schema";
import type { SessionUser } from "@/db/queries/sessions";
import { getSessionUser } from "./session-cache";
import { readSessionClaims } from "./session-token";

/** The logged-in user of a call: session, profile, roles and tenant summary. */
export type CurrentUser = SessionUser;

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/**
 * The user behind a request's cookies, or null: no cookie, a forged or expired token, or a session
 * that ended (logout, password change, disabled user, role change, idleness). Roles and the tenant
 * come from the session cache, which drops an entry the moment the database row changes.
 */
export async function resolveUser(cookieReader: CookieReader): Promise<CurrentUser | null> {
  const claims = await readSessionClaims(cookieReader);
  if (!claims) return null;
  return getSessionUser(claims.sid);
}

/** The current user in server components and pages (once per render). */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => resolveUser(await cookies()));

export function hasRole(user: Pick<CurrentUser, "roles"> | null, role: Role | null | undefined): boolean {
  if (!role) return true;
  return Boolean(user?.roles.includes(role));
}
