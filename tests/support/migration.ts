/**
 * A migration tested on the data written before it: an embedded database with every migration before `tag`
 * applied, where the test writes rows as the old code wrote them, then `apply()` runs `tag` (and only it).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

export interface MigrationUnderTest {
  pg: PGlite;
  rows<T>(query: string): Promise<T[]>;
  /** Runs the migration under test. */
  apply(): Promise<void>;
  close(): Promise<void>;
}

export async function migratedUpTo(tag: string): Promise<MigrationUnderTest> {
  const folder = mkdtempSync(path.join(tmpdir(), "migration-"));
  cpSync(path.join(process.cwd(), "drizzle"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  const mine = journal.entries.find((e) => e.tag === tag);
  if (!mine) throw new Error(`migrazione ${tag} assente dal journal`);
  const upTo = (keep: (idx: number) => boolean) => writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => keep(e.idx)) }));
  upTo((idx) => idx < mine.idx);
  const pg = await PGlite.create("memory://", { extensions: { pg_trgm } });
  const db = drizzle(pg);
  await migrate(db, { migrationsFolder: folder });
  return {
    pg,
    rows: async <T,>(query: string) => (await pg.query<T>(query)).rows,
    apply: async () => {
      upTo((idx) => idx <= mine.idx);
      await migrate(db, { migrationsFolder: folder });
    },
    close: async () => {
      await pg.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
