/**
 * The PDF pool over HTTP (issue 29: four 1,500-row PDFs of one tenant held every tenant's calls). This file starts
 * its own server with a small pool: one worker, one render waiting, documents of at most 300 rows. A PDF rendered by
 * the pool reads back with its rows' amounts; renders past the queue are a 503 with the Italian message while the
 * accepted ones complete, and another tenant's calls answer meanwhile; a document past the rows' cap is a 400 with
 * the message on download and on 'Invia email' (no mail leaves). Latency under load: npm run bench:pdf-pool.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROSSI_LOGIN, VERDI_LOGIN } from "@/db/seed";
import { PDF_POOL_MESSAGES } from "@/lib/pdf/pool";
import { readPdf } from "@/tests/support/sample-invoice";
import { testDbKind } from "../support/databases";
import { saveIssuer } from "../support/entity-api";
import { Client, sentMails, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";

const MAX_ROWS = 300;
let server: RunningServer;
let rossi: Client;
let customer: { id: number };
let vat: { id: number; toString: string };
let to: string;

beforeAll(async () => {
  server = await startServer(testDbKind(), { PDF_WORKERS: "1", PDF_QUEUE_MAX: "1", PDF_MAX_ROWS: String(MAX_ROWS) });
  rossi = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password, server.baseUrl);
  await saveIssuer(rossi);
  to = uniqueEmail("cliente-stampe");
  const contact = await rossi.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Stampe S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", email: to });
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
  customer = { id: contact.body.contact.id };
  const rates: { id: number; toString: string }[] = (await rossi.get("/api/vat-rates/get-filtered-list")).body.options;
  vat = rates.find((o) => o.toString.startsWith("22%"))!;
}, 180_000);

afterAll(async () => server?.stop());

/** An issued invoice of `n` rows, row i worth i × 100 + 7 cents (each amount its own in the PDF's text). */
async function invoiceOf(n: number): Promise<number> {
  const rows = Array.from({ length: n }, (_, i) => ({ rowType: "GENERICA", description: `Voce ${i + 1}`, quantity: "1", amount: (i + 1) * 100 + 7, vat }));
  const r = await rossi.postEntity("/api/invoices", "invoice", { kind: "INVOICE", state: "Emessa", date: "2026-03-02", contact: customer, rows });
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
  return r.body.invoice.id;
}

const download = (c: Client, id: number) => c.get(`/api/invoices/download-pdf/${id}`);

describe("PDF pool over HTTP", () => {
  let full: number;
  beforeAll(async () => {
    full = await invoiceOf(MAX_ROWS);
  }, 120_000);

  it("the PDF rendered by the pool reads back: every page, the rows' amounts and the total", async () => {
    const r = await download(rossi, full);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const { text, pages } = await readPdf(Buffer.from(r.body.contentBase64, "base64"));
    expect(pages.length).toBeGreaterThan(5);
    for (const i of [1, 150, MAX_ROWS]) {
      expect(text).toContain(`Voce ${i}`);
      expect(text).toContain(`${i},07`);
    }
    // Σ (i × 100 + 7) for i = 1…300 = 4'515'000 + 2'100 cents, plus 22% VAT
    expect(text).toContain("45'171,00");
    expect(text).toContain("55'108,62");
  });

  it("six downloads at once with one worker and one waiting: the others are a 503 with the message, another tenant answers meanwhile", async () => {
    const verdi = await Client.as(VERDI_LOGIN.username, VERDI_LOGIN.password, server.baseUrl);
    const downloads = Promise.all(Array.from({ length: 6 }, () => download(rossi, full)));
    const me = await verdi.get("/api/me");
    const answers = await downloads;
    expect(me.status).toBe(200);
    const refused = answers.filter((a) => a.status === 503);
    const served = answers.filter((a) => a.status === 200);
    expect(refused.length + served.length, JSON.stringify(answers.map((a) => [a.status, a.body.message]))).toBe(6);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(served.length).toBeGreaterThanOrEqual(2);
    for (const a of refused) expect(a.body).toEqual({ status: "error", message: PDF_POOL_MESSAGES.busy });
    for (const a of served) expect(Buffer.from(a.body.contentBase64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    // nothing left behind: the next download is served
    expect((await download(rossi, full)).status).toBe(200);
  }, 120_000);

  it("a document past the rows' cap: 400 with the message on download and on 'Invia email', no mail sent", async () => {
    const id = await invoiceOf(MAX_ROWS + 1);
    const r = await download(rossi, id);
    expect([r.status, r.body]).toEqual([400, { status: "error", message: `Il documento ha troppe righe per la stampa (massimo ${MAX_ROWS})` }]);
    const send = await rossi.postEntity(`/api/invoices/send-email/${id}`, "sendEmail", { email: to, cc: "", bcc: "", subject: "Fattura", body: "In allegato la fattura.", attachXml: false });
    expect([send.status, send.body.message]).toEqual([400, PDF_POOL_MESSAGES.tooManyRows(MAX_ROWS)]);
    expect(sentMails(to, server.outboxDir)).toEqual([]);
  }, 120_000);
});
