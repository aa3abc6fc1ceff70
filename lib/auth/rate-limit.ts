/**
 * Fixed-window rate limits kept in PostgreSQL (table rate_limits), so every app instance counts
 * the same hits. One atomic upsert per hit.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rateLimits, sessions } from "@/db/schema";

export interface RateLimit {
  /** Hits allowed in one window. */
  max: number;
  windowSeconds: number;
}

export interface RateState {
  hits: number;
  /** Seconds until the window ends. */
  retryAfter: number;
  exceeded: boolean;
}

function state(limit: RateLimit, hits: number, windowStart: Date | string, now: number): RateState {
  const start = new Date(windowStart).getTime();
  const retryAfter = Math.max(1, Math.ceil((start + limit.windowSeconds * 1000 - now) / 1000));
  return { hits, retryAfter, exceeded: hits > limit.max };
}

/** Counts one hit (or `amount` hits: one per recipient of an e-mail) on `key` and tells whether the window's limit is now exceeded. */
export async function hitRateLimit(db: Db, key: string, limit: RateLimit, now = Date.now(), amount = 1): Promise<RateState> {
  const at = new Date(now);
  // a Date inside a raw sql template reaches postgres-js unserialised (drizzle's identity serialisers): send text
  const atText = at.toISOString();
  const expired = sql`${rateLimits.windowStart} <= ${atText}::timestamptz - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: at, hits: amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then ${amount}::integer else ${rateLimits.hits} + ${amount}::integer end`,
        windowStart: sql`case when ${expired} then ${atText}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  return state(limit, row!.hits, row!.windowStart, now);
}

/** The window's state without counting a hit. */
export async function peekRateLimit(db: Db, key: string, limit: RateLimit, now = Date.now()): Promise<RateState> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.windowStart.getTime() + limit.windowSeconds * 1000 <= now) return { hits: 0, retryAfter: 0, exceeded: false };
  return state(limit, row.hits, row.windowStart, now);
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Limits of the public flows (per client address unless said otherwise). */
export const LIMITS = {
  /** Failed logins from one address, whatever the account (password spraying). */
  loginFailuresPerAddress: { max: 30, windowSeconds: 15 * 60 },
  /** Reset requests: generous per address (an office behind one address), few per account. */
  resetPerAddress: { max: 30, windowSeconds: 3600 },
  resetPerAccount: { max: 3, windowSeconds: 3600 },
  /** Wrong reset or invitation tokens from one address. */
  wrongTokensPerAddress: { max: 20, windowSeconds: 3600 },
  signUpPerAddress: { max: 30, windowSeconds: 3600 },
  /** Wrong two-factor codes of one user in the profile (turning it on or off; the login's are the login throttle's). */
  twoFactorCodesPerUser: { max: 10, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimit>;

/** The key of the per-address sign-up ceiling (app/api/sign-up). */
export function signUpLimitKey(address: string): string {
  return `signup:ip:${address}`;
}

/**
 * A confirmed sign-up does not count against its address's ceiling (issue 29: an office behind one address signs
 * up its people, a script cannot confirm the addresses it invents): the confirmation gives the slot back. The
 * sign-up's address is the one its own login recorded (the sign-up logs in at once: the account's first session,
 * within a minute of the user's creation). The hit is given back only to the window that counted it, one that
 * was already open when the user was made; a later window starts afresh anyway. Attempts refused past the ceiling
 * count as hits too, so the count is first brought back to the ceiling: each confirmation frees one sign-up.
 */
export async function releaseSignUpSlot(db: Db, user: { id: number; tenantId: number; createdAt: Date }): Promise<void> {
  const [first] = await db
    .select({ address: sessions.clientAddress })
    .from(sessions)
    .where(and(eq(sessions.tenantId, user.tenantId), eq(sessions.userId, user.id), lte(sessions.createdAt, new Date(user.createdAt.getTime() + 60_000))))
    .orderBy(asc(sessions.createdAt))
    .limit(1);
  if (!first?.address) return;
  await db
    .update(rateLimits)
    // refused attempts past the ceiling counted too: the place freed is one under the ceiling
    .set({ hits: sql`greatest(least(${rateLimits.hits}, ${LIMITS.signUpPerAddress.max}::integer) - 1, 0)` })
    // (a minute's leeway: the window's start is the app's clock, the user's creation the database's)
    .where(and(eq(rateLimits.key, signUpLimitKey(first.address)), lte(rateLimits.windowStart, new Date(user.createdAt.getTime() + 60_000))));
}
