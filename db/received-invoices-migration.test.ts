/**
 * Migration 0034 (received invoices as the law reads them, issue 28) on data written before it: a purchase invoice
 * typed by hand (no TipoDocumento) becomes TD01, an imported credit note stored positive by the old import becomes
 * negative (the expenses keep amounts signed as they enter what is owed), and the new columns start empty. The
 * migrations up to 0033 are applied to an embedded database, rows are written as the old code wrote them, then 0034.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { migratedUpTo, type MigrationUnderTest } from "@/tests/support/migration";

const MIGRATION = "0034_received_invoices_as_the_law_reads_them";

describe(`migration ${MIGRATION}`, () => {
  let pg: PGlite;
  let m: MigrationUnderTest;
  const rows = async <T,>(query: string) => (await pg.query<T>(query)).rows;

  beforeAll(async () => {
    m = await migratedUpTo(MIGRATION);
    pg = m.pg;
    // as the old code left them: a hand-typed invoice without type, imported TD01 and TD04 (positive)
    await pg.exec(`
      insert into tenants (id, denomination, expire_date) values (101, 'Acquisti', '2030-01-01');
      insert into contacts (id, tenant_id, kind, company_name, is_supplier) values (201, 101, 'COMPANY', 'Fornitore S.r.l.', true);
      insert into expenses (id, tenant_id, document_number, document_date, contact_id, taxable, total_vat, withholding_tax_amount, document_type, imported) values
        (301, 101, 'A-1', '2026-03-02', 201, 10000, 2200, 0, null, false),
        (302, 101, 'FT-1', '2026-03-03', 201, 100000, 22000, -20000, 'TD01', true),
        (303, 101, 'NC-1', '2026-03-04', 201, 100000, 22000, -20000, 'TD04', true);
    `);
    await m.apply();
  });
  afterAll(async () => {
    await m?.close();
  });

  it("types filled (TD01), an imported credit note negated, the new columns empty", async () => {
    expect(
      await rows(
        "select id, document_type, taxable::int as taxable, total_vat::int as total_vat, withholding_tax_amount::int as w, split_payment_vat::int as s, document_adjustment::int as adj, signature, supplier_warnings from expenses order by id",
      ),
    ).toEqual([
      { id: 301, document_type: "TD01", taxable: 10000, total_vat: 2200, w: 0, s: 0, adj: 0, signature: null, supplier_warnings: [] },
      { id: 302, document_type: "TD01", taxable: 100000, total_vat: 22000, w: -20000, s: 0, adj: 0, signature: null, supplier_warnings: [] },
      { id: 303, document_type: "TD04", taxable: -100000, total_vat: -22000, w: 20000, s: 0, adj: 0, signature: null, supplier_warnings: [] },
    ]);
    // a new row without a type is an invoice
    await pg.exec("insert into expenses (id, tenant_id, document_date, contact_id) values (304, 101, '2026-04-01', 201)");
    expect(await rows("select document_type from expenses where id > 303")).toEqual([{ document_type: "TD01" }]);
  });
});
