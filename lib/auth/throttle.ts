import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { loginAttempts } from "@/db/schema";

/** Failures allowed before waits start; then each failure doubles the wait, up to 15 minutes. */
export const FREE_FAILURES = 3;
const MAX_WAIT_S = 15 * 60;

export function waitSecondsAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_S, 2 ** (failures - FREE_FAILURES) * 5);
}

/** Seconds the login name must still wait before a new attempt is even checked (0 = go ahead). */
export async function secondsToWait(db: Db, key: string, now = new Date()): Promise<number> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  if (!row) return 0;
  const until = row.lastFailureAt.getTime() + waitSecondsAfter(row.failures) * 1000;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}

export async function recordFailure(db: Db, key: string): Promise<void> {
  await db
    .insert(loginAttempts)
    .values({ key, failures: 1, lastFailureAt: new Date() })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { failures: sql`${loginAttempts.failures} + 1`, lastFailureAt: new Date() },
    });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
