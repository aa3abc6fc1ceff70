/**
 * Received credits over HTTP (issue 28, the views): an invoice and its credit note (TD04) with the same number,
 * imported through POST /api/expenses/import, in the purchase invoices' list with their 'Tipo documento' ('TD04 Nota
 * di credito', shown, filtered by the column filter), the credit negative in the row and in the footer; the supplier's
 * 'Saldo fornitore' in its update-form-data netting the credit; the credit notes' deadlines (the imported one's, one
 * typed in the form): 'Da incassare' in the Scadenziario, never 'Da pagare', and the footer agrees. The files are the
 * project's own.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BUYER_VAT, partitaIva, receivedXml, utf8 } from "../fixtures/received-invoices";
import { saveIssuer } from "../support/entity-api";
import { type Client, signUpTenant } from "../support/http";

type Row = Record<string, any>;

function upload(files: { name: string; xml: string }[]): FormData {
  const fd = new FormData();
  for (const f of files) fd.append("files", new Blob([utf8(f.xml) as BlobPart], { type: "application/xml" }), f.name);
  return fd;
}

const list = (c: Client, url: string, filterModel?: unknown, extra = "") =>
  c.get(`${url}?startRow=0&limit=50&totals=1${filterModel ? `&filterModel=${encodeURIComponent(JSON.stringify(filterModel))}` : ""}${extra}`);

describe("received credits in the views", () => {
  let c: Client;
  let other: Client;
  let supplierId: number;
  const supplier = { vatNumber: partitaIva(7_123_456), companyName: "Note Credito S.r.l." };

  beforeAll(async () => {
    c = (await signUpTenant("Crediti Ricevuti S.r.l.")).client;
    other = (await signUpTenant("Altri Crediti S.r.l.")).client;
    // the files' CessionarioCommittente: only the tenant's own invoices are imported
    await saveIssuer(c, { vat: BUYER_VAT });
    const r = await c.json("POST", "/api/expenses/import", {
      body: upload([
        { name: "K-1.xml", xml: receivedXml({ number: "K-1", supplier, payment: "deadlines" }) },
        { name: "K-1-nota.xml", xml: receivedXml({ number: "K-1", supplier, type: "TD04", payment: "none" }) },
      ]),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.imported.map((i: Row) => i.documentNumber)).toEqual(["K-1", "K-1"]);
    expect(r.body.duplicates).toEqual([]);
    supplierId = (await c.get(`/api/expenses/get/${r.body.imported[0].id}`)).body.expense.contact.id;
  });

  it("the list shows 'Tipo documento' with its label, the credit negative, and its column filter finds the credit notes", async () => {
    const all = await list(c, "/api/expenses");
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const column = all.body.gridData.columns.find((col: Row) => col.field === "documentType");
    expect(column).toMatchObject({ header: "Tipo documento", type: "text", hidden: false, filterable: true });
    expect(all.body.data.map((d: Row) => [d.documentNumber, d.documentType, d.total])).toEqual([
      ["K-1", "TD04 Nota di credito", -122000],
      ["K-1", "TD01 Fattura", 122000],
    ]);
    expect(all.body.totals.total).toBe(0);

    const credits = await list(c, "/api/expenses", { documentType: { filterType: "text", type: "contains", filter: "TD04" } });
    expect(credits.body.data.map((d: Row) => d.documentType)).toEqual(["TD04 Nota di credito"]);
    expect(credits.body.totals.total).toBe(-122000);
    const byLabel = await list(c, "/api/expenses", { documentType: { filterType: "text", type: "contains", filter: "nota di credito" } });
    expect(byLabel.body.count).toBe(1);
    const invoices = await list(c, "/api/expenses", { documentType: { filterType: "text", type: "equals", filter: "TD01 Fattura" } });
    expect(invoices.body.data.map((d: Row) => d.total)).toEqual([122000]);
    // the CSV export carries the label too
    const csv = await (await c.raw("GET", "/api/expenses/export?columns=documentNumber,documentType,total")).text();
    expect(csv).toContain("TD04 Nota di credito");
    // another tenant lists none of them
    expect((await list(other, "/api/expenses", { documentType: { filterType: "text", type: "contains", filter: "TD04" } })).body.count).toBe(0);
  });

  it("'Saldo fornitore': the open deadlines of its invoices less its received credits, in the supplier's update-form-data", async () => {
    const r = await c.get(`/api/contacts/update-form-data/${supplierId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.formData.supplierBalance).toEqual({ owed: 122000, credits: 122000, balance: 0 });
    // another tenant: the contact is a 404
    expect((await other.get(`/api/contacts/update-form-data/${supplierId}`)).status).toBe(404);
  });

  it("the credit notes' deadlines are 'Da incassare' in the Scadenziario, never 'Da pagare'; the footer and the balance agree", async () => {
    const fd = new FormData();
    fd.set(
      "expense",
      JSON.stringify({
        documentNumber: "K-2",
        documentDate: "2026-01-20",
        documentType: "TD04",
        contact: { id: supplierId },
        taxable: 10000,
        totalVat: 2200,
        deadlines: [{ amount: 12200, deadlineDate: "2026-02-20", deadlineState: "Da saldare" }],
      }),
    );
    const saved = await c.json("POST", "/api/expenses", { body: fd });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.expense).toMatchObject({ documentType: "TD04", total: -12200 });

    const deadlines = await list(c, "/api/deadlines", { contact: { filterType: "entity", type: "in", values: [supplierId] } });
    expect(deadlines.status, JSON.stringify(deadlines.body)).toBe(200);
    const rows = deadlines.body.data.map((d: Row) => [d.document, d.direction, d.amount, d.toCollect, d.toPay]);
    expect(rows).toContainEqual(["Nota di credito ricevuta K-2 del 20/01/2026", "Da incassare", 12200, 12200, 0]);
    expect(rows.filter((r: unknown[]) => r[1] === "Da pagare").map((r: unknown[]) => r[0])).toEqual(["Fattura d'acquisto K-1 del 15/01/2026", "Fattura d'acquisto K-1 del 15/01/2026"]);
    // the imported credit note names no invoice: all of it is its own deadline, to collect too
    expect(rows).toContainEqual(["Nota di credito ricevuta K-1 del 15/01/2026", "Da incassare", 122000, 122000, 0]);
    expect(deadlines.body.totals).toEqual({ toCollect: 134200, toPay: 122000, balance: 12200 });
    const toPay = await list(c, "/api/deadlines", { contact: { filterType: "entity", type: "in", values: [supplierId] } }, `&addedParams=${encodeURIComponent(JSON.stringify({ direction: "OUT" }))}`);
    expect(toPay.body.data.every((d: Row) => d.document.startsWith("Fattura d'acquisto"))).toBe(true);

    // the balance: 1,220.00 owed, less the imported credit (1,220.00) and the open 122.00 of this one
    expect((await c.get(`/api/contacts/update-form-data/${supplierId}`)).body.formData.supplierBalance).toEqual({ owed: 122000, credits: 134200, balance: -12200 });
  });
});
