/**
 * Progressive numbers per tenant and series (table counters). A number is taken in the saving
 * transaction: the counter row stays locked until it commits, so concurrent saves queue on it and get
 * consecutive numbers, and a save that rolls back gives its number back — no gap, no duplicate.
 * Through the scope's upsert() and lockRow(), which add the tenant themselves.
 *
 *   const n = await takeNext(tx, "activity");              // 1, 2, 3…
 *   const current = await lockCounter(tx, "invoice:2026:1"); // locked, for checks before numbering
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { counters } from "./schema";
import { lit, type TenantScope } from "./scope";

const KEY = /^[a-z][a-z0-9_:.-]{0,99}$/;

function checkKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`chiave di contatore non valida: ${key}`);
}

/** The next number of the series (1 for a new series), its row locked until the transaction ends. */
export async function takeNext(tx: TenantScope, key: string): Promise<number> {
  checkKey(key);
  // key and values written into the statement (checked above): one round trip, no parameters
  const row = await tx.upsert(counters, [counters.key], { key: lit(key), value: lit(1) } as never, { value: sql`${counters.value} + 1` });
  return Number(row!.value);
}

/** `n` numbers of the series at once (n ≥ 1): returns the last; they are last - n + 1 … last. Locked like takeNext. */
export async function takeMany(tx: TenantScope, key: string, n: number): Promise<number> {
  checkKey(key);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`quantità di numeri non valida: ${n}`);
  const row = await tx.upsert(counters, [counters.key], { key: lit(key), value: lit(n) } as never, { value: sql`${counters.value} + ${lit(n)}` });
  return Number(row!.value);
}

/** The series' current number (0 for a new series), its row locked until the transaction ends (SELECT … FOR UPDATE). */
export async function lockCounter(tx: TenantScope, key: string): Promise<number> {
  checkKey(key);
  await tx.upsert(counters, [counters.key], { key, value: 0 });
  const row = await tx.lockRow(counters, eq(counters.key, key));
  return Number(row!.value);
}

/** Sets the series' number (e.g. back by one when its last document is deleted); lock it first. A series not used yet starts from it. */
export async function setCounter(tx: TenantScope, key: string, value: number): Promise<void> {
  checkKey(key);
  await tx.upsert(counters, [counters.key], { key, value }, { value });
}
