/**
 * 'Importa fatture elettroniche' over HTTP (POST /api/expenses/import, issue 12): every outcome of the report
 * (imported, duplicates, refused with received.ts's Italian reasons), suppliers created vs found, deadlines from
 * DatiPagamento vs the supplier's modality, the XML and the signed original downloadable through the purchase
 * invoices' own download routes, a zip with lotti, p7m DER and base64 and hostile files, zip bombs, the body limits
 * (413), bad requests, cross-tenant isolation and roles. The files are the project's own (tests/fixtures).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { EXPENSE_IMPORT_MESSAGES } from "@/db/queries/expense-import";
import { BUYER_VAT, hostileFiles, p7mBase64, p7mDer, partitaIva, receivedXml, utf8, zip, zipBombByCount, zipBombByDeclaredSize } from "../fixtures/received-invoices";
import { Client, signUpTenant } from "../support/http";
import { countRows, loginBianchi, saveIssuer } from "../support/entity-api";

const URL = "/api/expenses/import";

type Upload = { name: string; bytes: Uint8Array; type?: string };

function form(files: Upload[], field = "files"): FormData {
  const fd = new FormData();
  for (const f of files) fd.append(field, new Blob([f.bytes as BlobPart], { type: f.type ?? "application/octet-stream" }), f.name);
  return fd;
}

const post = (c: Client, files: Upload[], field?: string) => c.json("POST", URL, { body: form(files, field) });

describe("POST /api/expenses/import", () => {
  let c: Client;
  let other: Client;
  let n = 0;
  const supplier = (companyName = "Fornitore S.r.l.") => ({ vatNumber: partitaIva(8_000_000 + ++n), companyName });

  beforeAll(async () => {
    c = (await signUpTenant("Acquisti S.r.l.")).client;
    other = (await signUpTenant("Altri Acquisti S.r.l.")).client;
    // the files' CessionarioCommittente: only the tenant's own invoices are imported (issue 28)
    await saveIssuer(c, { vat: BUYER_VAT });
    await saveIssuer(other, { vat: BUYER_VAT });
  });

  it("a zip with .xml, .xml.p7m (DER), .p7m (base64), a lotto and hostile files: the report lists every outcome", async () => {
    const s = supplier("Zeta Forniture S.r.l.");
    const hostile = await hostileFiles();
    const archive = zip({
      "Z-1.xml": receivedXml({ number: "Z-1", supplier: s, payment: "deadlines" }),
      "Z-2.xml.p7m": await p7mDer(receivedXml({ number: "Z-2", supplier: s })),
      "Z-3.p7m": await p7mBase64(receivedXml({ number: "Z-3", supplier: s })),
      "lotto.xml": receivedXml({ number: "L-1", lotto: ["L-2"], supplier: s }),
      ...Object.fromEntries(hostile.map((h) => [h.name, h.bytes])),
    });
    const r = await post(c, [{ name: "fatture.zip", bytes: archive, type: "application/zip" }, { name: "Z-1-copia.xml", bytes: utf8(receivedXml({ number: "Z-1", supplier: s, payment: "deadlines" })) }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe("ok");
    expect(r.body.imported.map((i: any) => [i.file, i.documentNumber, i.supplier])).toEqual([
      ["fatture.zip/Z-1.xml", "Z-1", "Zeta Forniture S.r.l."],
      ["fatture.zip/Z-2.xml.p7m", "Z-2", "Zeta Forniture S.r.l."],
      ["fatture.zip/Z-3.p7m", "Z-3", "Zeta Forniture S.r.l."],
      ["fatture.zip/lotto.xml", "L-1", "Zeta Forniture S.r.l."],
      ["fatture.zip/lotto.xml", "L-2", "Zeta Forniture S.r.l."],
    ]);
    expect(r.body.imported.every((i: any) => Number.isInteger(i.id))).toBe(true);
    expect(r.body.duplicates).toEqual([{ file: "Z-1-copia.xml", documentNumber: "Z-1", documentType: "TD01" }]);
    expect(r.body.refused).toEqual(hostile.map((h) => ({ file: `fatture.zip/${h.name}`, reason: h.reason })));

    // the purchase invoice as the form reads it: amounts, the supplier created, deadlines from DatiPagamento
    const [z1, z2, z3] = r.body.imported;
    const e = (await c.get(`/api/expenses/get/${z1.id}`)).body.expense;
    expect(e).toMatchObject({ documentNumber: "Z-1", documentDate: "2026-01-15", taxable: 100000, totalVat: 22000, hasXmlInvoiceFile: true, hasOriginalInvoiceFile: false, contact: { toString: "Zeta Forniture S.r.l." } });
    expect(e.deadlines.map((d: any) => [d.deadlineDate, d.amount, d.deadlineState])).toEqual([
      ["2026-02-28", 72000, "Da saldare"],
      ["2026-03-31", 50000, "Da saldare"],
    ]);
    const supplierJson = (await c.get(`/api/contacts/get/${e.contact.id}`)).body.contact;
    expect(supplierJson).toMatchObject({ companyName: "Zeta Forniture S.r.l.", vatNumber: s.vatNumber, isSupplier: true, isCustomer: false, city: "Bologna" });

    // the stored files through the purchase invoices' download routes (spec §3 File download response)
    const xml = (await c.get(`/api/expenses/download-electronic-invoice-xml-file/${z1.id}`)).body;
    expect(xml).toMatchObject({ status: "ok", filename: "Z-1.xml", contentType: "application/xml" });
    expect(Buffer.from(xml.contentBase64, "base64").toString("utf8")).toBe(receivedXml({ number: "Z-1", supplier: s, payment: "deadlines" }));
    expect((await c.get(`/api/expenses/download-electronic-invoice-original-file/${z1.id}`)).status).toBe(404);
    const e2 = (await c.get(`/api/expenses/get/${z2.id}`)).body.expense;
    expect(e2).toMatchObject({ hasXmlInvoiceFile: true, hasOriginalInvoiceFile: true });
    const original = (await c.get(`/api/expenses/download-electronic-invoice-original-file/${z2.id}`)).body;
    expect(original).toMatchObject({ status: "ok", filename: "Z-2.xml.p7m", contentType: "application/pkcs7-mime" });
    expect(Buffer.from(original.contentBase64, "base64")[0]).toBe(0x30);
    const xml2 = (await c.get(`/api/expenses/download-electronic-invoice-xml-file/${z2.id}`)).body;
    expect(Buffer.from(xml2.contentBase64, "base64").toString("utf8")).toBe(receivedXml({ number: "Z-2", supplier: s }));
    const xml3 = (await c.get(`/api/expenses/download-electronic-invoice-xml-file/${z3.id}`)).body;
    expect(xml3.filename).toBe("Z-3.xml");

    // the same zip again: everything is a duplicate, nothing written
    const again = await post(c, [{ name: "fatture.zip", bytes: archive }]);
    expect(again.body.imported).toEqual([]);
    expect(again.body.duplicates.map((d: any) => d.documentNumber)).toEqual(["Z-1", "Z-2", "Z-3", "L-1", "L-2"]);
  });

  it("a supplier already in Anagrafica is found (and made a supplier); without DatiPagamento its payment modality gives the deadlines; Allegati become the expense's files", async () => {
    const s = supplier("Omega S.p.A.");
    const modality = await c.postEntity("/api/payment-modalities", "paymentModality", {
      name: "30/60 FM",
      paymentType: "MP05",
      paymentModalityRows: [
        { paymentModalityExpirationType: "Fine mese", monthsAfter: "1", amountPercentage: "50" },
        { paymentModalityExpirationType: "Fine mese", monthsAfter: "2", amountPercentage: "50" },
      ],
    });
    expect(modality.status, JSON.stringify(modality.body)).toBe(200);
    const contact = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Omega (anagrafica)", isCustomer: true, vatNumber: `IT${s.vatNumber}`, supplierPaymentModality: { id: modality.body.paymentModality.id } });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const r = await post(c, [
      { name: "omega.xml", bytes: utf8(receivedXml({ number: "O-1", date: "2026-01-15", supplier: s, payment: "none", withholding: true, attachments: [{ name: "copia.pdf", text: "%PDF-1.4 copia", description: "Copia di cortesia" }] })) },
    ]);
    expect(r.body.imported).toEqual([{ id: expect.any(Number), file: "omega.xml", documentNumber: "O-1", documentType: "TD01", supplier: "Omega (anagrafica)" }]);
    const e = (await c.get(`/api/expenses/get/${r.body.imported[0].id}`)).body.expense;
    expect(e.contact.id).toBe(contact.body.contact.id);
    expect(e.paymentModality).toMatchObject({ id: modality.body.paymentModality.id });
    // the ritenuta kept by us is negative, so the total is what the supplier is owed: 1,220.00 − 200.00
    expect(e).toMatchObject({ taxable: 100000, totalVat: 22000, withholdingTaxPercentage: -20000, withholdingTaxPercentagePlus: 0, total: 102000 });
    expect(e.deadlines.map((d: any) => [d.deadlineDate, d.amount])).toEqual([
      ["2026-02-28", 51000],
      ["2026-03-31", 51000],
    ]);
    expect((await c.get(`/api/contacts/get/${contact.body.contact.id}`)).body.contact.isSupplier).toBe(true);
    const form = (await c.get(`/api/expenses/update-form-data/${e.id}`)).body;
    const files = form.expense.files ?? form.formData.files;
    expect(files.map((f: any) => [f.name, f.description])).toEqual([["copia.pdf", "Copia di cortesia"]]);
    const file = (await c.get(files[0].webPathAttachmentFile)).body;
    expect(Buffer.from(file.contentBase64, "base64").toString()).toBe("%PDF-1.4 copia");
  });

  it("tenants are apart: the same file is two imports with two suppliers; another tenant's ids are 404", async () => {
    const s = supplier("Condiviso S.r.l.");
    const bytes = utf8(receivedXml({ number: "T-1", supplier: s }));
    const a = await post(c, [{ name: "t.xml", bytes }]);
    const b = await post(other, [{ name: "t.xml", bytes }]);
    expect(a.body.imported).toHaveLength(1);
    expect(b.body.imported).toHaveLength(1);
    expect(b.body.duplicates).toEqual([]);
    const ea = (await c.get(`/api/expenses/get/${a.body.imported[0].id}`)).body.expense;
    const eb = (await other.get(`/api/expenses/get/${b.body.imported[0].id}`)).body.expense;
    expect(ea.contact.id).not.toBe(eb.contact.id);
    expect((await other.get(`/api/expenses/get/${ea.id}`)).status).toBe(404);
    expect((await other.get(`/api/expenses/download-electronic-invoice-xml-file/${ea.id}`)).status).toBe(404);
  });

  it("zip bombs are refused from the directory; a file over 50 MB is refused in the report", async () => {
    const big = new Uint8Array(50 * 1024 * 1024 + 1).fill(0x20);
    const r = await post(c, [
      { name: "tanti.zip", bytes: zipBombByCount() },
      { name: "dichiarata.zip", bytes: zipBombByDeclaredSize() },
      { name: "enorme.xml", bytes: big },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      status: "ok",
      imported: [],
      duplicates: [],
      refused: [
        { file: "tanti.zip", reason: EXPENSE_IMPORT_MESSAGES.zipTooManyEntries },
        { file: "dichiarata.zip", reason: EXPENSE_IMPORT_MESSAGES.zipTooLarge },
        { file: "enorme.xml", reason: "Il file supera la dimensione massima di 50 MB" },
      ],
    });
  });

  it("a realistic multi-file upload of ~120 MB goes through; past 200 MB in all: 413 in Italian, nothing imported", async () => {
    const s = supplier("Grande S.r.l.");
    // 3 files of 40 MB each, still valid invoices: 1 MB runs of whitespace between comments before the root's end
    // (one 40 MB text node would pass libxml2's limit on a single node)
    const padded = (num: string) => {
      const xml = receivedXml({ number: num, supplier: s });
      const at = xml.lastIndexOf("</");
      return utf8(xml.slice(0, at) + ("<!---->" + " ".repeat(1024 * 1024)).repeat(40) + xml.slice(at));
    };
    const ok = await post(c, [
      { name: "g1.xml", bytes: padded("G-1") },
      { name: "g2.xml", bytes: padded("G-2") },
      { name: "g3.xml", bytes: padded("G-3") },
    ]);
    expect(ok.status, JSON.stringify(ok.body).slice(0, 500)).toBe(200);
    expect(ok.body.imported.map((i: any) => i.documentNumber)).toEqual(["G-1", "G-2", "G-3"]);
    // 5 files of 40.2 MB (201 MB) sent as a stream without Content-Length: the server counts the bytes as they come,
    // refuses past 200 MB and reads the little that is left, so the answer arrives whole (a body declared far over
    // the limit is refused at once and the rest cut off after 64 MB, which a client still sending may see as a reset)
    const boundary = "----limite";
    const piece = new Uint8Array(Math.round(40.2 * 1024 * 1024)).fill(0x20);
    const encoder = new TextEncoder();
    let part = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (part === 5) {
          controller.enqueue(encoder.encode(`--${boundary}--\r\n`));
          controller.close();
          return;
        }
        part++;
        controller.enqueue(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="x${part}.xml"\r\nContent-Type: text/xml\r\n\r\n`));
        controller.enqueue(piece);
        controller.enqueue(encoder.encode("\r\n"));
      },
    });
    const before = await countRows(c, "/api/expenses");
    const tooBig = await c.json("POST", URL, { body: stream, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, duplex: "half" } as RequestInit);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ status: "error", message: EXPENSE_IMPORT_MESSAGES.requestTooLarge });
    expect(await countRows(c, "/api/expenses")).toBe(before);
  }, 240_000);

  it("bad requests: no files, another field, not multipart (400, Italian); a non-invoice file is refused by name", async () => {
    const none = await c.json("POST", URL, { body: new FormData() });
    expect(none.status).toBe(400);
    const wrong = await post(c, [{ name: "a.xml", bytes: utf8("<a/>") }], "file");
    expect(wrong).toMatchObject({ status: 400, body: { status: "error", message: EXPENSE_IMPORT_MESSAGES.unexpectedPart("file") } });
    const text = new FormData();
    text.set("files", "non un file");
    expect((await c.json("POST", URL, { body: text })).body.message).toBe(EXPENSE_IMPORT_MESSAGES.unexpectedPart("files"));
    const json = await c.json("POST", URL, { body: JSON.stringify({ files: [] }), headers: { "content-type": "application/json" } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe("Formato della richiesta non supportato: usare multipart/form-data");
    const txt = await post(c, [{ name: "leggimi.txt", bytes: utf8("ciao") }]);
    expect(txt.body).toEqual({ status: "ok", imported: [], duplicates: [], refused: [{ file: "leggimi.txt", reason: EXPENSE_IMPORT_MESSAGES.unsupported }] });
  });

  it("roles: ROLE_DOCUMENT is needed (Luca Bianchi: 403), and a session (401)", async () => {
    const luca = await loginBianchi();
    const bytes = utf8(receivedXml({ number: "R-1", supplier: supplier() }));
    expect((await post(luca, [{ name: "r.xml", bytes }])).status).toBe(403);
    const anonymous = new Client();
    expect((await post(anonymous, [{ name: "r.xml", bytes }])).status).toBe(401);
  });
});
