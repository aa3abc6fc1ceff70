/**
 * The session cookie: an Auth.js JWT (JWE) whose claims carry the server-side session id (sid).
 * Decrypting costs ~0.2 ms, so decoded tokens are kept per process by their exact text: the same
 * cookie on the next call costs a map lookup. Only the decoding is cached; whether the session is
 * still alive is decided by lib/auth/session-cache.ts on every call.
 */
import { decode } from "next-auth/jwt";
import { ensureAuthSecret } from "./secret";

export const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

export interface SessionClaims {
  sid: string;
  /** Seconds since the epoch. */
  exp: number;
}

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

const MAX_TOKENS = 20_000;
const tokens = new Map<string, SessionClaims | null>();

async function decodeToken(name: string, value: string): Promise<SessionClaims | null> {
  ensureAuthSecret();
  try {
    const payload = await decode({ token: value, secret: process.env.AUTH_SECRET!, salt: name });
    const sid = payload?.sid;
    const exp = Number(payload?.exp);
    return typeof sid === "string" && sid.length > 0 && Number.isFinite(exp) ? { sid, exp } : null;
  } catch {
    return null;
  }
}

/** The claims of the request's session cookie, or null (no cookie, forged, or expired). */
export async function readSessionClaims(cookies: CookieReader, nowMs = Date.now()): Promise<SessionClaims | null> {
  for (const name of SESSION_COOKIES) {
    const value = cookies.get(name)?.value;
    if (!value) continue;
    if (value.length > 8192) return null;
    const key = `${name}=${value}`;
    let claims = tokens.get(key);
    if (claims === undefined) {
      claims = await decodeToken(name, value);
      if (tokens.size >= MAX_TOKENS) tokens.delete(tokens.keys().next().value!);
      tokens.set(key, claims);
    }
    if (!claims || claims.exp * 1000 <= nowMs) return null;
    return claims;
  }
  return null;
}
