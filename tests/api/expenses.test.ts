/**
 * Fatture d'acquisto over HTTP (spec §7 Purchase invoices): create-form-data / update-form-data with formData
 * (contacts, bankAccounts, paymentModalities, files); saves with the spec's messages; the list with its totals, the
 * export; get-calculated-fields recomputing the deadlines on each trigger field (date, supplier, bank account,
 * payment modality, taxable, VAT, both withholdings); the supplier prefill from GET /api/contacts/get/{id};
 * duplicate; Allegati and the two e-invoice files (electronicInvoiceXmlFileContent checked as a FatturaPA,
 * electronicInvoiceOriginalFileContent), their downloads with the same bytes, replaced and removed; 100 MB per file
 * (one byte more: 413 'File troppo grande', nothing written); another tenant's ids (expense, file) → 404 on every
 * call and download; ROLE_DOCUMENT; stale version → 409.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { signP7m } from "@/lib/fiscal/__fixtures__/p7m";
import { MAX_ATTACHMENT_BYTES } from "@/lib/schemas/attachment";
import { EXPENSE_MESSAGES } from "@/lib/schemas/expense";
import { type Client, signUpTenant } from "../support/http";
import { countRows, DELETED, expectBadBodiesOnSaves, expectDocumentRoleNeeded, expectErrors, SAVED } from "../support/entity-api";

const URL = "/api/expenses";
const FIELD = "expense";
const MB = 1024 * 1024;
const CORPUS = path.join(process.cwd(), "lib/fiscal/__fixtures__/corpus");
const validXml = fs.readFileSync(path.join(CORPUS, "ingegnere-inarcassa.xml"));
const notFatturaPA = fs.readFileSync(path.join(CORPUS, "non-fatturapa.xml"));

type Ref = { id: number; toString?: unknown };
type Expense = Record<string, any> & { id: number; version: number; deadlines: Record<string, any>[]; files: Record<string, any>[] };

interface SaveParts {
  xml?: { bytes: Uint8Array; name: string };
  original?: { bytes: Uint8Array; name: string };
  files?: Record<number, { bytes: Uint8Array; name: string; type?: string }>;
}

function saveBody(expense: unknown, parts: SaveParts = {}): FormData {
  const fd = new FormData();
  fd.set(FIELD, JSON.stringify(expense));
  if (parts.xml) fd.set("electronicInvoiceXmlFileContent", new Blob([parts.xml.bytes as BlobPart], { type: "application/xml" }), parts.xml.name);
  if (parts.original) fd.set("electronicInvoiceOriginalFileContent", new Blob([parts.original.bytes as BlobPart], { type: "application/pkcs7-mime" }), parts.original.name);
  for (const [i, f] of Object.entries(parts.files ?? {})) fd.set(`filesContent[${i}]`, new Blob([f.bytes as BlobPart], { type: f.type ?? "application/octet-stream" }), f.name);
  return fd;
}

/** A save whose one file part (`part`) is `size` bytes generated as it is sent, never held whole. */
function streamedSave(expense: unknown, size: number, part: string): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----spese${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${FIELD}"\r\n\r\n${JSON.stringify(expense)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="grande.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const piece = crypto.randomBytes(MB);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) {
        controller.enqueue(head);
        sent = 0;
      } else if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
      } else {
        const n = Math.min(MB, size - sent);
        controller.enqueue(Buffer.from(piece.subarray(0, n)));
        sent += n;
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("Fatture d'acquisto", () => {
  let c: Client;
  let other: Client;
  let supplier: Ref;
  let supplier2: Ref;
  let customerOnly: Ref;
  let bank: Ref;
  let bank2: Ref;
  let thirtySixty: Ref;
  let otherExpense: Expense;
  let otherSupplier: Ref;
  let otherBank: Ref;

  const expense = (over: Record<string, unknown> = {}) => ({ documentNumber: "F-1", documentDate: "2026-03-02", contact: supplier, taxable: 100000, totalVat: 22000, ...over });
  const save = (url: string, body: FormData, client = c) => client.json("POST", url, { body });
  const create = async (over: Record<string, unknown> = {}, parts: SaveParts = {}): Promise<Expense> => {
    const r = await save(URL, saveBody(expense(over), parts));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(SAVED);
    return r.body.expense;
  };
  const calc = async (over: Record<string, unknown>, client = c) => {
    const r = await client.postEntity(`${URL}/get-calculated-fields`, FIELD, expense(over));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.deadlines as Record<string, any>[];
  };
  const download = async (url: string, client = c) => {
    const r = await client.get(url);
    return { status: r.status, body: r.body, bytes: r.status === 200 ? Buffer.from(r.body.contentBase64, "base64") : null };
  };

  beforeAll(async () => {
    c = (await signUpTenant("Acquisti S.r.l.")).client;
    other = (await signUpTenant("Altri Acquisti S.r.l.")).client;
    const bankOf = async (client: Client, name: string) => {
      const r = await client.postEntity("/api/bank-accounts", "bankAccount", { bankAccountType: "Conto bancario", bankName: name, code: `CC ${name}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { id: r.body.bankAccount.id, toString: r.body.bankAccount.toString };
    };
    bank = await bankOf(c, "Banca Uno");
    bank2 = await bankOf(c, "Banca Due");
    otherBank = await bankOf(other, "Banca Altrui");
    const m = await c.postEntity("/api/payment-modalities", "paymentModality", {
      name: "Bonifico 30/60 df",
      paymentType: "MP05",
      paymentModalityRows: [
        { paymentModalityExpirationType: "Dalla data fattura", paymentDay: 30, amountPercentage: "50" },
        { paymentModalityExpirationType: "Dalla data fattura", paymentDay: 60, amountPercentage: "50" },
      ],
    });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    thirtySixty = { id: m.body.paymentModality.id };
    const contact = async (client: Client, body: Record<string, unknown>) => {
      const r = await client.postEntity("/api/contacts", "contact", { kind: "COMPANY", vatNumber: "12345678903", ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { id: r.body.contact.id, toString: r.body.contact.toString };
    };
    supplier = await contact(c, { companyName: "Forniture Uno S.p.A.", isSupplier: true, supplierPaymentModality: thirtySixty, supplierBankAccount: bank2 });
    supplier2 = await contact(c, { companyName: "Forniture Due S.r.l.", isSupplier: true, vatNumber: "01234567897" });
    customerOnly = await contact(c, { companyName: "Solo Cliente S.r.l.", isCustomer: true, vatNumber: "01234567897" });
    otherSupplier = await contact(other, { companyName: "Fornitore Altrui", isSupplier: true });
    const r = await save(URL, saveBody({ documentDate: "2026-01-10", contact: otherSupplier, taxable: 5000, files: [{ name: "altrui.txt" }] }, { xml: { bytes: validXml, name: "altrui.xml" }, files: { 0: { bytes: Buffer.from("altrui"), name: "altrui.txt" } } }), other);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    otherExpense = r.body.expense;
  });

  it("create-form-data: a draft with the spec's fields and formData (suppliers only, bank accounts, payment modalities, files)", async () => {
    const r = await c.get(`${URL}/create-form-data`);
    expect(r.status).toBe(200);
    expect(r.body.expense).toMatchObject({ id: null, version: 0, documentNumber: "", contact: null, taxable: 0, totalVat: 0, withholdingTaxPercentage: 0, withholdingTaxPercentagePlus: 0, currency: "EUR", deadlines: [], files: [], hasOriginalInvoiceFile: false, hasXmlInvoiceFile: false });
    expect(r.body.expense.documentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const fd = r.body.formData;
    expect(fd.contacts.map((o: Ref) => o.id).sort()).toEqual([supplier.id, supplier2.id].sort());
    expect(fd.bankAccounts.map((o: Ref) => o.id).sort()).toEqual([bank.id, bank2.id].sort());
    expect(fd.paymentModalities.map((o: Ref) => o.id)).toContain(thirtySixty.id);
    expect(fd.files).toMatchObject({ canUpload: true, canDelete: true, maxBytes: MAX_ATTACHMENT_BYTES });
  });

  it("the spec's messages (§5): Data documento, Fornitore, and the deadline rows'", async () => {
    const before = await countRows(c, URL);
    await expectErrors(c, URL, FIELD, { documentDate: "", contact: null }, [EXPENSE_MESSAGES.documentDate, EXPENSE_MESSAGES.contact]);
    await expectErrors(c, URL, FIELD, expense({ deadlines: [{ amount: 0, deadlineDate: "", deadlineState: "" }] }), [EXPENSE_MESSAGES.deadlineAmount, EXPENSE_MESSAGES.deadlineDate, EXPENSE_MESSAGES.deadlineState]);
    await expectErrors(c, URL, FIELD, expense({ contact: customerOnly }), [EXPENSE_MESSAGES.contactUnknown]);
    await expectErrors(c, URL, FIELD, expense({ contact: otherSupplier }), [EXPENSE_MESSAGES.contactUnknown]);
    await expectErrors(c, URL, FIELD, expense({ bankAccount: otherBank }), [EXPENSE_MESSAGES.bankAccountUnknown]);
    await expectErrors(c, URL, FIELD, expense({ deadlines: [{ amount: 100, deadlineDate: "2026-04-01", deadlineState: "Da saldare", bankAccount: otherBank }] }), [EXPENSE_MESSAGES.deadlineBankAccountUnknown]);
    expect(await countRows(c, URL)).toBe(before);
    await expectBadBodiesOnSaves(c, URL, FIELD);
  });

  it("a save with two deadlines, the payment date kept only in 'Saldato'; update; stale version 409; delete", async () => {
    const e = await create({
      bankAccount: bank,
      withholdingTaxPercentage: -20000,
      deadlines: [
        { tempId: "n1", amount: 50000, deadlineDate: "2026-04-01", deadlineState: "Saldato", paymentDate: "2026-03-30", bankAccount: bank, description: "Prima rata" },
        { tempId: "n2", amount: 52000, deadlineDate: "2026-05-01", deadlineState: "Da saldare", paymentDate: "2026-03-30" },
      ],
    });
    expect(e).toMatchObject({ documentNumber: "F-1", contact: { id: supplier.id }, bankAccount: { id: bank.id }, taxable: 100000, totalVat: 22000, withholdingTaxPercentage: -20000, total: 102000, currency: "EUR", toString: "F-1 del 02/03/2026" });
    expect(e.deadlines.map((d) => [d.amount, d.deadlineDate, d.deadlineState, d.paymentDate, d.contact?.id, d.bankAccount?.id ?? null, d.description])).toEqual([
      [50000, "2026-04-01", "Saldato", "2026-03-30", supplier.id, bank.id, "Prima rata"],
      [52000, "2026-05-01", "Da saldare", null, supplier.id, null, ""],
    ]);
    const u = await save(`${URL}/${e.id}`, saveBody({ ...e, details: "Rivista", deadlines: [{ ...e.deadlines[0], deadlineState: "Da saldare" }] }));
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.message).toBe("Modifica effettuata");
    expect(u.body.expense.details).toBe("Rivista");
    expect(u.body.expense.deadlines).toEqual([expect.objectContaining({ id: e.deadlines[0]!.id, deadlineState: "Da saldare", paymentDate: null })]);
    // the version read before the update is stale now
    const stale = await save(`${URL}/${e.id}`, saveBody({ ...e, details: "Vecchia" }));
    expect(stale.status).toBe(409);
    expect((await c.get(`${URL}/get/${e.id}`)).body.expense.details).toBe("Rivista");
    const del = await c.json("DELETE", `${URL}/${e.id}`);
    expect([del.status, del.body.message]).toEqual([200, DELETED]);
    expect((await c.get(`${URL}/update-form-data/${e.id}`)).status).toBe(404);
  });

  it("a save without deadlines gets them from the payment modality on the amount due", async () => {
    const e = await create({ paymentModality: thirtySixty, bankAccount: bank, withholdingTaxPercentage: -20000, withholdingTaxPercentagePlus: 1000 });
    expect(e.total).toBe(103000);
    expect(e.deadlines.map((d) => [d.deadlineDate, d.amount, d.bankAccount?.id])).toEqual([
      ["2026-04-01", 51500, bank.id],
      ["2026-05-01", 51500, bank.id],
    ]);
  });

  it("get-calculated-fields recomputes the deadlines on each trigger field", async () => {
    const base = { paymentModality: thirtySixty, bankAccount: bank, taxable: 100000, totalVat: 22000 };
    const b = await calc(base);
    expect(b.map((d) => [d.deadlineDate, d.amount, d.deadlineState, d.paymentDate, d.bankAccount?.id, d.contact?.id])).toEqual([
      ["2026-04-01", 61000, "Da saldare", null, bank.id, supplier.id],
      ["2026-05-01", 61000, "Da saldare", null, bank.id, supplier.id],
    ]);
    // date
    expect((await calc({ ...base, documentDate: "2026-06-15" })).map((d) => d.deadlineDate)).toEqual(["2026-07-15", "2026-08-14"]);
    // supplier
    expect((await calc({ ...base, contact: supplier2 })).map((d) => d.contact?.id)).toEqual([supplier2.id, supplier2.id]);
    // bank account
    expect((await calc({ ...base, bankAccount: bank2 })).map((d) => d.bankAccount?.id)).toEqual([bank2.id, bank2.id]);
    // payment modality: none → one deadline on the date
    expect((await calc({ ...base, paymentModality: null })).map((d) => [d.deadlineDate, d.amount])).toEqual([["2026-03-02", 122000]]);
    // taxable, VAT, the two withholdings
    expect((await calc({ ...base, taxable: 200000 })).map((d) => d.amount)).toEqual([111000, 111000]);
    expect((await calc({ ...base, totalVat: 0 })).map((d) => d.amount)).toEqual([50000, 50000]);
    expect((await calc({ ...base, withholdingTaxPercentage: -20000 })).map((d) => d.amount)).toEqual([51000, 51000]);
    expect((await calc({ ...base, withholdingTaxPercentagePlus: -2000 })).map((d) => d.amount)).toEqual([60000, 60000]);
    // nothing due: no deadlines; references of another tenant: 400
    expect(await calc({ ...base, taxable: 0, totalVat: 0 })).toEqual([]);
    const foreign = await c.postEntity(`${URL}/get-calculated-fields`, FIELD, expense({ ...base, bankAccount: otherBank }));
    expect([foreign.status, foreign.body.errors]).toEqual([400, [EXPENSE_MESSAGES.bankAccountUnknown]]);
  });

  it("supplier prefill: GET /api/contacts/get/{id} gives supplierPaymentModality and supplierBankAccount", async () => {
    const r = await c.get(`/api/contacts/get/${supplier.id}`);
    expect(r.status).toBe(200);
    expect(r.body.contact.supplierPaymentModality).toMatchObject({ id: thirtySixty.id });
    expect(r.body.contact.supplierBankAccount).toMatchObject({ id: bank2.id });
    expect((await other.get(`/api/contacts/get/${supplier.id}`)).status).toBe(404);
  });

  it("the list: number, date, supplier, amounts, paid, next deadline, totals of the filtered set; export; get-filtered-list", async () => {
    const paid = await create({ documentNumber: "LIST-1", taxable: 1000, totalVat: 220, withholdingTaxPercentage: -200, deadlines: [{ amount: 1020, deadlineDate: "2026-03-10", deadlineState: "Saldato", paymentDate: "2026-03-10" }] });
    const open = await create({ documentNumber: "LIST-2", contact: supplier2, taxable: 3000, totalVat: 0, deadlines: [{ amount: 3000, deadlineDate: "2026-09-30", deadlineState: "Da saldare" }] });
    const r = await c.get(`${URL}?startRow=0&limit=50&totals=1&search=LIST-`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = Object.fromEntries(r.body.data.map((d: Record<string, any>) => [d.id, d]));
    expect(rows[paid.id]).toMatchObject({ documentNumber: "LIST-1", documentDate: "2026-03-02", contact: { id: supplier.id }, taxable: 1000, totalVat: 220, withholdings: -200, total: 1020, paid: true, nextDeadline: null });
    expect(rows[open.id]).toMatchObject({ contact: { id: supplier2.id }, total: 3000, paid: false, nextDeadline: "2026-09-30" });
    expect(r.body.count).toBe(2);
    expect(r.body.totals).toEqual({ taxable: 4000, totalVat: 220, withholdings: -200, total: 4020 });
    const filtered = await c.get(`${URL}?startRow=0&limit=50&filterModel=${encodeURIComponent(JSON.stringify({ contact: { filterType: "entity", type: "in", filter: String(supplier2.id) } }))}`);
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.data.map((d: Record<string, any>) => d.id)).toEqual([open.id]);
    const csv = await c.raw("GET", `${URL}/export?columns=documentNumber,contact,total&search=LIST-`);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("LIST-1");
    expect(text).toContain("Forniture Due S.r.l.");
    const opts = await c.get(`${URL}/get-filtered-list?query=LIST-2`);
    expect(opts.body.options).toEqual([{ id: open.id, toString: "LIST-2 del 02/03/2026" }]);
    // another tenant sees none of them
    expect((await other.get(`${URL}?startRow=0&limit=50&search=LIST-`)).body.count).toBe(0);
  });

  it("duplicate: a new purchase invoice with the fields and the deadlines to pay again, no files", async () => {
    const e = await create(
      { documentNumber: "DUP-7", files: [{ name: "ddt.txt" }], deadlines: [{ amount: 122000, deadlineDate: "2026-04-30", deadlineState: "Saldato", paymentDate: "2026-04-29" }] },
      { xml: { bytes: validXml, name: "fattura.xml" }, files: { 0: { bytes: Buffer.from("ddt"), name: "ddt.txt" } } },
    );
    const r = await c.postForm(`${URL}/duplicate/${e.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(EXPENSE_MESSAGES.duplicated);
    const copy: Expense = r.body.expense;
    expect(copy.id).not.toBe(e.id);
    expect(copy).toMatchObject({ documentNumber: "DUP-7", contact: { id: supplier.id }, taxable: 100000, totalVat: 22000, files: [], hasXmlInvoiceFile: false, hasOriginalInvoiceFile: false, toString: "DUP-7 del 02/03/2026" });
    expect(copy.deadlines.map((d) => [d.amount, d.deadlineDate, d.deadlineState, d.paymentDate])).toEqual([[122000, "2026-04-30", "Da saldare", null]]);
    expect((await c.get(`${URL}/update-form-data/${copy.id}`)).status).toBe(200);
  });

  it("Allegati and the two e-invoice files: stored, flagged, downloaded with the same bytes, replaced and removed", async () => {
    const p7m = await signP7m(validXml);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), crypto.randomBytes(2 * MB + 5)]);
    const e = await create({ files: [{ tempId: "f1", name: "ordine.pdf", description: "Ordine firmato" }] }, { xml: { bytes: validXml, name: "IT01234567897_00002.xml" }, original: { bytes: p7m, name: "IT01234567897_00002.xml.p7m" }, files: { 0: { bytes: pdf, name: "ordine.pdf", type: "application/pdf" } } });
    expect(e).toMatchObject({ hasXmlInvoiceFile: true, hasOriginalInvoiceFile: true });
    // the e-invoice files are not Allegati
    expect(e.files.map((f) => [f.name, f.description, f.size])).toEqual([["ordine.pdf", "Ordine firmato", pdf.byteLength]]);
    const xml = await download(`${URL}/download-electronic-invoice-xml-file/${e.id}`);
    expect([xml.status, xml.body.filename, xml.body.contentType]).toEqual([200, "IT01234567897_00002.xml", "application/xml"]);
    expect(xml.bytes!.equals(validXml)).toBe(true);
    const orig = await download(`${URL}/download-electronic-invoice-original-file/${e.id}`);
    expect([orig.status, orig.body.filename]).toEqual([200, "IT01234567897_00002.xml.p7m"]);
    expect(orig.bytes!.equals(Buffer.from(p7m))).toBe(true);
    const file = await download(e.files[0]!.webPathAttachmentFile);
    expect(e.files[0]!.webPathAttachmentFile).toBe(`${URL}/get-file/${e.id}/files/${e.files[0]!.id}`);
    expect([file.status, file.body.filename, file.body.contentType]).toEqual([200, "ordine.pdf", "application/pdf"]);
    expect(file.bytes!.equals(pdf)).toBe(true);

    // an update without parts keeps them; a new XML replaces the old one
    const kept = await save(`${URL}/${e.id}`, saveBody({ ...e, details: "tenuti" }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.expense).toMatchObject({ hasXmlInvoiceFile: true, hasOriginalInvoiceFile: true });
    const lotto = fs.readFileSync(path.join(CORPUS, "lotto-due-fatture.xml"));
    const replaced = await save(`${URL}/${e.id}`, saveBody(kept.body.expense, { xml: { bytes: lotto, name: "nuova.xml" } }));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const xml2 = await download(`${URL}/download-electronic-invoice-xml-file/${e.id}`);
    expect([xml2.body.filename, xml2.bytes!.equals(lotto)]).toEqual(["nuova.xml", true]);

    // not a FatturaPA: refused with the reader's message, nothing changes
    const bad = await save(`${URL}/${e.id}`, saveBody({ ...replaced.body.expense, details: "rifiutata" }, { xml: { bytes: notFatturaPA, name: "altro.xml" } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveLength(1);
    expect(bad.body.errors[0]).toMatch(/FatturaPA|fattura elettronica/i);
    const after = (await c.get(`${URL}/get/${e.id}`)).body.expense;
    expect(after.details).toBe("tenuti");
    expect((await download(`${URL}/download-electronic-invoice-xml-file/${e.id}`)).body.filename).toBe("nuova.xml");

    // removed: the flags follow what is stored, the downloads are 404
    const removed = await save(`${URL}/${e.id}`, saveBody({ ...after, hasXmlInvoiceFile: false, hasOriginalInvoiceFile: false, files: [] }));
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.expense).toMatchObject({ hasXmlInvoiceFile: false, hasOriginalInvoiceFile: false, files: [] });
    const gone = await download(`${URL}/download-electronic-invoice-xml-file/${e.id}`);
    expect([gone.status, gone.body.message]).toEqual([404, EXPENSE_MESSAGES.xmlNotFound]);
    expect((await download(`${URL}/download-electronic-invoice-original-file/${e.id}`)).status).toBe(404);
    expect((await download(`${URL}/get-file/${e.id}/files/${e.files[0]!.id}`)).status).toBe(404);
  });

  it(
    "one byte over 100 MB through the route: 413 'File troppo grande', and nothing is written",
    async () => {
      const before = await countRows(c, URL);
      const upload = streamedSave(expense({ documentNumber: "TROPPO", files: [{ name: "grande.bin" }] }), MAX_ATTACHMENT_BYTES + 1, "filesContent[0]");
      const r = await c.json("POST", URL, { body: upload.body, headers: { "content-type": upload.contentType }, duplex: "half" } as RequestInit);
      expect([r.status, r.body.message]).toEqual([413, "File troppo grande"]);
      expect(await countRows(c, URL)).toBe(before);
    },
    150_000,
  );

  it("another tenant's expense or file is a 404 on every call and download", async () => {
    const id = otherExpense.id;
    const fileId = otherExpense.files[0]!.id;
    expect((await c.get(`${URL}/update-form-data/${id}`)).status).toBe(404);
    expect((await c.get(`${URL}/get/${id}`)).status).toBe(404);
    expect((await save(`${URL}/${id}`, saveBody({ ...expense(), version: otherExpense.version }))).status).toBe(404);
    expect((await c.json("DELETE", `${URL}/${id}`)).status).toBe(404);
    expect((await c.postForm(`${URL}/duplicate/${id}`)).status).toBe(404);
    expect((await c.get(`${URL}/download-electronic-invoice-xml-file/${id}`)).status).toBe(404);
    expect((await c.get(`${URL}/download-electronic-invoice-original-file/${id}`)).status).toBe(404);
    expect((await c.get(`${URL}/get-file/${id}/files/${fileId}`)).status).toBe(404);
    // another tenant's file id on one's own expense
    const mine = await create({ documentNumber: "MIO" });
    expect((await c.get(`${URL}/get-file/${mine.id}/files/${fileId}`)).status).toBe(404);
    // and its file id kept in one's own save's list is refused
    const steal = await save(`${URL}/${mine.id}`, saveBody({ ...mine, files: [{ id: fileId, name: "altrui.txt" }] }));
    expect(steal.status).toBe(400);
    // the owner still has everything
    expect((await download(`${URL}/download-electronic-invoice-xml-file/${id}`, other)).status).toBe(200);
    expect((await download(`${URL}/get-file/${id}/files/${fileId}`, other)).bytes!.toString()).toBe("altrui");
  });

  it("bad input on the own calls: ids out of range, broken JSON, NUL, wrong types are 4xx in Italian, never 500", async () => {
    const e = await create({ documentNumber: "BAD" });
    for (const bad of ["2147483648", "99999999999999999999", "abc", "0", "-1", "1.5"]) {
      const answers = [
        await c.postForm(`${URL}/duplicate/${bad}`),
        await c.get(`${URL}/download-electronic-invoice-xml-file/${bad}`),
        await c.get(`${URL}/download-electronic-invoice-original-file/${bad}`),
        await c.get(`${URL}/get-file/${bad}/files/1`),
        await c.get(`${URL}/get-file/${e.id}/files/${bad}`),
      ];
      for (const r of answers) {
        expect([400, 404], `${bad}: ${JSON.stringify(r.body)}`).toContain(r.status);
        expect(r.body.message).toMatch(/non|Dati|trovat/);
      }
    }
    const before = await countRows(c, URL);
    const calcUrl = `${URL}/get-calculated-fields`;
    for (const body of ["{", "[]", "42", JSON.stringify(expense({ details: "a\u0000b" })), JSON.stringify(expense({ taxable: "x" })), JSON.stringify(expense({ taxable: 1e20 })), JSON.stringify(expense({ documentDate: "2026-02-30" })), JSON.stringify(expense({ paymentModality: { id: 2 ** 31 } }))]) {
      const r = await c.postForm(calcUrl, { [FIELD]: body });
      expect(r.status, body).toBe(400);
    }
    expect((await c.postForm(calcUrl, {})).status).toBe(400);
    expect(await countRows(c, URL)).toBe(before);
  });

  it("roles: a ROLE_USER-only user gets 403 on every call", async () => {
    const luca = await expectDocumentRoleNeeded(URL, FIELD, expense());
    for (const url of [`${URL}/export`, `${URL}/get/1`, `${URL}/get-filtered-list`, `${URL}/download-electronic-invoice-xml-file/1`, `${URL}/download-electronic-invoice-original-file/1`, `${URL}/get-file/1/files/1`]) {
      expect((await luca.get(url)).status, url).toBe(403);
    }
    for (const url of [`${URL}/get-calculated-fields`, `${URL}/duplicate/1`]) expect((await luca.postForm(url)).status, url).toBe(403);
  });
});
