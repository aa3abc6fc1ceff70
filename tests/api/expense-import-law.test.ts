/**
 * Received invoices read as the law reads them (issue 28) over HTTP: POST /api/expenses/import with the project's
 * own corpus (tests/fixtures/received-invoices.ts) in one zip — a TD04 with a document-level discount naming its
 * invoice (same number), a split-payment invoice, foreign suppliers with VAT numbers in several formats, a Partita
 * IVA with a wrong check digit, an invoice to someone else, a truncated indefinite-length .p7m — the answer's shape
 * ({imported, duplicates, refused}, as before), and the records read back through GET /api/expenses/get/{id} and
 * kept by an edit through POST /api/expenses/{id}.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { EXPENSE_IMPORT_MESSAGES } from "@/db/queries/expense-import";
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
  zip,
} from "../fixtures/received-invoices";
import { signUpTenant, type Client } from "../support/http";
import { saveIssuer } from "../support/entity-api";

const URL = "/api/expenses/import";

function form(files: { name: string; bytes: Uint8Array }[]): FormData {
  const fd = new FormData();
  for (const f of files) fd.append("files", new Blob([f.bytes as BlobPart], { type: "application/octet-stream" }), f.name);
  return fd;
}
const post = (c: Client, files: { name: string; bytes: Uint8Array }[]) => c.json("POST", URL, { body: form(files) });
const valid = (xml: string) => {
  expect(() => checkInvoiceXml(utf8(xml))).not.toThrow();
  return xml;
};

describe("POST /api/expenses/import: received invoices as the law reads them", () => {
  let c: Client;
  let n = 0;
  const supplier = (companyName: string) => ({ vatNumber: partitaIva(9_100_000 + ++n), companyName });

  beforeAll(async () => {
    c = (await signUpTenant("Alfa S.r.l.")).client;
    await saveIssuer(c, { vat: BUYER_VAT, fiscalCode: BUYER_VAT });
  });

  it("the corpus in one zip: what SDI delivered imported, another's invoice and the truncated envelope refused; the records say type, total, amount due, signature and warnings", async () => {
    const nc = supplier("Note S.r.l.");
    const sp = supplier("Ente Fornitore S.p.A.");
    const archive = zip({
      "fattura.xml": valid(receivedXml({ number: "NC-1", date: "2026-01-15", supplier: nc, payment: "deadlines" })),
      "nota.xml": valid(withLinkedInvoice(withDocumentDiscount(receivedXml({ number: "NC-1", date: "2026-02-10", supplier: nc, payment: "none", type: "TD04" }), { discount: "100.00", rounding: "-0.40" }), "NC-1", "2026-01-15")),
      "scissione.xml": valid(withSplitPayment(receivedXml({ number: "SP-1", supplier: sp, payment: "none" }))),
      "svizzera.xml": valid(withSupplierVat(receivedXml({ number: "CH-1", supplier: supplier("Uhren AG") }), "CH", "CHE-114.993.395 IVA")),
      "germania.xml": valid(withSupplierVat(receivedXml({ number: "DE-1", supplier: supplier("Werkzeug GmbH") }), "DE", "811907980")),
      "cifra.xml": valid(receivedXml({ number: "CD-1", supplier: { vatNumber: "01234567890", companyName: "Esempio AdE S.r.l." } })),
      "altrui.xml": valid(withCustomer(receivedXml({ number: "ALT-1", supplier: supplier("Altrui S.r.l.") }), { vatNumber: "09876543217" })),
      "troncata.xml.p7m": await p7mIndefinite(receivedXml({ number: "TR-1", supplier: nc }), true),
      "firmata.xml.p7m": await p7mDer(receivedXml({ number: "FI-1", supplier: nc })),
    });
    const r = await post(c, [{ name: "corpus.zip", bytes: archive }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // the answer's shape is kept
    expect(Object.keys(r.body).sort()).toEqual(["duplicates", "imported", "refused", "status"]);
    expect(r.body.imported.map((i: { file: string; documentNumber: string }) => [i.file, i.documentNumber])).toEqual([
      // reported in the upload's order (a credit naming an invoice is written after the others, its invoice first)
      ["corpus.zip/fattura.xml", "NC-1"],
      ["corpus.zip/nota.xml", "NC-1"],
      ["corpus.zip/scissione.xml", "SP-1"],
      ["corpus.zip/svizzera.xml", "CH-1"],
      ["corpus.zip/germania.xml", "DE-1"],
      ["corpus.zip/cifra.xml", "CD-1"],
      ["corpus.zip/firmata.xml.p7m", "FI-1"],
    ]);
    expect(r.body.duplicates).toEqual([]);
    expect(r.body.refused).toEqual([
      { file: "corpus.zip/altrui.xml", reason: EXPENSE_IMPORT_MESSAGES.notOurs("Altra Azienda S.p.A., P.IVA IT09876543217") },
      { file: "corpus.zip/troncata.xml.p7m", reason: `Busta firmata (p7m) non valida: ${P7M_INCOMPLETE}` },
    ]);
    const byFile = Object.fromEntries(r.body.imported.map((i: { file: string; id: number }) => [i.file.split("/").pop(), i.id]));
    const get = async (file: string) => (await c.get(`/api/expenses/get/${byFile[file]}`)).body.expense;

    const credit = await get("nota.xml");
    expect(credit).toMatchObject({ documentType: "TD04", taxable: -100000, totalVat: -22000, documentAdjustment: 10040, total: -111960, amountDue: -111960, signature: "assente", supplierWarnings: [], deadlines: [] });
    const invoice = await get("fattura.xml");
    expect(invoice.documentType).toBe("TD01");
    expect(invoice.deadlines.map((d: { deadlineDate: string; amount: number; deadlineState: string }) => [d.deadlineDate, d.amount, d.deadlineState])).toEqual([
      ["2026-02-28", 10040, "Da saldare"],
      // the netted part split off beside its deadline (same position)
      ["2026-02-28", 61960, "Stornato"],
      ["2026-03-31", 50000, "Stornato"],
    ]);

    const split = await get("scissione.xml");
    expect(split).toMatchObject({ total: 122000, splitPaymentVat: 22000, amountDue: 100000 });
    expect(split.deadlines.map((d: { amount: number }) => d.amount)).toEqual([100000]);

    const swiss = await get("svizzera.xml");
    expect(swiss.supplierWarnings).toEqual([EXPENSE_IMPORT_MESSAGES.vatForeign("CHE-114.993.395 IVA")]);
    const swissContact = (await c.get(`/api/contacts/get/${swiss.contact.id}`)).body.contact;
    expect(swissContact).toMatchObject({ vatCountry: "CH", vatNumber: "CHE-114.993.395IVA", notes: `Attenzione: ${EXPENSE_IMPORT_MESSAGES.vatForeign("CHE-114.993.395 IVA")}` });
    expect((await get("germania.xml")).supplierWarnings).toEqual([]);
    const checkDigit = await get("cifra.xml");
    expect(checkDigit.supplierWarnings).toEqual(["Partita IVA del fornitore con cifra di controllo non valida (così nel file ricevuto dallo SDI)"]);
    expect((await c.get(`/api/contacts/get/${checkDigit.contact.id}`)).body.contact).toMatchObject({ vatNumber: "01234567890", notes: "Attenzione: Partita IVA del fornitore con cifra di controllo non valida (così nel file ricevuto dallo SDI)" });
    expect((await get("firmata.xml.p7m")).signature).toBe("verificata");

    // the split-payment invoice edited through the form's save (it sends back what it read): both figures kept
    const { files: _files, ...body } = split;
    void _files;
    const saved = await c.postEntity(`/api/expenses/${split.id}`, "expense", { ...body, details: "Modificata" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.expense).toMatchObject({ details: "Modificata", total: 122000, splitPaymentVat: 22000, amountDue: 100000, documentType: "TD01" });

    // the same zip again: duplicates by supplier, type, number and year (the invoice and its credit note both)
    const again = await post(c, [{ name: "corpus.zip", bytes: archive }]);
    expect(again.body.imported).toEqual([]);
    expect(again.body.duplicates.map((d: { file: string }) => d.file).sort()).toEqual(
      ["cifra.xml", "fattura.xml", "firmata.xml.p7m", "germania.xml", "nota.xml", "scissione.xml", "svizzera.xml"].map((f) => `corpus.zip/${f}`),
    );
  });

  it("a tenant without Partita IVA nor codice fiscale is asked to fill Impostazioni: nothing imported", async () => {
    const fresh = (await signUpTenant("Senza Identificativi S.r.l.")).client;
    const r = await post(fresh, [{ name: "f.xml", bytes: utf8(receivedXml({ number: "X-1", supplier: supplier("Qualcuno S.r.l.") })) }]);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", imported: [], duplicates: [], refused: [{ file: "f.xml", reason: EXPENSE_IMPORT_MESSAGES.tenantUnidentified }] });
  });
});
