import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { documentDeadlines, expenses } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { contactSchema } from "@/lib/schemas/contact";
import { createTenantWithAdmin } from "./accounts";
import { contactEntity, supplierBalance } from "./contacts";
import { EXPENSE_IMPORT_MESSAGES } from "./expense-import";
import { TenantScope } from "../scope";

// 'Saldo fornitore' (issue 28): the open deadlines of a supplier's purchase invoices less what its received credit
// notes still give back, on both databases; in the supplier's update-form-data for ROLE_DOCUMENT only.

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("supplier balance on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let userOnly: TenantScope;
  let supplier: { id: number };
  let otherSupplier: { id: number };
  let customer: { id: number };

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "supplier_balance");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Saldo", email: `saldo-a-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "Altro", email: `saldo-b-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    userOnly = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER"] });
    supplier = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Fornitore Saldo S.r.l.", isCustomer: false, isSupplier: true, vatNumber: "01234567897" }));
    otherSupplier = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Altro Fornitore S.r.l.", isCustomer: false, isSupplier: true, vatNumber: "12345678903" }));
    customer = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Cliente S.r.l.", isCustomer: true, vatNumber: "12345678903" }));
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  const expense = (contactId: number, documentNumber: string, documentType: string, taxable: number, totalVat: number) =>
    a.insert(expenses, { documentNumber, documentDate: "2026-01-15", contactId, taxable, totalVat, documentType, imported: true });
  const deadline = (expenseId: number, contactId: number, amount: number, deadlineState: "Da saldare" | "Saldato" | "Stornato", description = "") =>
    a.insertMany(documentDeadlines, [{ expenseId, contactId, amount, deadlineDate: "2026-02-28", deadlineState, paymentDate: deadlineState === "Saldato" ? "2026-02-01" : null, position: 0, description }]);

  it("nets the received credits: open invoices less what the credit notes still give back", async () => {
    expect(await supplierBalance(a, supplier.id)).toEqual({ owed: 0, credits: 0, balance: 0 });

    // an invoice with two open deadlines, one already paid
    const inv = await expense(supplier.id, "10", "TD01", 100000, 22000);
    await deadline(inv.id, supplier.id, 72000, "Da saldare");
    await deadline(inv.id, supplier.id, 50000, "Da saldare");
    const paid = await expense(supplier.id, "11", "TD01", 50000, 11000);
    await deadline(paid.id, supplier.id, 61000, "Saldato");
    expect(await supplierBalance(a, supplier.id)).toEqual({ owed: 122000, credits: 0, balance: 122000 });

    // a credit note kept negative, with no deadline and nothing netted (typed with none): its whole amount nets what is owed
    await expense(supplier.id, "10", "TD04", -20000, -4400);
    expect(await supplierBalance(a, supplier.id)).toEqual({ owed: 122000, credits: 24400, balance: 97600 });

    // a credit note the import used to net an invoice's deadline ('Stornato', described with it): not counted twice
    const netted = await expense(supplier.id, "12", "TD01", 10000, 2200);
    await deadline(netted.id, supplier.id, 2200, "Da saldare");
    await deadline(netted.id, supplier.id, 10000, "Stornato", EXPENSE_IMPORT_MESSAGES.creditNetted("NC-3", "2026-01-15"));
    await expense(supplier.id, "NC-3", "TD08", -10000, 0);
    expect(await supplierBalance(a, supplier.id)).toEqual({ owed: 124200, credits: 24400, balance: 99800 });

    // a credit note with deadlines of its own (typed in the form): what is still to collect of them
    const refund = await expense(supplier.id, "NC-9", "TD04", -5000, -1100);
    await deadline(refund.id, supplier.id, 4000, "Da saldare");
    await deadline(refund.id, supplier.id, 2100, "Saldato");
    expect(await supplierBalance(a, supplier.id)).toEqual({ owed: 124200, credits: 28400, balance: 95800 });

    // more credit than debt: the supplier owes the tenant
    await expense(supplier.id, "NC-10", "TD04", -200000, -44000);
    expect(await supplierBalance(a, supplier.id)).toEqual({ owed: 124200, credits: 272400, balance: -148200 });

    // other suppliers' and other tenants' invoices are not its own
    const else1 = await expense(otherSupplier.id, "10", "TD01", 100000, 0);
    await deadline(else1.id, otherSupplier.id, 100000, "Da saldare");
    expect((await supplierBalance(a, supplier.id)).balance).toBe(-148200);
    expect(await supplierBalance(a, otherSupplier.id)).toEqual({ owed: 100000, credits: 0, balance: 100000 });
    expect(await supplierBalance(b, supplier.id)).toEqual({ owed: 0, credits: 0, balance: 0 });
  });

  it("update-form-data carries it for a supplier and ROLE_DOCUMENT only", async () => {
    const form = (scope: TenantScope, id?: number) => contactEntity.formDataResponse(scope, id) as Promise<{ formData: Record<string, unknown> }>;
    expect((await form(a, supplier.id)).formData.supplierBalance).toEqual({ owed: 124200, credits: 272400, balance: -148200 });
    expect((await form(a, otherSupplier.id)).formData.supplierBalance).toEqual({ owed: 100000, credits: 0, balance: 100000 });
    expect((await form(a, customer.id)).formData).not.toHaveProperty("supplierBalance");
    expect((await form(a)).formData).not.toHaveProperty("supplierBalance");
    expect((await form(userOnly, supplier.id)).formData).not.toHaveProperty("supplierBalance");
  });
});
