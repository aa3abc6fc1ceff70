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
import { eq, sql, type SQL } from "drizzle-orm";
import { counters } from "./schema";
import { intEq, lit, type TenantScope, type TenantTable } from "./scope";

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

/**
 * takeNext and the write of the number in ONE statement: the counter row incremented (and locked to the commit, as
 * takeNext) in a CTE, and `set` — given the new value as SQL — applied to the row `id` of `table`. Returns the row as
 * written. One round trip where takeNext and an update would take two: a document's number is taken under the
 * series' lock, so this is the time other issues of the series wait.
 */
export async function takeNextInto<T extends TenantTable>(tx: TenantScope, key: string, table: T, id: number, set: (value: SQL) => Record<string, unknown>): Promise<Record<string, unknown>> {
  checkKey(key);
  const [row] = await tx.updateWhereWith(
    table,
    intEq(table.id, id),
    (db) =>
      db
        .$with("bump", { value: sql<number>`value`.as("value") })
        .as(sql`insert into ${counters} (tenant_id, key, value) values (${lit(tx.tenantId)}, ${lit(key)}, 1) on conflict (tenant_id, key) do update set value = ${counters.value} + 1 returning value`),
    (bump) => set(sql`(select value from ${bump})`),
    [counters],
  );
  if (!row) throw new Error("riga da numerare non trovata");
  return row;
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
