/**
 * Received invoices read as the law reads them (issue 28), through the data layer on PGlite and PostgreSQL, with the
 * project's own corpus (tests/fixtures/received-invoices.ts): identifiers our checks refuse but SDI delivered, only
 * the tenant's own invoices, credit notes as credits (negative, netting the invoice they name, never to pay),
 * duplicates by supplier, type, number and year, split payment, the file's total with its document-level discount
 * and rounding, signed files (an incomplete indefinite-length envelope refused; the signature's status kept).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { contacts, documentDeadlines, expenses } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { listGrid } from "@/lib/grid/list";
import { checkInvoiceXml, P7M_INCOMPLETE } from "@/lib/fiscal/received";
import {
  BUYER_VAT,
  p7mDer,
  p7mIndefinite,
  partitaIva,
  receivedXml,
  utf8,
  withCustomer,
  withDocumentDiscount,
  withLinkedInvoice,
  withSplitPayment,
  withSupplierVat,
} from "@/tests/fixtures/received-invoices";
import { createTenantWithAdmin } from "./accounts";
import { EXPENSE_IMPORT_MESSAGES, importReceivedInvoices } from "./expense-import";
import { expenseEntity, expensesGrid } from "./expenses";
import { invoiceReport } from "./reports/invoices";
import { TenantScope } from "../scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

/** The files meant to be valid are valid FatturaPA 1.2.3 (schema included): what SDI would have delivered. */
const valid = (xml: string) => {
  expect(() => checkInvoiceXml(utf8(xml))).not.toThrow();
  return utf8(xml);
};

