import "server-only";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rawRows } from "@/lib/grid/query";
import { getDatabase, MIGRATIONS_FOLDER } from "./client";

let committed: number | undefined;
/** How many migrations this build carries (drizzle's journal, read once: it does not change while the process runs). */
function committedMigrations(): number {
  committed ??= (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
  return committed;
}

/**
 * Readiness (GET /api/ready): the database answers and every committed migration is applied. Opening the
 * process's database applies the migrations (db/client.ts); this counts the applied ones against drizzle's
 * journal, so an instance started on a database another version migrated further, or not at all, says so.
 * Bounded in time: a database that does not answer within `timeoutMs` is not ready.
 */
export async function databaseReady(timeoutMs = 3000): Promise<{ ready: true } | { ready: false; reason: string }> {
  const expected = committedMigrations();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nessuna risposta entro ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const { db } = await Promise.race([getDatabase(), timeout]);
    const [row] = await Promise.race([rawRows(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`), timeout]);
    const applied = Number(row?.n ?? 0);
    return applied >= expected ? { ready: true } : { ready: false, reason: `migrazioni applicate ${applied} di ${expected}` };
  } catch (err) {
    return { ready: false, reason: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
