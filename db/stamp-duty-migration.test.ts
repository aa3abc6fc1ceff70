/**
 * Migration 0032 (the bollo by law, issue 27) on data written before it: tenants' stamp_apply changes meaning
 * ("apply the bollo" → "the issuer bears it"), an amount of 0 becomes the law's 2.00, and documents keep what
 * they were issued with. The migrations up to 0031 are applied to an embedded database, rows are written as the
 * old code wrote them, then 0032 runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { migratedUpTo, type MigrationUnderTest } from "@/tests/support/migration";

const MIGRATION = "0032_stamp_duty_by_law";

describe(`migration ${MIGRATION}`, () => {
  let pg: PGlite;
  let m: MigrationUnderTest;
  const rows = async <T,>(query: string) => (await pg.query<T>(query)).rows;

  beforeAll(async () => {
    m = await migratedUpTo(MIGRATION);
    pg = m.pg;

    // as the old code left them: stamp_apply = "apply the bollo" (recharged), 0 = none
    await pg.exec(`
      insert into tenants (id, denomination, expire_date, stamp_apply, stamp_amount) values
        (101, 'Applicava il bollo', '2030-01-01', true, 200),
        (102, 'Senza bollo', '2030-01-01', false, 0),
        (103, 'Altro importo', '2030-01-01', false, 250);
      insert into contacts (id, tenant_id, kind, company_name) values (201, 102, 'COMPANY', 'Cliente S.r.l.');
      insert into documents (id, tenant_id, kind, year, date, state, contact_id, number, number_text, stamp_amount, stamp_borne_by_issuer) values
        (301, 102, 'INVOICE', 2026, '2026-03-02', 'Emessa', 201, 1, '1', 0, false),
        (302, 102, 'INVOICE', 2026, '2026-03-03', 'Bozza', 201, null, null, 0, false),
        (303, 102, 'INVOICE', 2026, '2026-03-04', 'Emessa', 201, 2, '2', 200, false);
    `);
    // then 0032 alone (a later migration is not this test's business)
    await m.apply();
  });
  afterAll(async () => {
    await m?.close();
  });

  it("tenants: nobody bears the bollo (it is recharged, the law's default), 0 becomes 2.00, another amount stays", async () => {
    expect(await rows("select id, stamp_apply, stamp_amount::int as stamp_amount from tenants where id > 100 order by id")).toEqual([
      { id: 101, stamp_apply: false, stamp_amount: 200 },
      { id: 102, stamp_apply: false, stamp_amount: 200 },
      { id: 103, stamp_apply: false, stamp_amount: 250 },
    ]);
    await pg.exec("insert into tenants (id, denomination, expire_date) values (104, 'Nuovo', '2030-01-01')");
    expect(await rows("select stamp_apply, stamp_amount::int as stamp_amount from tenants where id = 104")).toEqual([{ stamp_apply: false, stamp_amount: 200 }]);
  });

  it("documents: an issued one without bollo keeps its figures (the issuer's bollo, no recharge row); a draft takes 2.00 recharged", async () => {
    expect(await rows("select id, stamp_amount::int as stamp_amount, stamp_borne_by_issuer from documents order by id")).toEqual([
      { id: 301, stamp_amount: 200, stamp_borne_by_issuer: true },
      { id: 302, stamp_amount: 200, stamp_borne_by_issuer: false },
      { id: 303, stamp_amount: 200, stamp_borne_by_issuer: false },
    ]);
  });
});
