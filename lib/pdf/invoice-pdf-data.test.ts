import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Database } from "@/db/client";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { ApiError } from "@/lib/errors";
import { bankAccountSchema } from "@/lib/schemas/bank-account";
import { contactSchema } from "@/lib/schemas/contact";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { vatRates } from "@/db/schema";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { bankAccountEntity } from "@/db/queries/bank-accounts";
import { contactEntity } from "@/db/queries/contacts";
import { createCreditNote } from "@/db/documents/copy";
import { getInvoicePdfData } from "@/db/documents/pdf";
import { invoiceEntity } from "@/db/documents/entity";
import { TenantScope } from "@/db/scope";
import { invoicePdfFilename, PDF_WORDINGS, renderInvoicePdf } from "./invoice-pdf";
import { readPdf } from "@/tests/support/sample-invoice";

// the PDF of a saved document, through the entity on PGlite: what GET /api/invoices/download-pdf/{id} renders
describe("invoice PDF data on pglite", () => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let customer: { id: number };
  let vat22: { id: number };
  let paypal: { id: number };

  beforeAll(async () => {
    tdb = await createTestDatabase("pglite", "pdf");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Alfa", email: "pdf-a@example.it", firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: "pdf-b@example.it", firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: "#1a4fa0" } }).png().toBuffer();
    await a.updateTenant(undefined, {
      taxRegime: "RF01",
      fiscalCode: "RSSMRA80A01H501U",
      vat: "01234567890",
      address: "Via Roma 1",
      city: "Roma",
      postalCode: "00100",
      province: "RM",
      footer: "Studio Alfa - REA RM-123456",
      logo,
      logoContentType: "image/png",
    });
    const c = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", city: "Milano", postalCode: "20100", province: "MI" }));
    customer = { id: c.id };
    vat22 = { id: (await a.list(vatRates)).find((r) => r.rate === "22.00")!.id };
    const pp = await bankAccountEntity.create(a, bankAccountSchema.parse({ bankAccountType: "Altro", bankName: "PayPal", url: "https://paypal.me/studioalfa" }));
    paypal = { id: pp.id };
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("an issued invoice: seller and buyer as snapshotted, rows, the calculation's VAT summary, totals, deadline with its payment link", async () => {
    const doc = await invoiceEntity.create(
      a,
      invoiceSchema.parse({
        contact: customer,
        date: "2026-03-02",
        state: "Emessa",
        inpsRevenge: "4",
        withholdingTaxApply: true,
        withholdingTaxPercentage: "20",
        bankAccount: paypal,
        rows: [
          { rowType: "SEZIONE", description: "Consulenze di marzo" },
          { rowType: "GENERICA", description: "Compenso professionale", quantity: "1", amount: 100000, vat: vat22, withholding: true },
          { rowType: "GENERICA", description: "Riga solo descrittiva", hideAmount: true },
        ],
      }),
    );
    // later edits of the tenant and the customer do not change an issued document
    await a.updateTenant(undefined, { denomination: "Studio Alfa Nuovo" });
    await contactEntity.update(a, customer.id, contactSchema.parse({ ...(await contactEntity.get(a, customer.id)), companyName: "Rossi Nuova S.r.l." }));

    const data = await getInvoicePdfData(a, doc.id);
    expect(data).toMatchObject({
      kind: "INVOICE",
      number: doc.number,
      date: "2026-03-02",
      seller: { name: "Studio Alfa", vatNumber: "01234567890", city: "Roma" },
      buyer: { name: "Rossi S.r.l.", vatNumber: "12345678903", city: "Milano" },
      logo: { format: "png" },
      totals: doc.totals,
      vatSummary: [{ label: "22%", taxable: 104000, vat: 22880, splitPayment: false }],
      stampDue: false,
      isForfettario: false,
      splitPayment: false,
      footer: "Studio Alfa - REA RM-123456",
      deadlines: [{ date: "2026-03-02", amount: 106080, state: "Da saldare", bankAccount: { type: "Altro", name: "PayPal", url: "https://paypal.me/studioalfa" } }],
    });
    expect(data.rows.map((r) => [r.rowType, r.description, r.amount, r.vatLabel])).toEqual([
      ["SEZIONE", "Consulenze di marzo", 0, ""],
      ["GENERICA", "Compenso professionale", 100000, "22%"],
      ["GENERICA", "Riga solo descrittiva", 0, ""],
    ]);
    expect(invoicePdfFilename(data)).toBe(`Fattura_${doc.number}_2026.pdf`);

    const { text } = await readPdf(await renderInvoicePdf(data));
    for (const t of ["Studio Alfa", "Rossi S.r.l.", "Consulenze di marzo", "Rivalsa INPS 4%", "€ 1'268,80", "- € 208,00", "Netto a pagare", "€ 1'060,80", "https://paypal.me/studioalfa", "Pagina 1 di 1"]) expect(text).toContain(t);
    expect(text).not.toContain("Studio Alfa Nuovo");
  });

  it("every row prints its own amount and its quantity as entered (3 decimals), headings in between", async () => {
    const doc = await invoiceEntity.create(
      a,
      invoiceSchema.parse({
        contact: customer,
        date: "2026-03-05",
        rows: [
          { rowType: "GENERICA", description: "Terzo di giornata", quantity: "0,333", amount: 30000, vat: vat22 },
          { rowType: "SEZIONE", description: "Materiali" },
          { rowType: "GENERICA", description: "Cavo al metro", quantity: "2,345", amount: 1234, vat: vat22 },
          { rowType: "GENERICA", description: "Sopralluogo", quantity: "1", amount: 5000, vat: vat22 },
        ],
      }),
    );
    const data = await getInvoicePdfData(a, doc.id);
    // 0.333 × 300.00 = 99.90; 2.345 × 12.34 = 28.9373 → 28.94; 1 × 50.00
    expect(data.rows.map((r) => [r.description, r.amount])).toEqual([
      ["Terzo di giornata", 9990],
      ["Materiali", 0],
      ["Cavo al metro", 2894],
      ["Sopralluogo", 5000],
    ]);
    // what the customer reads: each row's line of the PDF, quantity as entered, price, its own amount
    const lines = (await readPdf(await renderInvoicePdf(data))).text.split("\n").map((l) => l.replace(/\s+/g, " ").trim());
    const rowLine = (description: string) => lines.find((l) => l.startsWith(description)) ?? lines[lines.findIndex((l) => l === description) + 1];
    expect(rowLine("Terzo di giornata")).toMatch(/^Terzo di giornata 0,333 300,00 22% 99,90$/);
    expect(rowLine("Cavo al metro")).toMatch(/^Cavo al metro 2,345 12,34 22% 28,94$/);
    expect(rowLine("Sopralluogo")).toMatch(/^Sopralluogo 1 50,00 22% 50,00$/);
    expect(lines.join("\n")).not.toContain("2'345");
  });

  it("a Bozza shows the live tenant and customer; forfettario and the virtual stamp give their wordings", async () => {
    await a.updateTenant(undefined, { taxRegime: "RF19" });
    const doc = await invoiceEntity.create(a, invoiceSchema.parse({ contact: customer, date: "2026-03-03", stampAmount: 200, rows: [{ rowType: "GENERICA", description: "Compenso", amount: 100000, vat: vat22 }] }));
    const data = await getInvoicePdfData(a, doc.id);
    expect(data).toMatchObject({ number: null, seller: { name: "Studio Alfa Nuovo" }, buyer: { name: "Rossi Nuova S.r.l." }, isForfettario: true, stampDue: true, stampCharged: true });
    // the recharged stamp is a 0% N1 row of its own
    expect(data.vatSummary.map((v) => v.label)).toEqual(["0% N2.2", "0% N1"]);
    // the row shows the rate applied, not its product's 22%
    expect(data.rows.map((r) => r.vatLabel)).toEqual(["0% N2.2"]);
    const text = (await readPdf(await renderInvoicePdf(data))).text.replace(/\s+/g, " ");
    expect(text).toContain(PDF_WORDINGS.forfettario);
    expect(text).toContain(PDF_WORDINGS.stamp);
    expect(text).toContain("Imposta di bollo € 2,00");
    // each natura used is named with its law reference, as the XML's RiferimentoNormativo
    expect(text).toContain("art. 1 c. 54-89 L. 190/2014");
    expect(text).toContain("art. 15 DPR 633/72");
    expect(data.vatSummary.map((v) => v.description)).toEqual([
      "Non soggette - altri casi: Operazione senza IVA ai sensi dell'art. 1 c. 54-89 L. 190/2014",
      "Escluse ex art. 15 DPR 633/72",
    ]);
    expect(invoicePdfFilename(data)).toBe("Fattura_bozza_2026.pdf");
    await a.updateTenant(undefined, { taxRegime: "RF01" });
  });

  it("a credit note names the invoice it corrects, number and date", async () => {
    const invoice = await invoiceEntity.create(a, invoiceSchema.parse({ contact: customer, date: "2026-03-06", state: "Emessa", rows: [{ rowType: "GENERICA", description: "Compenso", amount: 50000, vat: vat22 }] }));
    const { invoice: note } = await createCreditNote(a, invoice.id);
    const data = await getInvoicePdfData(a, note.id);
    expect(data.corrects).toEqual({ number: invoice.number, date: "2026-03-06" });
    const text = (await readPdf(await renderInvoicePdf(data))).text.replace(/\s+/g, " ");
    expect(text).toContain(`Rettifica della fattura n. ${invoice.number} del 06/03/2026`);
    // an invoice corrects nothing
    expect((await getInvoicePdfData(a, invoice.id)).corrects).toBeNull();
  });

  it("another tenant's document is not found (404)", async () => {
    const doc = await invoiceEntity.create(a, invoiceSchema.parse({ contact: customer, date: "2026-03-04", rows: [{ rowType: "GENERICA", description: "Riga", hideAmount: true }] }));
    const err = await getInvoicePdfData(b, doc.id).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).httpStatus).toBe(404);
    expect((err as ApiError).message).toBe("Documento non trovato");
  });
});
