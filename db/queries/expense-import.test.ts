import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { attachments, contacts, documentDeadlines, expenses } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { contactSchema } from "@/lib/schemas/contact";
import { paymentModalitySchema } from "@/lib/schemas/payment-modality";
import {
  BUYER_VAT,
  hostileFiles,
  p7mBase64,
  p7mDer,
  partitaIva,
  receivedXml,
  utf8,
  zip,
  zipBombByCount,
  zipBombByDeclaredSize,
  zipBombByRatio,
} from "@/tests/fixtures/received-invoices";
import { createTenantWithAdmin } from "./accounts";
import { readAttachment } from "./attachments";
import { contactEntity } from "./contacts";
import { EXPENSE_IMPORT_MESSAGES, importReceivedInvoices } from "./expense-import";
import { expenseEntity } from "./expenses";
import { paymentModalityEntity } from "./payment-modalities";
import { TenantScope } from "../scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

async function bytesOf(scope: TenantScope, kind: "expense" | "expense_einvoice", ownerId: number, id: number): Promise<Buffer> {
  const stored = await readAttachment(scope, { kind, id: ownerId }, id);
  const parts: Buffer[] = [];
  for await (const c of stored.chunks()) parts.push(c);
  return Buffer.concat(parts);
}

describe.each(kinds)("import of received e-invoices on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let n = 0;
  /** A supplier of its own for each test (fresh VAT number), so the tests do not see each other's contacts. */
  const supplier = (companyName = "Fornitore S.r.l.", email?: string) => ({ vatNumber: partitaIva(7_000_000 + ++n), companyName, ...(email ? { email } : {}) });
  const expenseRows = (scope: TenantScope, ids: number[]) => Promise.all(ids.map((id) => scope.getOrThrow(expenses, id)));
  const deadlinesOf = (scope: TenantScope, id: number) => scope.list(documentDeadlines, { where: eq(documentDeadlines.expenseId, id), orderBy: [asc(documentDeadlines.position)] });
  const filesOf = (scope: TenantScope, kindOf: "expense" | "expense_einvoice", id: number) =>
    scope.list(attachments, { where: and(eq(attachments.ownerKind, kindOf), eq(attachments.ownerId, id)), orderBy: [asc(attachments.id)] });

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "eimp");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Alfa", email: `ea-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "Studio Beta", email: `eb-${kind}@example.it`, firstName: "Bruno", lastName: "Beta", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT"] });
    // the files' CessionarioCommittente (the sample's buyer): only the tenant's own invoices are imported (issue 28);
    // b is known by its codice fiscale (a company's is its Partita IVA)
    await a.updateTenant(undefined, { vat: `IT${BUYER_VAT}` });
    await b.updateTenant(undefined, { fiscalCode: BUYER_VAT });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("a plain XML: the supplier created (company, address, PEC), the expense's amounts, deadlines from DatiPagamento, the XML stored", async () => {
    const s = supplier("Beta Forniture S.r.l.", "beta@pec.example.it");
    const xml = receivedXml({ number: "FT-1", date: "2026-01-15", supplier: s, payment: "deadlines", withholding: true, second: true });
    const r = await importReceivedInvoices(a, [{ name: "IT01_beta.xml", bytes: utf8(xml) }]);
    expect(r.refused).toEqual([]);
    expect(r.duplicates).toEqual([]);
    expect(r.imported).toEqual([{ id: expect.any(Number), file: "IT01_beta.xml", documentNumber: "FT-1", documentType: "TD01", supplier: "Beta Forniture S.r.l." }]);
    const [e] = await expenseRows(a, [r.imported[0]!.id]);
    expect(e).toMatchObject({
      documentNumber: "FT-1",
      documentDate: "2026-01-15",
      taxable: 100000,
      totalVat: 22000,
      // negative: withheld by us, as the expenses keep them (the total is what the supplier is owed)
      withholdingTaxAmount: -20000,
      withholdingTaxAmountPlus: -500,
      stampAmount: 0,
      currency: "EUR",
      documentType: "TD01",
      imported: true,
      originalAttachmentId: null,
    });
    expect(e!.importedAt).toBeInstanceOf(Date);
    const c = await a.getOrThrow(contacts, e!.contactId);
    expect(c).toMatchObject({ kind: "COMPANY", companyName: "Beta Forniture S.r.l.", isSupplier: true, isCustomer: false, vatCountry: "IT", vatNumber: s.vatNumber, address: "Via dei Fornitori 7", postalCode: "40121", city: "Bologna", province: "BO", pec: "beta@pec.example.it", code: "" });
    expect((await deadlinesOf(a, e!.id)).map((d) => [d.deadlineDate, d.amount, d.deadlineState, d.contactId])).toEqual([
      ["2026-02-28", 52000, "Da saldare", c.id],
      ["2026-03-31", 50000, "Da saldare", c.id],
    ]);
    const stored = await filesOf(a, "expense_einvoice", e!.id);
    expect(stored.map((f) => [f.id, f.name, f.contentType])).toEqual([[e!.xmlAttachmentId, "IT01_beta.xml", "application/xml"]]);
    expect((await bytesOf(a, "expense_einvoice", e!.id, e!.xmlAttachmentId!)).toString("utf8")).toBe(xml);
    expect(await filesOf(a, "expense", e!.id)).toEqual([]);
  });

  it("p7m in DER and base64: the XML extracted and the signed original both stored, byte for byte", async () => {
    const s = supplier();
    const x1 = receivedXml({ number: "P-1", supplier: s });
    const x2 = receivedXml({ number: "P-2", supplier: s });
    const der = await p7mDer(x1);
    const b64 = await p7mBase64(x2);
    const r = await importReceivedInvoices(a, [
      { name: "IT_P1.xml.p7m", bytes: der },
      { name: "IT_P2.p7m", bytes: b64 },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.imported.map((i) => i.documentNumber)).toEqual(["P-1", "P-2"]);
    // one supplier for both files (the second found the one the first created)
    const [e1, e2] = await expenseRows(a, r.imported.map((i) => i.id));
    expect(e1!.contactId).toBe(e2!.contactId);
    expect(await a.count(contacts, eq(contacts.vatNumber, s.vatNumber))).toBe(1);
    const f1 = await filesOf(a, "expense_einvoice", e1!.id);
    expect(f1.map((f) => [f.name, f.contentType])).toEqual([["IT_P1.xml", "application/xml"], ["IT_P1.xml.p7m", "application/pkcs7-mime"]]);
    expect((await bytesOf(a, "expense_einvoice", e1!.id, e1!.xmlAttachmentId!)).toString("utf8")).toBe(x1);
    expect((await bytesOf(a, "expense_einvoice", e1!.id, e1!.originalAttachmentId!)).equals(Buffer.from(der))).toBe(true);
    expect((await filesOf(a, "expense_einvoice", e2!.id)).map((f) => f.name)).toEqual(["IT_P2.xml", "IT_P2.p7m"]);
    expect((await bytesOf(a, "expense_einvoice", e2!.id, e2!.xmlAttachmentId!)).toString("utf8")).toBe(x2);
    expect((await bytesOf(a, "expense_einvoice", e2!.id, e2!.originalAttachmentId!)).equals(Buffer.from(b64))).toBe(true);
  });

  it("a lotto: one expense per body, each with its XML; Allegati stored as the expense's files; the bollo", async () => {
    const s = supplier();
    const xml = receivedXml({ number: "L-1", lotto: ["L-2", "L-3"], supplier: s, stamp: true, attachments: [{ name: "copia.pdf", text: "%PDF-1.4 copia di cortesia", description: "Copia" }] });
    const r = await importReceivedInvoices(a, [{ name: "lotto.xml", bytes: utf8(xml) }]);
    expect(r.imported.map((i) => [i.file, i.documentNumber])).toEqual([["lotto.xml", "L-1"], ["lotto.xml", "L-2"], ["lotto.xml", "L-3"]]);
    const rows = await expenseRows(a, r.imported.map((i) => i.id));
    expect(new Set(rows.map((e) => e.xmlAttachmentId)).size).toBe(3);
    for (const e of rows) {
      expect(e).toMatchObject({ stampAmount: 200, totalVat: 0 });
      const files = await filesOf(a, "expense", e.id);
      expect(files.map((f) => [f.name, f.contentType, f.description])).toEqual([["copia.pdf", "application/pdf", "Copia"]]);
      expect((await bytesOf(a, "expense", e.id, files[0]!.id)).toString()).toBe("%PDF-1.4 copia di cortesia");
    }
  });

  it("an existing contact is found by VAT number (a customer becomes a supplier); deadlines from its payment modality without DatiPagamento", async () => {
    const s = supplier("Gamma S.p.A.");
    const modality = await paymentModalityEntity.create(
      a,
      paymentModalitySchema.parse({ name: "30/60 FM", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese", monthsAfter: 1, amountPercentage: "50" }, { paymentModalityExpirationType: "Fine mese", monthsAfter: 2, amountPercentage: "50" }] }),
    );
    // stored as the form stores it: "IT" typed in front, normalised away
    const existing = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Gamma (anagrafica)", isCustomer: true, vatNumber: `IT${s.vatNumber}`, supplierPaymentModality: { id: modality.id } }));
    expect(existing).toMatchObject({ isSupplier: false, vatNumber: s.vatNumber });
    const r = await importReceivedInvoices(a, [{ name: "g.xml", bytes: utf8(receivedXml({ number: "G-1", date: "2026-01-15", supplier: s, payment: "none", withholding: true })) }]);
    expect(r.imported).toEqual([{ id: expect.any(Number), file: "g.xml", documentNumber: "G-1", documentType: "TD01", supplier: "Gamma (anagrafica)" }]);
    const [e] = await expenseRows(a, [r.imported[0]!.id]);
    expect(e).toMatchObject({ contactId: existing.id, paymentModalityId: modality.id });
    expect((await a.getOrThrow(contacts, existing.id)).isSupplier).toBe(true);
    // 1,220.00 − 200.00 ritenuta = 1,020.00 due, half at the end of February, the rest at the end of March
    expect((await deadlinesOf(a, e!.id)).map((d) => [d.deadlineDate, d.amount])).toEqual([
      ["2026-02-28", 51000],
      ["2026-03-31", 51000],
    ]);
    // without DatiPagamento nor a modality: one deadline on the document date
    const t = supplier();
    const r2 = await importReceivedInvoices(a, [{ name: "h.xml", bytes: utf8(receivedXml({ number: "H-1", date: "2026-01-20", supplier: t, payment: "none" })) }]);
    expect((await deadlinesOf(a, r2.imported[0]!.id)).map((d) => [d.deadlineDate, d.amount])).toEqual([["2026-01-20", 122000]]);
  });

  it("a supplier without a matching VAT number is found by codice fiscale; a person supplier is created as a person", async () => {
    // the sample's supplier: Mario Rossi, VAT 12345678903, CF RSSMRA85T10A562S
    const byCf = await contactEntity.create(b, contactSchema.parse({ kind: "PERSON", firstName: "Mario", lastName: "Rossi", isSupplier: true, fiscalCode: "RSSMRA85T10A562S" }));
    const r = await importReceivedInvoices(b, [{ name: "cf.xml", bytes: utf8(receivedXml({ number: "CF-1" })) }]);
    expect(r.imported[0]).toMatchObject({ supplier: "Rossi Mario" });
    expect((await expenseRows(b, [r.imported[0]!.id]))[0]!.contactId).toBe(byCf.id);
    const r2 = await importReceivedInvoices(a, [{ name: "p.xml", bytes: utf8(receivedXml({ number: "PERS-1" })) }]);
    const c = await a.getOrThrow(contacts, (await expenseRows(a, [r2.imported[0]!.id]))[0]!.contactId);
    expect(c).toMatchObject({ kind: "PERSON", firstName: "Mario", lastName: "Rossi", vatNumber: "12345678903", fiscalCode: "RSSMRA85T10A562S", isSupplier: true });
  });

  it("duplicates (same supplier, number and year) are reported and skipped, also within one upload; another year is not a duplicate", async () => {
    const s = supplier();
    const xml = utf8(receivedXml({ number: "D-1", date: "2026-02-01", supplier: s }));
    const first = await importReceivedInvoices(a, [{ name: "d.xml", bytes: xml }, { name: "d-copia.xml", bytes: xml }]);
    expect(first.imported.map((i) => i.file)).toEqual(["d.xml"]);
    expect(first.duplicates).toEqual([{ file: "d-copia.xml", documentNumber: "D-1", documentType: "TD01" }]);
    const before = await a.count(expenses);
    const again = await importReceivedInvoices(a, [{ name: "d.xml", bytes: await p7mDer(receivedXml({ number: "D-1", date: "2026-02-01", supplier: s })) }]);
    expect(again).toEqual({ imported: [], duplicates: [{ file: "d.xml", documentNumber: "D-1", documentType: "TD01" }], refused: [] });
    expect(await a.count(expenses)).toBe(before);
    const nextYear = await importReceivedInvoices(a, [{ name: "d27.xml", bytes: utf8(receivedXml({ number: "D-1", date: "2027-02-01", supplier: s })) }]);
    expect(nextYear.imported).toHaveLength(1);
  });

  it("two imports of the same files at the same time write them once (the other reports them as duplicates)", async () => {
    const known = supplier("Concorrente S.r.l.");
    await importReceivedInvoices(a, [{ name: "primo.xml", bytes: utf8(receivedXml({ number: "K-0", supplier: known })) }]);
    // known supplier (group path) and a new one (alone path)
    const files = [
      ...Array.from({ length: 6 }, (_, i) => ({ name: `k${i}.xml`, bytes: utf8(receivedXml({ number: `K-${i + 1}`, supplier: known })) })),
      { name: "nuovo.xml", bytes: utf8(receivedXml({ number: "K-N", supplier: supplier("Nuovo Concorrente S.r.l.") })) },
    ];
    const [x, y] = await Promise.all([importReceivedInvoices(a, files), importReceivedInvoices(a, files)]);
    expect(x.refused).toEqual([]);
    expect(y.refused).toEqual([]);
    const numbers = [...x.imported, ...y.imported].map((i) => i.documentNumber).sort();
    expect(numbers).toEqual(["K-1", "K-2", "K-3", "K-4", "K-5", "K-6", "K-N"]);
    expect(x.duplicates.length + y.duplicates.length).toBe(7);
    expect(await a.count(expenses, sql`${expenses.documentNumber} like 'K-%'`)).toBe(8);
  });

  it("hostile and broken files are refused with received.ts's reasons; the others of the same upload are imported", async () => {
    const hostile = await hostileFiles();
    const good = receivedXml({ number: "OK-1", supplier: supplier() });
    const before = { e: await a.count(expenses), c: await a.count(contacts), f: await a.count(attachments) };
    const r = await importReceivedInvoices(a, [...hostile.map(({ name, bytes }) => ({ name, bytes })), { name: "ok.xml", bytes: utf8(good) }, { name: "note.txt", bytes: utf8("ciao") }]);
    expect(r.imported.map((i) => i.documentNumber)).toEqual(["OK-1"]);
    expect(r.refused).toEqual([...hostile.map(({ name, reason }) => ({ file: name, reason })), { file: "note.txt", reason: EXPENSE_IMPORT_MESSAGES.unsupported }]);
    expect(await a.count(expenses)).toBe(before.e + 1);
    expect(await a.count(contacts)).toBe(before.c + 1);
    expect(await a.count(attachments)).toBe(before.f + 1);
  });

  it("a Partita IVA with a wrong check digit (as SDI delivered it) imports; the supplier and the expense carry the warning", async () => {
    // before issue 28 the file was refused ("Il fornitore non può essere registrato: La partita IVA non è valida…")
    const bad = { vatNumber: "01234567890", companyName: "Partita Sbagliata S.r.l." };
    const r = await importReceivedInvoices(a, [
      { name: "bad.xml", bytes: utf8(receivedXml({ number: "B-1", supplier: bad })) },
      { name: "good.xml", bytes: utf8(receivedXml({ number: "B-2", supplier: supplier() })) },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.imported.map((i) => i.documentNumber)).toEqual(["B-1", "B-2"]);
    const [e1, e2] = await expenseRows(a, r.imported.map((i) => i.id));
    expect(e1!.supplierWarnings).toEqual([EXPENSE_IMPORT_MESSAGES.vatCheckDigit]);
    expect(e2!.supplierWarnings).toEqual([]);
    const c = await a.getOrThrow(contacts, e1!.contactId);
    expect(c).toMatchObject({ companyName: "Partita Sbagliata S.r.l.", vatCountry: "IT", vatNumber: "01234567890", isSupplier: true, notes: `Attenzione: ${EXPENSE_IMPORT_MESSAGES.vatCheckDigit}` });
    // the next file of the same supplier (group path) finds it by that number; the note is not written twice
    const again = await importReceivedInvoices(a, [{ name: "bad2.xml", bytes: utf8(receivedXml({ number: "B-3", supplier: bad })) }]);
    const [e3] = await expenseRows(a, [again.imported[0]!.id]);
    expect(e3!.contactId).toBe(c.id);
    expect(e3!.supplierWarnings).toEqual([EXPENSE_IMPORT_MESSAGES.vatCheckDigit]);
    expect((await a.getOrThrow(contacts, c.id)).notes).toBe(`Attenzione: ${EXPENSE_IMPORT_MESSAGES.vatCheckDigit}`);
    expect((await expenseEntity.get(a, e3!.id)).supplierWarnings).toEqual([EXPENSE_IMPORT_MESSAGES.vatCheckDigit]);
  });

  it("zips: entries imported under the archive's name; bombs refused from the directory (count, declared size, ratio)", async () => {
    const s = supplier();
    const der = await p7mDer(receivedXml({ number: "Z-2", supplier: s }));
    const archive = zip({ "gennaio/Z-1.xml": receivedXml({ number: "Z-1", supplier: s }), "gennaio/Z-2.xml.p7m": der, "leggimi.txt": "ciao", "__MACOSX/._Z-1.xml": "x", "dentro.zip": zip({ "x.xml": "<a/>" }) });
    const r = await importReceivedInvoices(a, [{ name: "fatture.zip", bytes: archive }]);
    expect(r.imported.map((i) => [i.file, i.documentNumber])).toEqual([
      ["fatture.zip/gennaio/Z-1.xml", "Z-1"],
      ["fatture.zip/gennaio/Z-2.xml.p7m", "Z-2"],
    ]);
    expect(r.refused).toEqual([
      { file: "fatture.zip/leggimi.txt", reason: EXPENSE_IMPORT_MESSAGES.unsupported },
      { file: "fatture.zip/dentro.zip", reason: EXPENSE_IMPORT_MESSAGES.zipNested },
    ]);
    const [, e2] = await expenseRows(a, r.imported.map((i) => i.id));
    expect((await filesOf(a, "expense_einvoice", e2!.id)).map((f) => f.name)).toEqual(["Z-2.xml", "Z-2.xml.p7m"]);

    const bombs = await importReceivedInvoices(a, [
      { name: "tanti.zip", bytes: zipBombByCount() },
      { name: "dichiarata.zip", bytes: zipBombByDeclaredSize() },
      { name: "rapporto.zip", bytes: zipBombByRatio() },
      { name: "rotto.zip", bytes: archive.slice(0, 100) },
    ]);
    expect(bombs).toEqual({
      imported: [],
      duplicates: [],
      refused: [
        { file: "tanti.zip", reason: EXPENSE_IMPORT_MESSAGES.zipTooManyEntries },
        { file: "dichiarata.zip", reason: EXPENSE_IMPORT_MESSAGES.zipTooLarge },
        { file: "rapporto.zip/zeri.xml", reason: EXPENSE_IMPORT_MESSAGES.fileTooLarge },
        { file: "rotto.zip", reason: EXPENSE_IMPORT_MESSAGES.zipUnreadable },
      ],
    });
  });

  it("control characters of file names (a NUL in a zip entry's name) are dropped, not sent to PostgreSQL", async () => {
    const r = await importReceivedInvoices(a, [{ name: "nomi\u0001.zip", bytes: zip({ "a\u0000b.xml": receivedXml({ number: "N-1", supplier: supplier() }) }) }]);
    expect(r.refused).toEqual([]);
    expect(r.imported.map((i) => i.file)).toEqual(["nomi.zip/ab.xml"]);
    const [e] = await expenseRows(a, [r.imported[0]!.id]);
    expect((await filesOf(a, "expense_einvoice", e!.id)).map((f) => f.name)).toEqual(["ab.xml"]);
  });

  it("contactWithCode: new suppliers get the next free code F00001, F00002…", async () => {
    await b.updateTenant(undefined, { contactWithCode: true });
    const r = await importReceivedInvoices(b, [
      { name: "c1.xml", bytes: utf8(receivedXml({ number: "C-1", supplier: supplier("Uno S.r.l.") })) },
      { name: "c2.xml", bytes: utf8(receivedXml({ number: "C-2", supplier: supplier("Due S.r.l.") })) },
    ]);
    expect(r.refused).toEqual([]);
    const codes = await Promise.all((await expenseRows(b, r.imported.map((i) => i.id))).map(async (e) => (await b.getOrThrow(contacts, e.contactId)).code));
    expect(codes).toEqual(["F00001", "F00002"]);
    await b.updateTenant(undefined, { contactWithCode: false });
  });

  it("tenants are apart: the same file imported in two tenants is two imports with two suppliers", async () => {
    const s = supplier("Condiviso S.r.l.");
    const bytes = utf8(receivedXml({ number: "T-1", supplier: s }));
    const ra = await importReceivedInvoices(a, [{ name: "t.xml", bytes }]);
    const rb = await importReceivedInvoices(b, [{ name: "t.xml", bytes }]);
    expect(ra.imported).toHaveLength(1);
    expect(rb.imported).toHaveLength(1);
    const [ea] = await expenseRows(a, [ra.imported[0]!.id]);
    const [eb] = await expenseRows(b, [rb.imported[0]!.id]);
    expect(ea!.contactId).not.toBe(eb!.contactId);
    expect(await b.find(expenses, ea!.id)).toBeUndefined();
    await expect(readAttachment(b, { kind: "expense_einvoice", id: ea!.id }, ea!.xmlAttachmentId!)).rejects.toThrow("File non trovato");
  });
});
