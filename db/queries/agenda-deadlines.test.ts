/** Issue 30, defects met on the way: a paid deadline in the agenda reads as paid ('Incassato', 'Pagato'). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { documentDeadlines, expenses, vatRates } from "@/db/schema";
import { invoiceEntity } from "@/db/documents/entity";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { contactSchema } from "@/lib/schemas/contact";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { createTenantWithAdmin } from "./accounts";
import { deadlineItems } from "./agenda-events";
import { contactEntity } from "./contacts";
import { TenantScope } from "../scope";

describe("the agenda's deadlines (pglite)", () => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;

  beforeAll(async () => {
    tdb = await createTestDatabase("pglite", "agdl");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio", email: "agdl@example.it", firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    await a.updateTenant(undefined, { vat: "07654321012", fiscalCode: "07654321012", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", taxRegime: "RF01" });
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("says 'Incassato' / 'Pagato' for a paid deadline, 'Da incassare' / 'Da pagare' for an open one", async () => {
    const customer = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" }));
    const supplier = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Fornitore S.p.A.", isSupplier: true, vatNumber: "01234567897" }));
    const vat22 = { id: (await a.list(vatRates)).find((r) => r.rate === "22.00")!.id };
    await invoiceEntity.create(
      a,
      invoiceSchema.parse({
        contact: customer,
        date: "2026-03-02",
        state: "Emessa",
        rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }],
        deadlines: [
          { deadlineDate: "2026-03-10", amount: 61000, deadlineState: "Da saldare" },
          { deadlineDate: "2026-03-20", amount: 61000, deadlineState: "Da saldare" },
        ],
      }),
    );
    const exp = await a.insert(expenses, { documentNumber: "FA-7", documentDate: "2026-03-01", contactId: supplier.id, taxable: 40000, totalVat: 8800 });
    await a.insertMany(documentDeadlines, [
      { expenseId: exp.id, contactId: supplier.id, amount: 24400, deadlineDate: "2026-03-11", position: 0 },
      { expenseId: exp.id, contactId: supplier.id, amount: 24400, deadlineDate: "2026-03-21", position: 1 },
    ]);
    for (const date of ["2026-03-10", "2026-03-11"]) await a.updateWhere(documentDeadlines, eq(documentDeadlines.deadlineDate, date), { deadlineState: "Saldato", paymentDate: date });

    const items = await deadlineItems(a, "2026-03-01", "2026-04-01");
    expect(items.map((i) => [i.start, i.title, i.done])).toEqual([
      ["2026-03-10", "Incassato € 610,00 - Rossi S.r.l.", true],
      ["2026-03-11", "Pagato € 244,00 - Fornitore S.p.A.", true],
      ["2026-03-20", "Da incassare € 610,00 - Rossi S.r.l.", false],
      ["2026-03-21", "Da pagare € 244,00 - Fornitore S.p.A.", false],
    ]);
  });
});
