/**
 * Migration 0035 (issue 29) on users written before it: every existing account counts as confirmed (only new
 * sign-ups must prove their address), and nobody is a platform operator (the command grants the flag again).
 * The migrations up to 0034 are applied to an embedded database, users are written as the old code wrote them,
 * then 0035 runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const MIGRATION = "0035_operators_and_confirmed_addresses";

describe(`migration ${MIGRATION}`, () => {
  let pg: PGlite;
  let folder: string;
  const rows = async <T,>(query: string) => (await pg.query<T>(query)).rows;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "operators-migration-"));
    cpSync(path.join(process.cwd(), "drizzle"), folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
    const mine = journal.entries.find((e) => e.tag === MIGRATION)!;
    expect(mine).toBeTruthy();
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < mine.idx) }));
    pg = await PGlite.create("memory://", { extensions: { pg_trgm } });
    const db = drizzle(pg);
    await migrate(db, { migrationsFolder: folder });
    await pg.exec(`
      insert into tenants (id, denomination, expire_date) values (101, 'Studio Esistente', '2030-01-01');
      insert into users (id, tenant_id, username, email) values
        (201, 101, 'admin@esistente.example.it', 'admin@esistente.example.it'),
        (202, 101, 'invitato@esistente.example.it', 'invitato@esistente.example.it');
    `);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= mine.idx) }));
    await migrate(db, { migrationsFolder: folder });
  });
  afterAll(async () => {
    await pg?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("existing users count as confirmed and none is an operator; a new row is neither", async () => {
    expect(await rows("select id, email_confirmed_at is not null as confirmed, platform_operator from users order by id")).toEqual([
      { id: 201, confirmed: true, platform_operator: false },
      { id: 202, confirmed: true, platform_operator: false },
    ]);
    await pg.exec(`insert into users (id, tenant_id, username, email) values (203, 101, 'nuovo@esistente.example.it', 'nuovo@esistente.example.it')`);
    expect(await rows("select email_confirmed_at is not null as confirmed, platform_operator from users where id = 203")).toEqual([{ confirmed: false, platform_operator: false }]);
  });
});
