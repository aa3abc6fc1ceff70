/**
 * Migration 0035 (issue 29) on users written before it: every existing account counts as confirmed (only new
 * sign-ups must prove their address), and nobody is a platform operator (the command grants the flag again).
 * The migrations up to 0034 are applied to an embedded database, users are written as the old code wrote them,
 * then 0035 runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { migratedUpTo, type MigrationUnderTest } from "@/tests/support/migration";

const MIGRATION = "0035_operators_and_confirmed_addresses";

describe(`migration ${MIGRATION}`, () => {
  let pg: PGlite;
  let m: MigrationUnderTest;
  const rows = async <T,>(query: string) => (await pg.query<T>(query)).rows;

  beforeAll(async () => {
    m = await migratedUpTo(MIGRATION);
    pg = m.pg;
    await pg.exec(`
      insert into tenants (id, denomination, expire_date) values (101, 'Studio Esistente', '2030-01-01');
      insert into users (id, tenant_id, username, email) values
        (201, 101, 'admin@esistente.example.it', 'admin@esistente.example.it'),
        (202, 101, 'invitato@esistente.example.it', 'invitato@esistente.example.it');
    `);
    await m.apply();
  });
  afterAll(async () => {
    await m?.close();
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
