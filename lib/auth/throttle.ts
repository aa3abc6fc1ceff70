/**
 * Login throttling that slows attackers without locking the owner out:
 *
 * - per account and client address (login_attempts "p:<account>|<address>"): after 3 failures from
 *   one address, that address waits 5 s, 10 s, 20 s… up to 15 minutes before its next try on the account;
 * - per account (login_attempts "<account>", below): after 10 failures from any addresses, addresses this
 *   account has not logged in from in the last 90 days wait the same growing time — while a correct
 *   password from a known good address (a session of the account from it) still works at once;
 * - per client address (rate_limits "ip:<address>"): at most 30 failed logins in 15 minutes across all
 *   accounts (spraying one password over many accounts), then every login from it waits the window out.
 *
 * The account is the user's id when the login names one ("u:<id>": its username and its e-mail are one
 * account, counted together), else the login name itself ("l:<login>"), so logins that name nobody are
 * slowed down the same way and their answers tell nothing.
 *
 * The address is the socket's, or what a trusted proxy reports (lib/auth/client-address.ts): a forged
 * X-Forwarded-For header never changes it.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { loginAttempts, sessions } from "@/db/schema";
import { hitRateLimit, LIMITS, peekRateLimit } from "./rate-limit";

/** Failures allowed before waits start; then each failure doubles the wait, up to 15 minutes. */
export const FREE_FAILURES = 3;
/** Failures on one account (all addresses) after which unknown addresses are slowed down too. */
export const ACCOUNT_SLOWDOWN_FAILURES = 10;
const MAX_WAIT_S = 15 * 60;
const KNOWN_ADDRESS_DAYS = 90;

export function waitSecondsAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_S, 2 ** (failures - FREE_FAILURES) * 5);
}

/** What a login names: its user, or the login name alone when it names nobody. */
export interface LoginSubject {
  login: string;
  userId?: number;
}

const accountKey = ({ login, userId }: LoginSubject) => (userId === undefined ? `l:${login}` : `u:${userId}`);
const pairKey = (subject: LoginSubject, address: string) => `p:${accountKey(subject)}|${address}`;
const addressKey = (address: string) => `ip:${address}`;

async function waitFor(db: Db, key: string, freeFailures: number, now: number): Promise<number> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  if (!row) return 0;
  const until = row.lastFailureAt.getTime() + waitSecondsAfter(row.failures - freeFailures + FREE_FAILURES) * 1000;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Whether the account has logged in from this address lately (its owner's usual place). */
export async function isKnownAddress(db: Db, userId: number, address: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.clientAddress, address), gt(sessions.createdAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`)))
    .limit(1);
  return Boolean(row);
}

/**
 * Seconds this address must still wait before a login attempt on `subject` is even checked (0 = go
 * ahead).
 */
export async function secondsToWait(db: Db, subject: LoginSubject, address: string, now = Date.now()): Promise<number> {
  const byAddress = await peekRateLimit(db, addressKey(address), LIMITS.loginFailuresPerAddress, now);
  // failures so far: the 30th failure closes the window for this address
  if (byAddress.hits >= LIMITS.loginFailuresPerAddress.max) return byAddress.retryAfter;
  const pair = await waitFor(db, pairKey(subject, address), FREE_FAILURES, now);
  if (pair > 0) return pair;
  const account = await waitFor(db, accountKey(subject), ACCOUNT_SLOWDOWN_FAILURES, now);
  if (account > 0 && !(subject.userId !== undefined && (await isKnownAddress(db, subject.userId, address)))) return account;
  return 0;
}

async function bump(db: Db, key: string, now: number): Promise<void> {
  const at = new Date(now);
  await db
    .insert(loginAttempts)
    .values({ key, failures: 1, lastFailureAt: at })
    .onConflictDoUpdate({ target: loginAttempts.key, set: { failures: sql`${loginAttempts.failures} + 1`, lastFailureAt: at } });
}

export async function recordFailure(db: Db, subject: LoginSubject, address: string, now = Date.now()): Promise<void> {
  await bump(db, pairKey(subject, address), now);
  await bump(db, accountKey(subject), now);
  await hitRateLimit(db, addressKey(address), LIMITS.loginFailuresPerAddress, now);
}

/** A correct password: this address's failures on the account, or every address's when none is given, and the account's are forgiven. */
export async function clearFailures(db: Db, subject: LoginSubject, address?: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, accountKey(subject)));
  if (address !== undefined) await db.delete(loginAttempts).where(eq(loginAttempts.key, pairKey(subject, address)));
  else await db.delete(loginAttempts).where(sql`${loginAttempts.key} like ${`p:${accountKey(subject).replace(/[\\%_]/g, "\\$&")}|%`}`);
}
