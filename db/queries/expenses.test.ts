import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { ApiError } from "@/lib/errors";
import { listGrid } from "@/lib/grid/list";
import { bankAccountSchema } from "@/lib/schemas/bank-account";
import { contactSchema } from "@/lib/schemas/contact";
import { EXPENSE_MESSAGES, expenseSchema, type ExpenseJson } from "@/lib/schemas/expense";
import { invoiceSchema, PAID_DEADLINE_MESSAGES } from "@/lib/schemas/invoice";
import { todayInRome } from "@/lib/rome-time";
import { paymentModalitySchema } from "@/lib/schemas/payment-modality";
import { attachments, documentDeadlines } from "@/db/schema";
import { createTenantWithAdmin } from "./accounts";
import { stageAttachment } from "./attachments";
import { bankAccountEntity } from "./bank-accounts";
import { contactEntity } from "./contacts";
import { duplicateExpense, EINVOICE_KIND, einvoiceFile, expenseCalculatedFields, expenseEntity, expensesGrid, withEinvoiceFiles } from "./expenses";
import { paymentModalityEntity } from "./payment-modalities";
import { TenantScope } from "../scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

type Ref = { id: number };

async function* bytesOf(text: string) {
  yield Buffer.from(text);
}

describe.each(kinds)("purchase invoices on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let supplier: Ref;
  let customerOnly: Ref;
  let bank: Ref;
  let twoInstalments: Ref;
  let foreignSupplier: Ref;
  let foreignBank: Ref;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "exp");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: `ea-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: `eb-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    supplier = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Forniture S.p.A.", isSupplier: true, vatNumber: "12345678903" }));
    customerOnly = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Solo Cliente S.r.l.", isCustomer: true, vatNumber: "01234567897" }));
    bank = await bankAccountEntity.create(a, bankAccountSchema.parse({ bankAccountType: "Conto bancario", bankName: "Banca A", code: "CC1" }));
    twoInstalments = await paymentModalityEntity.create(
      a,
      paymentModalitySchema.parse({
        name: "30/60 df",
        paymentType: "MP05",
        paymentModalityRows: [
          { paymentModalityExpirationType: "Dalla data fattura", paymentDay: 30, amountPercentage: "50" },
          { paymentModalityExpirationType: "Dalla data fattura", paymentDay: 60, amountPercentage: "50" },
        ],
      }),
    );
    foreignSupplier = await contactEntity.create(b, contactSchema.parse({ kind: "COMPANY", companyName: "Altrui S.r.l.", isSupplier: true, vatNumber: "12345678903" }));
    foreignBank = await bankAccountEntity.create(b, bankAccountSchema.parse({ bankAccountType: "Conto bancario", bankName: "Banca B", code: "CC9" }));
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  const parse = (raw: Record<string, unknown>) => expenseSchema.parse({ contact: supplier, documentDate: "2026-03-02", documentNumber: "F-1", ...raw });
  const create = (scope: TenantScope, raw: Record<string, unknown>) => expenseEntity.create(scope, parse(raw));
  const rejection = async (p: Promise<unknown>) => {
    const err = await p.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  };

  it("computes the deadlines from the modality on the amount due when none are sent; the withholding (negative) lowers it", async () => {
    const e = await create(a, { taxable: 100000, totalVat: 22000, withholdingTaxPercentage: -20000, paymentModality: twoInstalments, bankAccount: bank });
    expect(e.total).toBe(102000);
    expect(e.withholdingTaxPercentage).toBe(-20000);
    expect(e.deadlines.map((d) => [d.deadlineDate, d.amount, d.deadlineState, d.contact?.id, d.bankAccount?.id])).toEqual([
      ["2026-04-01", 51000, "Da saldare", supplier.id, bank.id],
      ["2026-05-01", 51000, "Da saldare", supplier.id, bank.id],
    ]);
    // stored as rows of document_deadlines with expense_id
    const rows = await a.list(documentDeadlines, { where: eq(documentDeadlines.expenseId, e.id) });
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.documentId === null)).toBe(true);
  });

  it("keeps the deadlines sent, clears the payment date outside Saldato, updates, inserts and deletes rows", async () => {
    const e = await create(a, {
      taxable: 10000,
      deadlines: [
        { amount: 4000, deadlineDate: "2026-03-10", deadlineState: "Saldato", paymentDate: "2026-03-09" },
        { amount: 6000, deadlineDate: "2026-04-10", deadlineState: "Da saldare", paymentDate: "2026-03-09" },
      ],
    });
    expect(e.deadlines.map((d) => [d.amount, d.deadlineState, d.paymentDate])).toEqual([
      [4000, "Saldato", "2026-03-09"],
      [6000, "Da saldare", null],
    ]);
    const [first] = e.deadlines;
    const updated = await expenseEntity.update(
      a,
      e.id,
      expenseSchema.parse({ ...e, deadlines: [{ ...first, deadlineState: "Stornato" }, { amount: 6000, deadlineDate: "2026-05-10", deadlineState: "Da saldare" }] }),
    );
    expect(updated.deadlines[0]).toMatchObject({ id: first!.id, deadlineState: "Stornato", paymentDate: null });
    expect(updated.deadlines[1]).toMatchObject({ deadlineDate: "2026-05-10" });
    expect(updated.deadlines[1]!.id).not.toBe(e.deadlines[1]!.id);
    expect(await a.count(documentDeadlines, eq(documentDeadlines.expenseId, e.id))).toBe(2);
  });

  it("a deadline set 'Saldato' in the form needs its payment date, not after today, as the Scadenziario asks", async () => {
    const issues = (deadline: Record<string, unknown>) => {
      const r = expenseSchema.safeParse({ contact: supplier, documentDate: "2026-03-02", documentNumber: "F-9", taxable: 100, deadlines: [{ amount: 100, deadlineDate: "2026-03-10", ...deadline }] });
      return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
    };
    expect(issues({ deadlineState: "Saldato" })).toEqual([["deadlines.0.paymentDate", PAID_DEADLINE_MESSAGES.paymentDateRequired]]);
    expect(issues({ deadlineState: "Saldato", paymentDate: "2999-01-01" })).toEqual([["deadlines.0.paymentDate", PAID_DEADLINE_MESSAGES.paymentDateFuture]]);
    expect(issues({ deadlineState: "Saldato", paymentDate: todayInRome() })).toEqual([]);
    expect(issues({ deadlineState: "Da saldare" })).toEqual([]);
    // the invoices' Scadenze card: the same rule
    const sale = invoiceSchema.safeParse({ contact: supplier, date: "2026-03-02", deadlines: [{ amount: 100, deadlineDate: "2026-03-10", deadlineState: "Saldato" }] });
    expect(sale.success ? [] : sale.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["deadlines.0.paymentDate", PAID_DEADLINE_MESSAGES.paymentDateRequired]]);
  });

  it("refuses a supplier that is not one, and another tenant's references (400), and another tenant's expense (404)", async () => {
    expect((await rejection(create(a, { contact: customerOnly }))).errors).toEqual([EXPENSE_MESSAGES.contactUnknown]);
    expect((await rejection(create(a, { contact: foreignSupplier }))).httpStatus).toBe(400);
    expect((await rejection(create(a, { bankAccount: foreignBank }))).errors).toEqual([EXPENSE_MESSAGES.bankAccountUnknown]);
    expect((await rejection(create(a, { deadlines: [{ amount: 1, deadlineDate: "2026-03-02", deadlineState: "Da saldare", bankAccount: foreignBank }] }))).errors).toEqual([
      EXPENSE_MESSAGES.deadlineBankAccountUnknown,
    ]);
    const e = await create(a, { taxable: 100 });
    expect((await rejection(expenseEntity.get(b, e.id))).httpStatus).toBe(404);
    expect((await rejection(duplicateExpense(b, e.id))).httpStatus).toBe(404);
    expect((await rejection(einvoiceFile(b, e.id, "xml"))).httpStatus).toBe(404);
  });

  it("the schema words the spec's messages", () => {
    const r = expenseSchema.safeParse({ documentDate: "", contact: null, deadlines: [{ amount: 0, deadlineDate: "", deadlineState: "" }] });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    for (const m of [EXPENSE_MESSAGES.documentDate, EXPENSE_MESSAGES.contact, EXPENSE_MESSAGES.deadlineAmount, EXPENSE_MESSAGES.deadlineDate, EXPENSE_MESSAGES.deadlineState]) expect(messages).toContain(m);
  });

  it("get-calculated-fields: the modality's schedule on the amount due, with bank account and supplier", async () => {
    const r = await expenseCalculatedFields(a, { documentDate: "2026-01-31", contact: supplier, paymentModality: twoInstalments, bankAccount: bank, taxable: 1001, totalVat: 0, withholdingTaxPercentage: 0, withholdingTaxPercentagePlus: 0 } as never);
    expect(r.total).toBe(1001);
    expect(r.deadlines.map((d) => [d.amount, d.deadlineState, d.bankAccount?.id, d.contact?.id])).toEqual([
      [501, "Da saldare", bank.id, supplier.id],
      [500, "Da saldare", bank.id, supplier.id],
    ]);
    expect((await rejection(expenseCalculatedFields(a, { documentDate: "2026-01-31", paymentModality: { id: 999999 }, taxable: 1 } as never))).httpStatus).toBe(400);
  });

  it("the e-invoice files: linked on save, apart from Allegati, replaced, removed, deleted with the expense", async () => {
    const xml1 = await stageAttachment(a, EINVOICE_KIND, { name: "a.xml", contentType: "application/xml", body: bytesOf("<uno/>") });
    const e = await expenseEntity.create(a, withEinvoiceFiles(parse({ taxable: 100 }), { xml: xml1 }));
    expect(e).toMatchObject({ hasXmlInvoiceFile: true, hasOriginalInvoiceFile: false, files: [] });
    const read = await einvoiceFile(a, e.id, "xml");
    expect(read.attachment.name).toBe("a.xml");
    expect((await rejection(einvoiceFile(a, e.id, "original"))).httpStatus).toBe(404);
    // an Allegati save leaves it alone
    const withFiles = await expenseEntity.update(a, e.id, parse({ ...e, files: [] }));
    expect(withFiles.hasXmlInvoiceFile).toBe(true);
    // a new upload replaces it (the old one is gone)
    const xml2 = await stageAttachment(a, EINVOICE_KIND, { name: "b.xml", contentType: "application/xml", body: bytesOf("<due/>") });
    const replaced = await expenseEntity.update(a, e.id, withEinvoiceFiles(parse({ ...withFiles }), { xml: xml2 }));
    expect(replaced.hasXmlInvoiceFile).toBe(true);
    expect(await a.find(attachments, xml1.id)).toBeUndefined();
    expect((await einvoiceFile(a, e.id, "xml")).attachment.name).toBe("b.xml");
    // false removes it
    const removed = await expenseEntity.update(a, e.id, parse({ ...replaced, hasXmlInvoiceFile: false }));
    expect(removed.hasXmlInvoiceFile).toBe(false);
    expect(await a.find(attachments, xml2.id)).toBeUndefined();
    // deleted with the expense
    const orig = await stageAttachment(a, EINVOICE_KIND, { name: "c.xml.p7m", contentType: null, body: bytesOf("p7m") });
    const again = await expenseEntity.update(a, e.id, withEinvoiceFiles(parse({ ...removed }), { original: orig }));
    expect(again.hasOriginalInvoiceFile).toBe(true);
    await expenseEntity.remove(a, e.id);
    expect(await a.count(attachments, and(eq(attachments.ownerKind, EINVOICE_KIND), eq(attachments.ownerId, e.id)))).toBe(0);
    expect(await a.count(documentDeadlines, eq(documentDeadlines.expenseId, e.id))).toBe(0);
  });

  it("duplicate copies fields and deadlines (to pay again), without files", async () => {
    const xml = await stageAttachment(a, EINVOICE_KIND, { name: "d.xml", contentType: "application/xml", body: bytesOf("<x/>") });
    const e: ExpenseJson = await expenseEntity.create(
      a,
      withEinvoiceFiles(parse({ documentNumber: "DUP-1", taxable: 5000, deadlines: [{ amount: 5000, deadlineDate: "2026-03-31", deadlineState: "Saldato", paymentDate: "2026-03-30" }] }), { xml }),
    );
    const copy = await duplicateExpense(a, e.id);
    expect(copy.id).not.toBe(e.id);
    expect(copy).toMatchObject({ documentNumber: "DUP-1", taxable: 5000, hasXmlInvoiceFile: false, files: [] });
    expect(copy.deadlines.map((d) => [d.amount, d.deadlineDate, d.deadlineState, d.paymentDate])).toEqual([[5000, "2026-03-31", "Da saldare", null]]);
    expect(copy.toString).toBe("DUP-1 del 02/03/2026");
  });

  it("the list: supplier, total, paid, next deadline and the footer totals, only this tenant's", async () => {
    const e1 = await create(a, { documentNumber: "L-1", taxable: 1000, totalVat: 220, withholdingTaxPercentage: -200, deadlines: [{ amount: 1020, deadlineDate: "2026-06-01", deadlineState: "Saldato", paymentDate: "2026-06-01" }] });
    await create(b, { contact: foreignSupplier, documentNumber: "L-1", taxable: 999 });
    const list = await listGrid(a, expensesGrid, new URLSearchParams({ search: "L-1", totals: "1" }));
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: e1.id, documentNumber: "L-1", contact: { id: supplier.id, toString: "Forniture S.p.A." }, total: 1020, withholdings: -200, paid: true, nextDeadline: null });
    expect(list.totals).toMatchObject({ taxable: 1000, totalVat: 220, withholdings: -200, total: 1020 });
  });
});
