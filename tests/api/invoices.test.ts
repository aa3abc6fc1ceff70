/**
 * Documenti di vendita over HTTP (issue 11): create/update/delete per kind, the numbers of a sectional series
 * ("1/A"), the four worked examples of the rules (§3.10) to the cent, the lock of an issued invoice, stale
 * versions, roles, get-calculated-fields, set-state, the FatturaPA file (XML options, the SDI pre-check's refusal,
 * XSD-valid, the same bytes every time, no state change: 'Inviata allo SDI' is set by 'Segna come inviata'), convert,
 * credit note and duplicate.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { readPdf } from "@/tests/support/sample-invoice";
import { validateFatturaXml } from "@/lib/fiscal/xsd";
import { INVOICE_ACTION_MESSAGES, INVOICE_MESSAGES, XML_OPTIONS_MESSAGES } from "@/lib/schemas/invoice";
import { type Client, signUpTenant } from "../support/http";
import { DELETED, expectDocumentRoleNeeded, FORM_ERROR, postSettings, SAVED } from "../support/entity-api";

const URL = "/api/invoices";
const FIELD = "invoice";
const UPDATED = "Modifica effettuata";
const XML_URL = `${URL}/download-electronic-invoice-xml`;
const KINDS = ["QUOTE", "PROFORMA", "INVOICE", "CREDIT_NOTE"] as const;

type Option = { id: number; toString: string };
type Doc = Record<string, any> & { id: number; version: number };

describe("Documenti di vendita (invoices)", () => {
  let c: Client;
  let customer: Option;
  let vat22: Option;
  let sectionalA: Option;

  const fee = (extra: Record<string, unknown> = {}) => ({ rowType: "GENERICA", description: "Compenso professionale", quantity: "1", amount: 100000, vat: vat22, ...extra });
  const doc = (over: Record<string, unknown> = {}) => ({ kind: "INVOICE", date: "2026-03-02", contact: customer, rows: [fee()], ...over });
  const create = async (over: Record<string, unknown> = {}): Promise<Doc> => {
    const r = await c.postEntity(URL, FIELD, doc(over));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(SAVED);
    return r.body.invoice;
  };
  const settings = async (over: Record<string, unknown>) => {
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    const r = await postSettings(c, { ...t, ...over });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const xmlOptions = (id: number, options?: Record<string, unknown>) => (options ? c.postEntity(`${XML_URL}/${id}`, "xmlOptions", options) : c.postForm(`${XML_URL}/${id}`));
  const setState = (id: number, state: string, version?: number) => c.postEntity(`${URL}/set-state/${id}`, "invoiceState", { state, version });

  beforeAll(async () => {
    c = (await signUpTenant("Fatture S.r.l.")).client;
    await settings({ vat: "07654321012", fiscalCode: "07654321012", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", taxRegime: "RF01" });
    const a = await c.postEntity("/api/contacts", "contact", {
      kind: "COMPANY",
      companyName: "Rossi S.r.l.",
      isCustomer: true,
      vatNumber: "12345678903",
      address: "Via Milano 2",
      postalCode: "20121",
      city: "Milano",
      province: "MI",
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    customer = { id: a.body.contact.id, toString: "Rossi S.r.l." };
    const rates: Option[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    vat22 = rates.find((o) => o.toString.startsWith("22%"))!;
    expect(vat22).toBeTruthy();
    const s = await c.postEntity("/api/invoice-sectionals", "invoiceSectional", { name: "Sezionale A", typology: "Tutti", suffix: "A" });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    sectionalA = { id: s.body.invoiceSectional.id, toString: s.body.invoiceSectional.toString };
  });

  describe.each(KINDS)("%s", (kind) => {
    it("create, update, delete a Bozza: the save contract, totals computed by the server", async () => {
      const d = await create({ kind, rows: [fee(), { rowType: "SEZIONE", description: "Sezione" }] });
      expect(d).toMatchObject({ kind, state: "Bozza", number: null, documentType: kind === "CREDIT_NOTE" ? "TD04" : "TD01", contact: customer });
      expect(d.rows).toHaveLength(2);
      expect(d.totals).toEqual({ taxable: 100000, totalVat: 22000, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 122000, netToPay: 122000 });
      expect(d.deadlines).toEqual(kind === "QUOTE" ? [] : [expect.objectContaining({ amount: 122000, deadlineDate: "2026-03-02" })]);
      const u = await c.postEntity(`${URL}/${d.id}`, FIELD, { ...d, deadlines: [], details: "Aggiornato", rows: [{ ...d.rows[0], quantity: "2" }] });
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      expect(u.body.message).toBe(UPDATED);
      expect(u.body.invoice).toMatchObject({ details: "Aggiornato", version: d.version + 1, totals: { taxable: 200000, total: 244000 } });
      expect((await c.get(`${URL}/get/${d.id}`)).body.invoice.details).toBe("Aggiornato");
      const del = await c.json("DELETE", `${URL}/${d.id}`);
      expect(del.status, JSON.stringify(del.body)).toBe(200);
      expect(del.body.message).toBe(DELETED);
      expect((await c.get(`${URL}/get/${d.id}`)).status).toBe(404);
    });
  });

  it("numbers: the series of the sectional gives '1/A', '2/A'; a proforma has its own series; delete only the last", async () => {
    const first = await create({ sectional: sectionalA, state: "Emessa" });
    const second = await create({ sectional: sectionalA, state: "Emessa" });
    const proforma = await create({ kind: "PROFORMA", sectional: sectionalA, state: "Emessa" });
    expect([first.number, second.number, proforma.number]).toEqual(["1/A", "2/A", "1/A"]);
    const refused = await c.json("DELETE", `${URL}/${first.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(INVOICE_MESSAGES.notLast);
    expect((await c.json("DELETE", `${URL}/${second.id}`)).status).toBe(200);
    expect((await create({ sectional: sectionalA, state: "Emessa" })).number).toBe("2/A");
  });

  describe("the worked examples of the rules (§3.10) through the API, to the cent", () => {
    it("A: Gestione Separata RF01, rivalsa 4%, ritenuta 20% → netto 1060.80", async () => {
      await settings({ taxRegime: "RF01", fiscalCode: "RSSMRA80A01H501U" });
      const d = await create({ inpsRevenge: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [fee({ withholding: true })] });
      expect(d.totals).toEqual({ taxable: 104000, totalVat: 22880, inpsRevengeAmount: 4000, professionistFundAmount: 0, withholdingTaxAmount: 20800, stampAmount: 0, total: 126880, netToPay: 106080 });
    });
    it("B: engineer, Inarcassa 4% → netto 1068.80", async () => {
      const d = await create({ professionistFund: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [fee({ withholding: true })] });
      expect(d.totals).toEqual({ taxable: 104000, totalVat: 22880, inpsRevengeAmount: 0, professionistFundAmount: 4000, withholdingTaxAmount: 20000, stampAmount: 0, total: 126880, netToPay: 106880 });
    });
    it("C: forfettario RF19 with rivalsa 4%, stamp charged → 1042.00", async () => {
      await settings({ taxRegime: "RF19" });
      const d = await create({ inpsRevenge: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", stampAmount: 200, rows: [fee({ withholding: true })] });
      expect(d.totals).toEqual({ taxable: 104200, totalVat: 0, inpsRevengeAmount: 4000, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 200, total: 104200, netToPay: 104200 });
    });
    it("D: company to a PA with split payment → total 1220.00, netto 1000.00", async () => {
      await settings({ taxRegime: "RF01", fiscalCode: "07654321012" });
      const pa = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Comune di Prova", isCustomer: true, fiscalCode: "12345678903", sdiCode: "UFABCD", publicAdministration: true, splitPayment: true });
      expect(pa.status, JSON.stringify(pa.body)).toBe(200);
      const d = await create({ contact: { id: pa.body.contact.id }, publicAdministration: true });
      expect(d.totals).toEqual({ taxable: 100000, totalVat: 22000, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 122000, netToPay: 100000 });
    });
  });

  it("get-calculated-fields: totals with their working and the deadlines, nothing saved", async () => {
    const r = await c.postEntity(`${URL}/get-calculated-fields`, FIELD, doc({ inpsRevenge: "4", rows: [fee({ withholding: true })] }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.totals.inpsRevengeAmount.amount).toBe(4000);
    expect(r.body.totals.total.amount).toBe(126880);
    expect(r.body.totals.total.steps.length).toBeGreaterThan(0);
    expect(r.body.deadlines).toEqual([expect.objectContaining({ amount: 126880, deadlineDate: "2026-03-02" })]);
  });

  it("set-state gives the number; an issued invoice is locked; a stale version is a 409", async () => {
    const created = await create();
    const u = await c.postEntity(`${URL}/${created.id}`, FIELD, { ...created, deadlines: [], details: "Prima modifica" });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    const d: Doc = u.body.invoice;
    const stale = await c.postEntity(`${URL}/${d.id}`, FIELD, { ...created, deadlines: [], details: "Vecchia versione" });
    expect(stale.status).toBe(409);
    expect(stale.body.status).toBe("error");
    const s = await setState(d.id, "Emessa", d.version);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body.message).toBe(INVOICE_MESSAGES.stateChanged);
    expect(s.body.invoice.state).toBe("Emessa");
    expect(s.body.invoice.number).toMatch(/^\d+$/);
    expect((await setState(d.id, "Bozza")).status).toBe(400);
    expect((await setState(d.id, "Accettato")).body.errors).toEqual([INVOICE_MESSAGES.stateForKind]);
    const locked = await c.postEntity(`${URL}/${d.id}`, FIELD, { ...s.body.invoice, deadlines: [], details: "No" });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(INVOICE_MESSAGES.locked);
  });

  describe("the FatturaPA file", () => {
    it("options required when the document has a cassa and a ritenuta (spec §5)", async () => {
      const d = await create({ state: "Emessa", professionistFund: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [fee({ withholding: true })] });
      const r = await xmlOptions(d.id, {});
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([XML_OPTIONS_MESSAGES.previdential, XML_OPTIONS_MESSAGES.paymentCausal]);
      expect(r.body.message).toBe([FORM_ERROR, XML_OPTIONS_MESSAGES.previdential, XML_OPTIONS_MESSAGES.paymentCausal].join("\n"));
      const good = await xmlOptions(d.id, { previdential: "TC04", paymentCausal: "A" });
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      const xml = Buffer.from(good.body.contentBase64, "base64").toString("utf8");
      expect(validateFatturaXml(xml)).toEqual({ valid: true });
      expect(xml).toContain("<TipoCassa>TC04</TipoCassa>");
      expect(xml).toContain("<CausalePagamento>A</CausalePagamento>");
    });

    it("a plain invoice: no options needed, XSD-valid, stored: the same bytes the second time; making it sends nothing, so the state stays until marked sent", async () => {
      const d = await create({ sectional: sectionalA, state: "Emessa" });
      const first = await xmlOptions(d.id, { previdential: null, paymentCausal: null });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.contentType).toBe("application/xml");
      expect(first.body.filename).toMatch(/^IT07654321012_[0-9A-Z]{5}\.xml$/);
      const xml = Buffer.from(first.body.contentBase64, "base64").toString("utf8");
      expect(validateFatturaXml(xml)).toEqual({ valid: true });
      expect(xml).toContain(`<Numero>${d.number}</Numero>`);
      expect(xml).toContain(`<ProgressivoInvio>${first.body.filename.slice(-9, -4)}</ProgressivoInvio>`);
      expect(xml).toContain("<ImportoTotaleDocumento>1220.00</ImportoTotaleDocumento>");
      const again = await xmlOptions(d.id);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      // a download is not a transmission: still Emessa, until the user marks it sent; making the file is no edit of
      // the document, so the version the form read is still good
      expect((await c.get(`${URL}/get/${d.id}`)).body.invoice).toMatchObject({ state: "Emessa", version: d.version });
      const marked = await setState(d.id, "Inviata allo SDI", d.version);
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect((await c.get(`${URL}/get/${d.id}`)).body.invoice.state).toBe("Inviata allo SDI");
      // Scartata: corrected and sent again with its number, as a new file
      const rejected = await setState(d.id, "Scartata");
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      const resent = await xmlOptions(d.id, {});
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      expect(resent.body.filename).not.toBe(first.body.filename);
      expect(Buffer.from(resent.body.contentBase64, "base64").toString("utf8")).toContain(`<Numero>${d.number}</Numero>`);
      expect((await c.get(`${URL}/get/${d.id}`)).body.invoice.state).toBe("Scartata");
      // another document takes the next transmission progressive
      const other = await create({ state: "Emessa" });
      const next = await xmlOptions(other.id, {});
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body.filename).not.toBe(first.body.filename);
    });

    it("the payment method is the document's modality, never invented: without one no DatiPagamento (not MP01, cash)", async () => {
      const none = await create({ state: "Emessa", paymentModality: null });
      expect(none.paymentModality).toBeNull();
      const bare = await xmlOptions(none.id, {});
      expect(bare.status, JSON.stringify(bare.body)).toBe(200);
      const bareXml = Buffer.from(bare.body.contentBase64, "base64").toString("utf8");
      expect(validateFatturaXml(bareXml)).toEqual({ valid: true });
      expect(bareXml).not.toContain("<DatiPagamento>");
      expect(bareXml).not.toContain("MP01");
      const m = await c.postEntity("/api/payment-modalities", "paymentModality", {
        name: "Bonifico a vista",
        paymentType: "MP05",
        paymentModalityRows: [{ paymentModalityExpirationType: "Dalla data fattura", paymentDay: 0, monthsAfter: 0, amountPercentage: "100" }],
      });
      expect(m.status, JSON.stringify(m.body)).toBe(200);
      const paid = await create({ state: "Emessa", paymentModality: { id: m.body.paymentModality.id } });
      const withModality = await xmlOptions(paid.id, {});
      expect(withModality.status, JSON.stringify(withModality.body)).toBe(200);
      const xml = Buffer.from(withModality.body.contentBase64, "base64").toString("utf8");
      expect(xml).toContain("<ModalitaPagamento>MP05</ModalitaPagamento>");
      expect(xml).toContain(`<ImportoPagamento>${(paid.totals.netToPay / 100).toFixed(2)}</ImportoPagamento>`);
    });

    it("refused for a Bozza, a proforma; the pre-check's blocking problems in Italian with their codes", async () => {
      const draft = await create();
      expect((await xmlOptions(draft.id, {})).body.message).toBe(INVOICE_ACTION_MESSAGES.xmlDraft);
      const proforma = await create({ kind: "PROFORMA", state: "Emessa" });
      expect((await xmlOptions(proforma.id, {})).body.message).toBe(INVOICE_ACTION_MESSAGES.xmlKind);
      const bare = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Senza Dati S.r.l.", isCustomer: true, address: "Via Po 3", postalCode: "10121", city: "Torino", province: "TO" });
      expect(bare.status, JSON.stringify(bare.body)).toBe(200);
      const d = await create({ contact: { id: bare.body.contact.id }, state: "Emessa" });
      const r = await xmlOptions(d.id, {});
      expect(r.status).toBe(400);
      expect(r.body.status).toBe("error");
      expect(r.body.errors).toContain("[00417] Il cliente non ha né partita IVA né codice fiscale: indicarne almeno uno");
      expect(r.body.message.split("\n")[0]).toBe(INVOICE_ACTION_MESSAGES.precheck);
      expect((await c.get(`${URL}/get/${d.id}`)).body.invoice.state).toBe("Emessa");
    });
  });

  describe("copies inside the model", () => {
    it("convert: a proforma and a quote into an invoice, a quote into a proforma; other kinds refused", async () => {
      const proforma = await create({ kind: "PROFORMA", state: "Emessa", details: "Da proforma" });
      const r = await c.postForm(`${URL}/convert/${proforma.id}?to=INVOICE`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.message).toBe("Documento convertito in fattura");
      expect(r.body.source).toEqual({ id: proforma.id, toString: proforma.toString });
      expect(r.body.invoice).toMatchObject({ kind: "INVOICE", documentType: "TD01", state: "Bozza", number: null, details: "Da proforma", contact: customer, totals: proforma.totals });
      expect(r.body.invoice.rows.map((x: Doc) => [x.description, x.amount, x.quantity])).toEqual(proforma.rows.map((x: Doc) => [x.description, x.amount, x.quantity]));
      const quote = await create({ kind: "QUOTE" });
      const p = await c.postForm(`${URL}/convert/${quote.id}?to=PROFORMA`);
      expect(p.status, JSON.stringify(p.body)).toBe(200);
      expect(p.body.invoice).toMatchObject({ kind: "PROFORMA", state: "Bozza", totals: quote.totals });
      expect(p.body.invoice.deadlines).toHaveLength(1);
      // a conversion happens once (issue 27): the quote made into a proforma is not also made into an invoice
      expect((await c.postForm(`${URL}/convert/${quote.id}?to=INVOICE`)).status).toBe(400);
      expect((await c.postForm(`${URL}/convert/${(await create({ kind: "QUOTE" })).id}?to=INVOICE`)).body.invoice.kind).toBe("INVOICE");
      const invoice = await create();
      const bad = await c.postForm(`${URL}/convert/${invoice.id}?to=INVOICE`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(INVOICE_ACTION_MESSAGES.convertSource);
      expect((await c.postForm(`${URL}/convert/${proforma.id}?to=QUOTE`)).body.message).toBe(INVOICE_ACTION_MESSAGES.convertTarget);
      expect((await c.postForm(`${URL}/convert/999999?to=INVOICE`)).status).toBe(404);
    });

    it("credit note: TD04 copying an issued invoice, its XML references the invoice; a Bozza refused", async () => {
      const invoice = await create({ state: "Emessa", inpsRevenge: "4" });
      const r = await c.postForm(`${URL}/credit-note/${invoice.id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.message).toBe(INVOICE_ACTION_MESSAGES.creditNoteCreated);
      const note = r.body.invoice;
      expect(note).toMatchObject({ kind: "CREDIT_NOTE", documentType: "TD04", state: "Bozza", number: null, totals: invoice.totals, inpsRevenge: "4.00" });
      const issued = await setState(note.id, "Emessa");
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      const x = await xmlOptions(note.id, {});
      expect(x.status, JSON.stringify(x.body)).toBe(200);
      const xml = Buffer.from(x.body.contentBase64, "base64").toString("utf8");
      expect(validateFatturaXml(xml)).toEqual({ valid: true });
      expect(xml).toContain("<TipoDocumento>TD04</TipoDocumento>");
      expect(xml).toMatch(new RegExp(`<DatiFattureCollegate>\\s*<IdDocumento>${invoice.number}</IdDocumento>`));
      const draft = await create();
      const bad = await c.postForm(`${URL}/credit-note/${draft.id}`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(INVOICE_ACTION_MESSAGES.creditNoteSource);
    });

    it("duplicate: a Bozza of the same kind with the same rows and totals", async () => {
      const invoice = await create({ state: "Emessa", sectional: sectionalA, details: "Originale" });
      const r = await c.postForm(`${URL}/duplicate/${invoice.id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.message).toBe(INVOICE_ACTION_MESSAGES.duplicated);
      expect(r.body.invoice).toMatchObject({ kind: "INVOICE", state: "Bozza", number: null, details: "Originale", sectional: sectionalA, totals: invoice.totals });
      expect(r.body.invoice.id).not.toBe(invoice.id);
      expect(r.body.invoice.rows).toHaveLength(invoice.rows.length);
    });
  });

  it("download-pdf: the issued invoice as {filename, contentBase64, contentType}, read back; ?inline=1 the raw PDF; 404 for another tenant", async () => {
    const d = await create({ state: "Emessa", sectional: sectionalA });
    const r = await c.get(`${URL}/download-pdf/${d.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ filename: expect.stringMatching(/^Fattura_\d+-A_2026\.pdf$/), contentType: "application/pdf" });
    const pdf = Buffer.from(r.body.contentBase64, "base64");
    const { text } = await readPdf(pdf);
    for (const t of ["Rossi S.r.l.", "Fatture S.r.l.", "Compenso professionale", "Totale documento", "€ 1'220,00", `${d.number}`]) expect(text, t).toContain(t);
    const inline = await c.raw("GET", `${URL}/download-pdf/${d.id}?inline=1`);
    expect([inline.status, inline.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const other = (await signUpTenant("Altri PDF S.r.l.")).client;
    expect((await other.get(`${URL}/download-pdf/${d.id}`)).status).toBe(404);
  });

  it("roles: a ROLE_USER-only user gets 403 on every call", async () => {
    const luca = await expectDocumentRoleNeeded(URL, FIELD, doc());
    for (const url of [`${XML_URL}/1`, `${URL}/convert/1?to=INVOICE`, `${URL}/credit-note/1`, `${URL}/duplicate/1`, `${URL}/set-state/1`, `${URL}/get-calculated-fields`]) {
      expect((await luca.postForm(url)).status, url).toBe(403);
    }
  });

  it("another tenant's document: 404 on every call", async () => {
    const other = (await signUpTenant("Altre Fatture S.r.l.")).client;
    const d = await create({ state: "Emessa" });
    for (const url of [`${XML_URL}/${d.id}`, `${URL}/convert/${d.id}?to=INVOICE`, `${URL}/credit-note/${d.id}`, `${URL}/duplicate/${d.id}`]) {
      expect((await other.postForm(url)).status, url).toBe(404);
    }
  });
});