describe.each(kinds)("received invoices as the law reads them on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let none: TenantScope;
  let n = 0;
  const supplier = (companyName = "Fornitore S.r.l.") => ({ vatNumber: partitaIva(6_000_000 + ++n), companyName });
  const deadlinesOf = (scope: TenantScope, id: number) =>
    scope.list(documentDeadlines, { where: eq(documentDeadlines.expenseId, id), orderBy: [asc(documentDeadlines.deadlineDate), asc(documentDeadlines.deadlineState), asc(documentDeadlines.id)] });
  const dl = async (scope: TenantScope, id: number) => (await deadlinesOf(scope, id)).map((d) => [d.deadlineDate, Number(d.amount), d.deadlineState]);

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "eilaw");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Alfa S.r.l.", email: `law-a-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tn = await createTenantWithAdmin(database.db, { denomination: "Senza Dati", email: `law-n-${kind}@example.it`, firstName: "Nino", lastName: "Nessuno", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT"] });
    none = new TenantScope(database.db, tn.tenant.id, { userId: tn.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT"] });
    await a.updateTenant(undefined, { vat: BUYER_VAT });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("foreign VAT numbers as their countries write them (1–28 characters) import; the non-standard one is a warning on the supplier and the expense", async () => {
    const cases = [
      { idPaese: "CH", idCodice: "CHE-114.993.395 IVA", warns: true },
      { idPaese: "DE", idCodice: "811907980", warns: false },
      { idPaese: "FR", idCodice: "FR40303265045", warns: false },
      // spaces are not part of a VAT number (the contact form drops them too): no warning
      { idPaese: "GB", idCodice: "GB 980 7806 84", warns: false },
      // the XSD's longest (28) and shortest (1)
      { idPaese: "ES", idCodice: "B-12345678/ES-00000000000000", warns: true },
      { idPaese: "SM", idCodice: "7", warns: true },
    ];
    expect(cases[4]!.idCodice).toHaveLength(28);
    const files = cases.map((c, i) => ({ name: `estero-${i}.xml`, bytes: valid(withSupplierVat(receivedXml({ number: `EST-${i}`, supplier: supplier(`Estero ${c.idPaese} Ltd`) }), c.idPaese, c.idCodice)) }));
    const r = await importReceivedInvoices(a, files);
    expect(r.refused).toEqual([]);
    expect(r.imported.map((i) => i.documentNumber)).toEqual(cases.map((_, i) => `EST-${i}`));
    for (const [i, c] of cases.entries()) {
      const e = await expenseEntity.get(a, r.imported[i]!.id);
      const contact = await a.getOrThrow(contacts, e.contact.id);
      expect(contact.vatCountry).toBe(c.idPaese);
      if (c.warns) {
        const warning = EXPENSE_IMPORT_MESSAGES.vatForeign(c.idCodice);
        expect(e.supplierWarnings).toEqual([warning]);
        expect(contact.notes).toBe(`Attenzione: ${warning}`);
      } else {
        expect(e.supplierWarnings).toEqual([]);
        expect(contact.notes).toBe("");
      }
    }
    // the same supplier's next file finds it by the number as the file writes it
    const again = await importReceivedInvoices(a, [{ name: "ch2.xml", bytes: valid(withSupplierVat(receivedXml({ number: "EST-CH-2", supplier: supplier() }), "CH", "CHE-114.993.395 IVA")) }]);
    expect((await expenseEntity.get(a, again.imported[0]!.id)).contact.id).toBe((await expenseEntity.get(a, r.imported[0]!.id)).contact.id);
  });

  it("only the tenant's own invoices: another company's, a consumer's, and any file for a tenant without Partita IVA nor codice fiscale are refused, nothing written", async () => {
    const s = supplier("Fornitore Altrui S.r.l.");
    const other = valid(withCustomer(receivedXml({ number: "ALT-1", supplier: s }), { vatNumber: "09876543217" }));
    const consumer = valid(withCustomer(receivedXml({ number: "ALT-2", supplier: s }), { fiscalCode: "RSSMRA85T10A562S", firstName: "Mario", lastName: "Rossi" }));
    // the tenant's own sales invoice: the tenant is the CedentePrestatore, the cessionario a customer
    const ownSale = valid(withCustomer(receivedXml({ number: "VEN-1", supplier: { vatNumber: BUYER_VAT, companyName: "Alfa S.r.l." } }), { vatNumber: "09876543217" }));
    const before = { e: await a.count(expenses), c: await a.count(contacts) };
    const r = await importReceivedInvoices(a, [
      { name: "altra.xml", bytes: other },
      { name: "consumatore.xml", bytes: consumer },
      { name: "vendita.xml", bytes: ownSale },
    ]);
    expect(r).toEqual({
      imported: [],
      duplicates: [],
      refused: [
        { file: "altra.xml", reason: EXPENSE_IMPORT_MESSAGES.notOurs("Altra Azienda S.p.A., P.IVA IT09876543217") },
        { file: "consumatore.xml", reason: EXPENSE_IMPORT_MESSAGES.notOurs("Mario Rossi, C.F. RSSMRA85T10A562S") },
        { file: "vendita.xml", reason: EXPENSE_IMPORT_MESSAGES.notOurs("Altra Azienda S.p.A., P.IVA IT09876543217") },
      ],
    });
    expect(r.refused[0]!.reason).toBe("La fattura non è intestata a questa azienda (cessionario: Altra Azienda S.p.A., P.IVA IT09876543217): solo le fatture ricevute dall'azienda sono fatture di acquisto");
    expect({ e: await a.count(expenses), c: await a.count(contacts) }).toEqual(before);

    const unidentified = await importReceivedInvoices(none, [{ name: "nostra.xml", bytes: valid(receivedXml({ number: "N-1", supplier: s })) }]);
    expect(unidentified).toEqual({ imported: [], duplicates: [], refused: [{ file: "nostra.xml", reason: EXPENSE_IMPORT_MESSAGES.tenantUnidentified }] });
    expect(await none.count(expenses)).toBe(0);
    // known by its codice fiscale alone, the same file is the tenant's
    await none.updateTenant(undefined, { fiscalCode: BUYER_VAT });
    expect((await importReceivedInvoices(none, [{ name: "nostra.xml", bytes: valid(receivedXml({ number: "N-1", supplier: s })) }])).imported).toHaveLength(1);
  });

  it("a TD04 with a document-level discount and rounding: negative, the file's total, never to pay; it nets the invoice it names (same number: not a duplicate)", async () => {
    const s = supplier("Note di Credito S.r.l.");
    const invoice = valid(receivedXml({ number: "NC-7", date: "2026-01-15", supplier: s, payment: "deadlines" }));
    const first = await importReceivedInvoices(a, [{ name: "fattura.xml", bytes: invoice }]);
    const invoiceId = first.imported[0]!.id;
    expect(await dl(a, invoiceId)).toEqual([
      ["2026-02-28", 72000, "Da saldare"],
      ["2026-03-31", 50000, "Da saldare"],
    ]);
    // the credit note shares the invoice's number (SDI allows it): 1,220.00 − 100.00 discount − 0.40 rounding
    const credit = valid(withLinkedInvoice(withDocumentDiscount(receivedXml({ number: "NC-7", date: "2026-02-10", supplier: s, payment: "none", type: "TD04" }), { discount: "100.00", rounding: "-0.40" }), "NC-7", "2026-01-15"));
    const r = await importReceivedInvoices(a, [{ name: "nota.xml", bytes: credit }]);
    expect(r).toEqual({ imported: [{ id: expect.any(Number), file: "nota.xml", documentNumber: "NC-7", documentType: "TD04", supplier: "Note di Credito S.r.l." }], duplicates: [], refused: [] });
    const e = await expenseEntity.get(a, r.imported[0]!.id);
    expect(e).toMatchObject({ documentType: "TD04", taxable: -100000, totalVat: -22000, documentAdjustment: 10040, total: -111960, amountDue: -111960, splitPaymentVat: 0, signature: "assente" });
    // never 'Da saldare' to pay: all of it netted against the invoice's open deadlines, latest first
    expect(e.deadlines).toEqual([]);
    expect(await dl(a, invoiceId)).toEqual([
      ["2026-02-28", 10040, "Da saldare"],
      ["2026-02-28", 61960, "Stornato"],
      ["2026-03-31", 50000, "Stornato"],
    ]);
    expect((await deadlinesOf(a, invoiceId)).filter((d) => d.deadlineState === "Stornato").map((d) => d.description)).toEqual([EXPENSE_IMPORT_MESSAGES.creditNetted("NC-7", "2026-02-10"), EXPENSE_IMPORT_MESSAGES.creditNetted("NC-7", "2026-02-10")]);
    // both again: both duplicates (supplier, type, number, year)
    const again = await importReceivedInvoices(a, [{ name: "fattura.xml", bytes: invoice }, { name: "nota.xml", bytes: credit }]);
    expect(again).toEqual({ imported: [], duplicates: [{ file: "fattura.xml", documentNumber: "NC-7", documentType: "TD01" }, { file: "nota.xml", documentNumber: "NC-7", documentType: "TD04" }], refused: [] });

    // the list's footer and the report net it: the invoice 1,220.00 and the credit −1,119.60
    const list = await listGrid(a, expensesGrid, new URLSearchParams({ search: "NC-7", totals: "1" }));
    expect(list.totals).toMatchObject({ taxable: 0, totalVat: 0, total: 10040 });
    const report = await invoiceReport(a, { preset: "Personalizzato", from: "2026-02-01", to: "2026-02-28", customer: { id: e.contact.id } } as never);
    expect(report.totals).toMatchObject({ purchases: -111960, purchasesVat: -22000 });
  });

  it("a credit naming no invoice in the application is a credit to collect, never to pay; a TD08 too; a TD05 adds", async () => {
    const s = supplier("Crediti S.r.l.");
    const r = await importReceivedInvoices(a, [
      { name: "nc.xml", bytes: valid(withLinkedInvoice(receivedXml({ number: "NC-1", date: "2026-03-02", supplier: s, payment: "none", type: "TD04" }), "FT-SCONOSCIUTA", "2025-12-01")) },
      { name: "nd.xml", bytes: valid(receivedXml({ number: "ND-1", date: "2026-03-03", supplier: s, payment: "none", type: "TD05" })) },
    ]);
    expect(r.refused).toEqual([]);
    const [nc, nd] = await Promise.all(r.imported.map((i) => expenseEntity.get(a, i.id)));
    expect(nc).toMatchObject({ documentType: "TD04", total: -122000, amountDue: -122000 });
    // the supplier owes it back: a deadline of the credit (the Scadenziario's 'Da incassare', db/queries/deadlines.ts)
    expect(nc!.deadlines.map((d) => [d.deadlineDate, d.amount, d.deadlineState])).toEqual([["2026-03-02", 122000, "Da saldare"]]);
    expect(nd).toMatchObject({ documentType: "TD05", total: 122000 });
    expect(nd!.deadlines.map((d) => [d.deadlineDate, d.amount])).toEqual([["2026-03-03", 122000]]);
    const list = await listGrid(a, expensesGrid, new URLSearchParams({ search: "Crediti", totals: "1" }));
    expect(list.totals).toMatchObject({ total: 0 });
  });

  it("split payment (EsigibilitaIVA S): owed to the supplier the Σ ImportoPagamento, the VAT to the State; both figures survive an edit", async () => {
    const s = supplier("Scissione S.r.l.");
    const r = await importReceivedInvoices(a, [
      { name: "sp.xml", bytes: valid(withSplitPayment(receivedXml({ number: "SP-1", supplier: s, payment: "none" }))) },
      { name: "sp2.xml", bytes: valid(withSplitPayment(receivedXml({ number: "SP-2", date: "2026-01-20", supplier: s, payment: "none" }), false)) },
    ]);
    expect(r.refused).toEqual([]);
    const e = await expenseEntity.get(a, r.imported[0]!.id);
    expect(e).toMatchObject({ documentType: "TD01", taxable: 100000, totalVat: 22000, total: 122000, splitPaymentVat: 22000, amountDue: 100000 });
    expect(e.deadlines.map((d) => [d.deadlineDate, d.amount])).toEqual([["2026-02-28", 100000]]);
    const e2 = await expenseEntity.get(a, r.imported[1]!.id);
    expect(e2).toMatchObject({ total: 122000, amountDue: 100000 });
    expect(e2.deadlines.map((d) => [d.deadlineDate, d.amount])).toEqual([["2026-01-20", 100000]]);
    // the form sends back what it read (amountDue is read-only), the details changed: the figures are kept
    const { id, deadlines, files: _files, ...rest } = e2;
    void _files;
    const saved = await expenseEntity.update(a, id, { ...rest, details: "Modificata", deadlines: deadlines.map((d) => ({ ...d })) } as never);
    expect(saved).toMatchObject({ details: "Modificata", total: 122000, splitPaymentVat: 22000, amountDue: 100000, documentType: "TD01" });
    // without the deadlines, they are scheduled again on the amount due, not the total
    const { deadlines: _d, files: _f, ...again } = saved;
    void _d;
    void _f;
    const rescheduled = await expenseEntity.update(a, id, { ...again, taxable: 200000, totalVat: 44000, splitPaymentVat: 44000 } as never);
    expect(rescheduled).toMatchObject({ total: 244000, amountDue: 200000 });
    expect(rescheduled.deadlines.map((d) => d.amount)).toEqual([200000]);
  });

  it("an invoice's document-level discount without ImportoTotaleDocumento: the total computed as the file states it", async () => {
    const r = await importReceivedInvoices(a, [{ name: "sc.xml", bytes: valid(withDocumentDiscount(receivedXml({ number: "SC-1", supplier: supplier(), payment: "none" }), { discount: "100.00", rounding: "-0.40", statedTotal: false })) }]);
    const e = await expenseEntity.get(a, r.imported[0]!.id);
    expect(e).toMatchObject({ taxable: 100000, totalVat: 22000, documentAdjustment: -10040, total: 111960, amountDue: 111960 });
    expect(e.deadlines.map((d) => d.amount)).toEqual([111960]);
  });

  it("a hand-typed credit note is kept negative whatever sign it is typed with; its deadline is to collect", async () => {
    const c = await importReceivedInvoices(a, [{ name: "base.xml", bytes: valid(receivedXml({ number: "BASE-1", supplier: supplier("A Mano S.r.l."), payment: "none" })) }]);
    const contact = (await expenseEntity.get(a, c.imported[0]!.id)).contact;
    const e = await expenseEntity.create(a, { documentNumber: "NCM-1", documentDate: "2026-04-01", contact: { id: contact.id }, documentType: "TD04", taxable: 10000, totalVat: 2200, withholdingTaxPercentage: 0, withholdingTaxPercentagePlus: 0, currency: "EUR", details: "" } as never);
    expect(e).toMatchObject({ documentType: "TD04", taxable: -10000, totalVat: -2200, total: -12200, signature: null, supplierWarnings: [] });
    expect(e.deadlines.map((d) => [d.amount, d.deadlineState])).toEqual([[12200, "Da saldare"]]);
  });

  it("signed files: a truncated indefinite-length envelope refused with its reason; the signature's status on the record", async () => {
    const s = supplier("Firme S.r.l.");
    const r = await importReceivedInvoices(a, [
      { name: "troncata.xml.p7m", bytes: await p7mIndefinite(receivedXml({ number: "F-0", supplier: s }), true) },
      { name: "firmata.xml.p7m", bytes: await p7mDer(receivedXml({ number: "F-1", supplier: s })) },
      { name: "ber.xml.p7m", bytes: await p7mIndefinite(receivedXml({ number: "F-2", supplier: s })) },
      { name: "semplice.xml", bytes: valid(receivedXml({ number: "F-3", supplier: s })) },
    ]);
    expect(r.refused).toEqual([{ file: "troncata.xml.p7m", reason: `Busta firmata (p7m) non valida: ${P7M_INCOMPLETE}` }]);
    expect(r.refused[0]!.reason).toBe("Busta firmata (p7m) non valida: la busta è incompleta (manca la chiusura della struttura a lunghezza indefinita): il file è troncato, scaricalo di nuovo dallo SDI");
    const signatures = await Promise.all(r.imported.map(async (i) => [i.documentNumber, (await expenseEntity.get(a, i.id)).signature]));
    expect(signatures).toEqual([
      ["F-1", "verificata"],
      ["F-2", "presente, non verificata"],
      ["F-3", "assente"],
    ]);
    expect(await a.count(expenses, eq(expenses.documentNumber, "F-0"))).toBe(0);
  });
});
