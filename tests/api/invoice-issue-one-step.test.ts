/**
 * Issue 30, save and issue in one step and the defaults, over HTTP: POST /api/invoices?issue=1 and /{id}?issue=1 save
 * and number the document in the save's one transaction (a refusal of the save or of the issue writes nothing; a
 * document already issued just saves); create-form-data answers formData.defaultVat (22%, or N2.2 for a forfettario);
 * the XML of a professional with ritenuta and Inarcassa needs no options (CausalePagamento A, TipoCassa TC04 from the
 * tenant's settings), and without a default the option is still asked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { validateFatturaXml } from "@/lib/fiscal/xsd";
import { todayInRome } from "@/lib/rome-time";
import { INVOICE_MESSAGES, XML_OPTIONS_MESSAGES } from "@/lib/schemas/invoice";
import { type Client, signUpTenant } from "../support/http";
import { saveIssuer } from "../support/entity-api";

const URL = "/api/invoices";
// lib/api/entity-routes.ts ISSUE_PARAM_INVALID (a server module: not imported here)
const ISSUE_PARAM_INVALID = 'Il parametro "issue" deve essere 1';
type Option = { id: number; toString: string };
type Doc = Record<string, any> & { id: number; version: number };

const today = todayInRome();
const PROFESSIONAL = {
  taxRegime: "RF01",
  fiscalCode: "VRDLGU80A01H501Q",
  vat: "07654321012",
  withholdingTaxApply: true,
  withholdingTaxPercentage: "20",
  professionistFund: "4",
  professionistFundName: "Inarcassa",
};

describe("save and issue in one step (?issue=1) and the defaults of a new invoice", () => {
  let pro: Client;
  let forf: Client;
  let customer: Option;
  let vat22: Option;

  const vatOptions = async (c: Client): Promise<Option[]> => (await c.get("/api/vat-rates/get-filtered-list")).body.options;
  const draft = (over: Record<string, unknown> = {}) => ({
    kind: "INVOICE",
    state: "Bozza",
    date: today,
    contact: customer,
    details: "Prima",
    rows: [{ rowType: "GENERICA", description: "Progettazione", quantity: "1", amount: 100000, vat: vat22, withholding: true }],
    ...over,
  });
  const get = async (id: number): Promise<Doc> => (await c().get(`${URL}/get/${id}`)).body.invoice;
  const c = () => pro;
  const list = async (kind: string) => (await pro.get(`${URL}?${new URLSearchParams({ startRow: "0", limit: "100", addedParams: JSON.stringify({ kind }) })}`)).body.data as Doc[];

  beforeAll(async () => {
    [pro, forf] = await Promise.all([(await signUpTenant("Studio Ingegneria Bianchi")).client, (await signUpTenant("Luca Forfettario")).client]);
    await Promise.all([saveIssuer(pro, PROFESSIONAL), saveIssuer(forf, { taxRegime: "RF19", fiscalCode: "FRFLCU85B02F205B", vat: "01234567897" })]);
    const r = await pro.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    customer = { id: r.body.contact.id, toString: r.body.contact.toString };
    vat22 = (await vatOptions(pro)).find((o) => o.toString.startsWith("22%"))!;
  });

  it("POST ?issue=1 creates the document issued: state Emessa, its number, in the answer and stored", async () => {
    const r = await pro.postEntity(`${URL}?issue=1`, "invoice", draft());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const doc = r.body.invoice;
    expect(doc.state).toBe("Emessa");
    expect(doc.number).toMatch(/^\d+/);
    expect(await get(doc.id)).toMatchObject({ state: "Emessa", number: doc.number });
    // the history says it went Bozza-less straight to Emessa, and the buyer snapshot was taken (the XML builds)
    const plain = await pro.postEntity(URL, "invoice", draft());
    expect(plain.body.invoice).toMatchObject({ state: "Bozza", number: null });
  });

  it("POST /{id}?issue=1 saves the changes and numbers the saved Bozza in one step", async () => {
    const saved: Doc = (await pro.postEntity(URL, "invoice", draft())).body.invoice;
    expect(saved).toMatchObject({ state: "Bozza", number: null });
    const r = await pro.postEntity(`${URL}/${saved.id}?issue=1`, "invoice", { ...saved, details: "Dopo" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.invoice).toMatchObject({ id: saved.id, state: "Emessa", details: "Dopo" });
    expect(r.body.invoice.number).toMatch(/^\d+/);
    expect(await get(saved.id)).toMatchObject({ state: "Emessa", details: "Dopo", number: r.body.invoice.number });
  });

  it("a document already issued just saves with ?issue=1 (its state and number kept)", async () => {
    // a proforma is not locked when issued: it can be saved again
    const issued: Doc = (await pro.postEntity(`${URL}?issue=1`, "invoice", draft({ kind: "PROFORMA" }))).body.invoice;
    expect(issued.state).toBe("Emessa");
    const r = await pro.postEntity(`${URL}/${issued.id}?issue=1`, "invoice", { ...issued, details: "Rivista" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.invoice).toMatchObject({ state: "Emessa", number: issued.number, details: "Rivista" });
  });

  it("a refusal of the issue rolls the save back: a credit note without its invoice writes nothing", async () => {
    const before = (await list("CREDIT_NOTE")).length;
    const created = await pro.postEntity(`${URL}?issue=1`, "invoice", draft({ kind: "CREDIT_NOTE" }));
    expect([created.status, created.body.message]).toEqual([400, INVOICE_MESSAGES.correctedInvoiceNeeded]);
    expect((await list("CREDIT_NOTE")).length).toBe(before);

    const note: Doc = (await pro.postEntity(URL, "invoice", draft({ kind: "CREDIT_NOTE" }))).body.invoice;
    const updated = await pro.postEntity(`${URL}/${note.id}?issue=1`, "invoice", { ...note, details: "Cambiata", deadlines: [], rows: [...note.rows, { rowType: "GENERICA", description: "In più", quantity: "1", amount: 5000, vat: vat22 }] });
    expect([updated.status, updated.body.message]).toEqual([400, INVOICE_MESSAGES.correctedInvoiceNeeded]);
    const after = await get(note.id);
    expect(after).toMatchObject({ state: "Bozza", number: null, details: "Prima", version: note.version });
    expect(after.rows).toHaveLength(1);

    // named, the same call issues it
    const ok = await pro.postEntity(`${URL}/${note.id}?issue=1`, "invoice", { ...note, correctedInvoice: { number: "1", date: today } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.invoice.state).toBe("Emessa");
  });

  it("?issue with another value is refused and writes nothing", async () => {
    const before = (await list("INVOICE")).length;
    const r = await pro.postEntity(`${URL}?issue=2`, "invoice", draft());
    expect([r.status, r.body.message]).toEqual([400, ISSUE_PARAM_INVALID]);
    expect((await list("INVOICE")).length).toBe(before);
  });

  it("create-form-data answers the tenant's usual VAT rate: 22%, or N2.2 for a forfettario", async () => {
    const ordinary = (await pro.get(`${URL}/create-form-data?kind=INVOICE`)).body.formData.defaultVat;
    expect(ordinary).toEqual(vat22);
    const forfettario = (await forf.get(`${URL}/create-form-data?kind=INVOICE`)).body.formData.defaultVat;
    const n22 = (await vatOptions(forf)).find((o) => o.toString.includes("N2.2"))!;
    expect(n22).toBeTruthy();
    expect(forfettario).toEqual(n22);
  });

  it("the XML of a professional with ritenuta and Inarcassa needs no options: CausalePagamento A, TipoCassa TC04", async () => {
    const doc: Doc = (await pro.postEntity(`${URL}?issue=1`, "invoice", draft({ professionistFund: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20" }))).body.invoice;
    expect(doc.totals.professionistFundAmount).toBe(4000);
    expect(doc.totals.withholdingTaxAmount).toBeGreaterThan(0);
    // the e-mail dialog does not ask them either
    expect((await pro.get(`${URL}/send-email/${doc.id}`)).body.xmlOptionsNeeded).toEqual({ previdential: false, paymentCausal: false });
    const r = await pro.postForm(`${URL}/download-electronic-invoice-xml/${doc.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const xml = Buffer.from(r.body.contentBase64, "base64").toString("utf8");
    expect(validateFatturaXml(xml)).toEqual({ valid: true });
    expect(/<CausalePagamento>([^<]*)</.exec(xml)?.[1]).toBe("A");
    expect(/<TipoCassa>([^<]*)</.exec(xml)?.[1]).toBe("TC04");

    // a fund the name does not tell: the option is asked (400 with the dialog's message), and given it is taken
    await saveIssuer(pro, { ...PROFESSIONAL, professionistFundName: "Cassa di categoria" });
    const other: Doc = (await pro.postEntity(`${URL}?issue=1`, "invoice", draft({ professionistFund: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20" }))).body.invoice;
    const asked = await pro.postForm(`${URL}/download-electronic-invoice-xml/${other.id}`);
    expect([asked.status, asked.body.errors]).toEqual([400, [XML_OPTIONS_MESSAGES.previdential]]);
    const given = await pro.postEntity(`${URL}/download-electronic-invoice-xml/${other.id}`, "xmlOptions", { previdential: "TC02", paymentCausal: "" });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const xml2 = Buffer.from(given.body.contentBase64, "base64").toString("utf8");
    expect([/<TipoCassa>([^<]*)</.exec(xml2)?.[1], /<CausalePagamento>([^<]*)</.exec(xml2)?.[1]]).toEqual(["TC02", "A"]);
  });
});
