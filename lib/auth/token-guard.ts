/**
 * Wrong reset and invitation tokens are counted per client address: guessing links stops after
 * LIMITS.wrongTokensPerAddress failures an hour (429 until the window ends).
 */
import type { Db } from "@/db/client";
import { TooManyRequestsError } from "@/lib/errors";
import { TOO_MANY_TOKENS } from "./messages";
import { hitRateLimit, LIMITS, peekRateLimit } from "./rate-limit";

const key = (address: string) => `token:ip:${address}`;

/** Refuses at once when this address has failed too many links lately. */
export async function assertTokenAttemptsLeft(db: Db, address: string): Promise<void> {
  const state = await peekRateLimit(db, key(address), LIMITS.wrongTokensPerAddress);
  if (state.hits >= LIMITS.wrongTokensPerAddress.max) throw new TooManyRequestsError(TOO_MANY_TOKENS(Math.ceil(state.retryAfter / 60)));
}

export async function recordWrongToken(db: Db, address: string): Promise<void> {
  await hitRateLimit(db, key(address), LIMITS.wrongTokensPerAddress);
}
