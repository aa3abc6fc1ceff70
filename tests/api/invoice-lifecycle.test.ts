/**
 * The life cycle of conversions and credit notes over HTTP (issue 27): a quote or proforma converts once (the second
 * conversion refused in Italian, convertedTo / source / the displayed state in the JSON and the list); a credit note
 * is issued only naming the invoice it corrects (made from it, or number and date typed: both in the XML's
 * DatiFattureCollegate, read back, XSD-valid); a credit note of an invoice with €1,220 open nets its deadlines, and
 * the Scadenziario, the start page, Statistiche (invoices and concluded jobs) and the /fatture footer all agree; a
 * partial credit note; drafts counted nowhere.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { validateFatturaXml } from "@/lib/fiscal/xsd";
import { todayInRome } from "@/lib/rome-time";
import { INVOICE_ACTION_MESSAGES, INVOICE_MESSAGES } from "@/lib/schemas/invoice";
import { type Client, signUpTenant } from "../support/http";
import { saveIssuer } from "../support/entity-api";
import { readPdf } from "../support/sample-invoice";
import { addDays } from "@/lib/fiscal/dates";

const URL = "/api/invoices";
type Option = { id: number; toString: string };
type Doc = Record<string, any> & { id: number; version: number };

const today = todayInRome();
const italian = (iso: string) => iso.split("-").reverse().join("/");
const THIS_YEAR = { preset: "Anno in corso" };

describe("conversions and credit notes (invoice life cycle)", () => {
  let c: Client;
  let customer: Option;
  let vat22: Option;

  const save = async (url: string, field: string, body: Record<string, unknown>) => {
    const r = await c.postEntity(url, field, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body[field];
  };
  /** 1,000.00 + 22% = 1,220.00 dated today, in the given deadlines (days from today, cents). */
  const create = (over: Record<string, unknown> = {}, deadlines: [number, number][] = [[30, 122000]]): Promise<Doc> =>
    save(URL, "invoice", {
      kind: "INVOICE",
      state: "Emessa",
      date: today,
      contact: customer,
      rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }],
      deadlines: deadlines.map(([days, amount]) => ({ deadlineDate: addDays(today, days), amount, deadlineState: "Da saldare" })),
      ...over,
    });
  const get = async (id: number): Promise<Doc> => (await c.get(`${URL}/get/${id}`)).body.invoice;
  const setState = (id: number, state: string) => c.postEntity(`${URL}/set-state/${id}`, "invoiceState", { state });
  const xmlOf = async (id: number) => {
    const r = await c.postForm(`${URL}/download-electronic-invoice-xml/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const xml = Buffer.from(r.body.contentBase64, "base64").toString("utf8");
    expect(validateFatturaXml(xml)).toEqual({ valid: true });
    return xml;
  };
  const list = async (kind: string | string[]) =>
    (await c.get(`${URL}?${new URLSearchParams({ startRow: "0", limit: "100", totals: "1", addedParams: JSON.stringify({ kind }) })}`)).body;
  const scadenziario = async () => (await c.get(`/api/deadlines?${new URLSearchParams({ startRow: "0", limit: "100", totals: "1" })}`)).body.totals;
  const report = async (type: string) => {
    const r = await c.get(`/api/reports/${type}?filters=${encodeURIComponent(JSON.stringify(THIS_YEAR))}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  /** The start page's two figures as the user reads them. */
  const home = async () => {
    const html = (await (await c.raw("GET", "/")).text()).replaceAll("&#x27;", "'");
    const figure = (label: string) => new RegExp(`${label.replace(/[()]/g, "\\$&")}</div><div[^>]*>([^<]*)<`).exec(html)?.[1];
    return { toCollect: figure("Da incassare (di cui scaduto)"), toPay: figure("Da pagare entro 30 giorni") };
  };

  beforeAll(async () => {
    c = (await signUpTenant("Ciclo Documenti S.r.l.")).client;
    await saveIssuer(c, { hourlyPrice: 6000 });
    const a = await save("/api/contacts", "contact", { kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" });
    customer = { id: a.id, toString: "Rossi S.r.l." };
    vat22 = ((await c.get("/api/vat-rates/get-filtered-list")).body.options as Option[]).find((o) => o.toString.startsWith("22%"))!;
  });

  it("a quote converts once: the second conversion is refused naming the document made; convertedTo, source and the state shown", async () => {
    const quote = await create({ kind: "QUOTE", deadlines: [] }, []);
    expect(quote).toMatchObject({ convertedTo: null, source: null, displayedState: "Emessa" });
    const first = await c.postForm(`${URL}/convert/${quote.id}?to=INVOICE`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const made = first.body.invoice;
    expect(made).toMatchObject({ kind: "INVOICE", state: "Bozza", source: { id: quote.id, toString: quote.toString }, convertedTo: null });
    for (const to of ["INVOICE", "PROFORMA"]) {
      const again = await c.postForm(`${URL}/convert/${quote.id}?to=${to}`);
      expect([again.status, again.body.message], to).toEqual([400, INVOICE_ACTION_MESSAGES.alreadyConverted(`Fattura (bozza) del ${italian(today)}`)]);
    }
    expect(await get(quote.id)).toMatchObject({ state: "Emessa", displayedState: "Convertito in fattura", convertedTo: { id: made.id, toString: `Fattura (bozza) del ${italian(today)}` } });
    expect((await list("QUOTE")).data.find((r: Doc) => r.id === quote.id).state).toBe("Convertito in fattura");

    // the label follows the document made: issued, it names its number
    const issued = await setState(made.id, "Emessa");
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect((await get(quote.id)).convertedTo.toString).toBe(`Fattura ${issued.body.invoice.number} del ${italian(today)}`);

    // a quote into a proforma, then the proforma into the invoice: each once
    const quote2 = await create({ kind: "QUOTE" }, []);
    const proforma = (await c.postForm(`${URL}/convert/${quote2.id}?to=PROFORMA`)).body.invoice;
    expect((await get(quote2.id)).displayedState).toBe("Convertito in proforma");
    expect((await c.postForm(`${URL}/convert/${quote2.id}?to=INVOICE`)).status).toBe(400);
    const [x, y] = await Promise.all([c.postForm(`${URL}/convert/${proforma.id}?to=INVOICE`), c.postForm(`${URL}/convert/${proforma.id}?to=INVOICE`)]);
    expect([x.status, y.status].sort()).toEqual([200, 400]);
    expect((await list("PROFORMA")).data.find((r: Doc) => r.id === proforma.id).state).toBe("Convertito in fattura");
  });

  it("a credit note is issued only naming its invoice: a 400 without it, the typed number and date in DatiFattureCollegate", async () => {
    const note = await create({ kind: "CREDIT_NOTE", state: "Bozza" });
    expect(note).toMatchObject({ state: "Bozza", correctedInvoice: { number: "", date: null }, source: null });
    const bySet = await setState(note.id, "Emessa");
    expect([bySet.status, bySet.body.message]).toEqual([400, INVOICE_MESSAGES.correctedInvoiceNeeded]);
    const bySave = await c.postEntity(`${URL}/${note.id}`, "invoice", { ...note, state: "Emessa", correctedInvoice: { number: "", date: "2026-01-15" } });
    expect([bySave.status, bySave.body.message]).toEqual([400, INVOICE_MESSAGES.correctedInvoiceNeeded]);
    const atCreate = await c.postEntity(URL, "invoice", { kind: "CREDIT_NOTE", state: "Emessa", date: today, contact: customer, rows: note.rows.map((r: Doc) => ({ ...r, id: undefined })) });
    expect([atCreate.status, atCreate.body.message]).toEqual([400, INVOICE_MESSAGES.correctedInvoiceNeeded]);
    expect((await get(note.id)).state).toBe("Bozza");

    const typed = await save(`${URL}/${note.id}`, "invoice", { ...note, correctedInvoice: { number: "FT-7/A", date: "2026-01-15" } });
    expect(typed.correctedInvoice).toEqual({ number: "FT-7/A", date: "2026-01-15" });
    const issued = await setState(note.id, "Emessa");
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const xml = await xmlOf(note.id);
    expect(xml).toMatch(/<DatiFattureCollegate>\s*<IdDocumento>FT-7\/A<\/IdDocumento>\s*<Data>2026-01-15<\/Data>\s*<\/DatiFattureCollegate>/);
    // the PDF names the same invoice
    const pdf = await c.get(`${URL}/download-pdf/${note.id}`);
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect((await readPdf(Buffer.from(pdf.body.contentBase64, "base64"))).text.replace(/\s+/g, " ")).toContain("Rettifica della fattura n. FT-7/A del 15/01/2026");
    // an issued credit note is locked, and says how it is corrected (not by another credit note)
    const locked = await c.postEntity(`${URL}/${note.id}`, "invoice", { ...(await get(note.id)), deadlines: [], details: "Modifica" });
    expect([locked.status, locked.body.message]).toEqual([409, INVOICE_MESSAGES.lockedCreditNote]);
  });

  it("a credit note of an invoice with €1,220 open nets it: Stornato, and the Scadenziario, the start page, Statistiche and the /fatture footer agree", async () => {
    // a tenant of its own: every figure is this invoice's
    const own = (await signUpTenant("Storno Totale S.r.l.")).client;
    const prev = { c, customer, vat22 };
    c = own;
    try {
      await saveIssuer(c, { hourlyPrice: 6000 });
      const a = await save("/api/contacts", "contact", { kind: "COMPANY", companyName: "Bianchi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" });
      customer = { id: a.id, toString: "Bianchi S.r.l." };
      vat22 = ((await c.get("/api/vat-rates/get-filtered-list")).body.options as Option[]).find((o) => o.toString.startsWith("22%"))!;
      const job = await save("/api/activities", "activity", { contact: customer, name: "Consulenza", activityState: "Attivo", paymentType: "Lavoro pagato a corpo", activityAmount: 100000 });
      const invoice = await create(
        { rows: [{ rowType: "LAVORO", activity: { id: job.id, toString: job.toString }, description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }] },
        [
          [10, 61000],
          [40, 61000],
        ],
      );
      const concluded = (await c.get(`/api/activities/get/${job.id}`)).body.activity;
      await save(`/api/activities/${job.id}`, "activity", { ...concluded, activityState: "Concluso" });
      await create({ state: "Bozza" }, [[5, 122000]]); // a draft: counted nowhere

      expect(await scadenziario()).toEqual({ toCollect: 122000, toPay: 0, balance: 122000 });
      expect((await list(["INVOICE", "CREDIT_NOTE"])).totals).toEqual({ taxable: 100000, totalVat: 22000, total: 122000, netToPay: 122000 });
      expect(await home()).toEqual({ toCollect: "€ 1'220,00 (€ 0,00)", toPay: "€ 0,00" });

      const made = await c.postForm(`${URL}/credit-note/${invoice.id}`);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const note = made.body.invoice;
      expect(note.source).toEqual({ id: invoice.id, toString: invoice.toString });
      // the credit note still a Bozza: nothing changes
      expect((await list(["INVOICE", "CREDIT_NOTE"])).totals).toEqual({ taxable: 100000, totalVat: 22000, total: 122000, netToPay: 122000 });
      const issued = await setState(note.id, "Emessa");
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      expect(issued.body.invoice.deadlines.map((d: Doc) => [d.amount, d.deadlineState])).toEqual([[122000, "Stornato"]]);
      expect((await get(invoice.id)).deadlines.map((d: Doc) => [d.deadlineDate, d.amount, d.deadlineState])).toEqual([
        [addDays(today, 10), 61000, "Stornato"],
        [addDays(today, 40), 61000, "Stornato"],
      ]);

      expect(await scadenziario()).toEqual({ toCollect: 0, toPay: 0, balance: 0 });
      expect((await list(["INVOICE", "CREDIT_NOTE"])).totals).toEqual({ taxable: 0, totalVat: 0, total: 0, netToPay: 0 });
      expect(await home()).toEqual({ toCollect: "€ 0,00 (€ 0,00)", toPay: "€ 0,00" });
      const invoices = await report("ReportInvoiceManager");
      expect([invoices.totals.invoiced, invoices.totals.toCollect, invoices.totals.collected]).toEqual([0, 0, 0]);
      const work = await report("ReportWorkManager");
      expect(work.rows.map((r: Doc) => [r.name, r.invoiced])).toEqual([["Consulenza", 0]]);
      expect(work.totals.invoiced).toBe(0);

      // the credit note's file names the invoice it was made from
      const xml = await xmlOf(note.id);
      expect(xml).toMatch(new RegExp(`<DatiFattureCollegate>\\s*<IdDocumento>${invoice.number}</IdDocumento>\\s*<Data>${today}</Data>\\s*</DatiFattureCollegate>`));
    } finally {
      ({ c, customer, vat22 } = prev);
    }
  });

  it("a partial credit note reduces the invoice's latest open deadline, the rest still to collect", async () => {
    const before = await scadenziario();
    const invoice = await create({}, [
      [30, 61000],
      [60, 61000],
    ]);
    const note = (await c.postForm(`${URL}/credit-note/${invoice.id}`)).body.invoice;
    // 400.00 + 22% = 488.00, issued by the form's save
    const saved = await save(`${URL}/${note.id}`, "invoice", { ...note, state: "Emessa", deadlines: [], rows: [{ ...note.rows[0], amount: 40000 }] });
    expect(saved.totals.netToPay).toBe(48800);
    expect(saved.deadlines.map((d: Doc) => [d.amount, d.deadlineState])).toEqual([[48800, "Stornato"]]);
    expect((await get(invoice.id)).deadlines.map((d: Doc) => [d.deadlineDate, d.amount, d.deadlineState])).toEqual([
      [addDays(today, 30), 61000, "Da saldare"],
      [addDays(today, 60), 12200, "Da saldare"],
      [addDays(today, 60), 48800, "Stornato"],
    ]);
    expect(await scadenziario()).toEqual({ toCollect: before.toCollect + 122000 - 48800, toPay: before.toPay, balance: before.balance + 122000 - 48800 });
  });
});
