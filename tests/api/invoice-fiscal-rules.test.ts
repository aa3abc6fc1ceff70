/**
 * Two fiscal rules of the sales documents over HTTP, on freshly signed-up tenants (issue 27), read back as the
 * customer and SDI receive them (the FatturaPA file, XSD-valid, and the PDF's text):
 * - the bollo by law: €2.00 whenever the amounts not subject to VAT exceed €77.47, from a tenant's first invoice;
 *   the tenant's 'Marca da bollo a proprio carico' only says who bears it (recharged to the customer by default);
 * - the ritenuta only from an Italian withholding agent: a consumer or a buyer abroad withholds nothing, and the
 *   totals' working (get-calculated-fields) says why.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { validateFatturaXml } from "@/lib/fiscal/xsd";
import { readPdf } from "@/tests/support/sample-invoice";
import { signUpTenant } from "../support/http";
import { saveIssuer } from "../support/entity-api";

const URL = "/api/invoices";
const FIELD = "invoice";
const STAMP_WORDING = "Imposta di bollo assolta in modo virtuale ai sensi dell'art. 6 DM 17/06/2014";
const DATI_BOLLO = "<DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>2.00</ImportoBollo></DatiBollo>";
const STAMP_LINE = "<Descrizione>Imposta di bollo</Descrizione><PrezzoUnitario>2.00</PrezzoUnitario><PrezzoTotale>2.00</PrezzoTotale><AliquotaIVA>0.00</AliquotaIVA><Natura>N1</Natura>";

type Option = { id: number; toString: string };
type Doc = Record<string, any> & { id: number; version: number };

const flat = (t: string) => t.replace(/\s+/g, " ");

/** A tenant of its own: its customers, its 22% rate and the helpers that issue a document and read it back. */
async function setUp(name: string) {
  const c = (await signUpTenant(name)).client;
  const rates: Option[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
  const vat22 = rates.find((o) => o.toString.startsWith("22%"))!;
  expect(vat22).toBeTruthy();
  const addCustomer = async (contact: Record<string, unknown>): Promise<Doc> => {
    const r = await c.postEntity("/api/contacts", "contact", { isCustomer: true, ...contact });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.contact;
  };
  /** The document the form starts from (create-form-data), with the customer, the rows and a state filled in. */
  const issue = async (customer: Doc, rows: Record<string, unknown>[], over: Record<string, unknown> = {}): Promise<Doc> => {
    const draft = (await c.get(`${URL}/create-form-data?kind=INVOICE&contactId=${customer.id}`)).body.invoice;
    const r = await c.postEntity(URL, FIELD, { ...draft, contact: { id: customer.id }, rows, state: "Emessa", ...over });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.invoice;
  };
  const fee = (amount: number, extra: Record<string, unknown> = {}) => ({ rowType: "GENERICA", description: "Compenso professionale", quantity: "1", amount, vat: vat22, ...extra });
  const xmlOf = async (d: Doc): Promise<string> => {
    const r = await c.postEntity(`${URL}/download-electronic-invoice-xml/${d.id}`, "xmlOptions", { previdential: null, paymentCausal: d.totals.withholdingTaxAmount ? "A" : null });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const xml = Buffer.from(r.body.contentBase64, "base64").toString("utf8");
    expect(validateFatturaXml(xml)).toEqual({ valid: true });
    return xml;
  };
  const pdfOf = async (d: Doc): Promise<string> => {
    const r = await c.get(`${URL}/download-pdf/${d.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return flat((await readPdf(Buffer.from(r.body.contentBase64, "base64"))).text);
  };
  return { c, vat22, addCustomer, issue, fee, xmlOf, pdfOf };
}

type Tenant = Awaited<ReturnType<typeof setUp>>;

const italianCompany = { kind: "COMPANY", companyName: "Rossi S.r.l.", vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" };
const germanCompany = { kind: "COMPANY", companyName: "Gamma GmbH", vatCountry: "DE", vatNumber: "DE123456789", country: "DE", address: "Hauptstraße 1", postalCode: "10115", city: "Berlin", sdiCode: "XXXXXXX" };

describe("the bollo by law, from a new tenant's first invoice", () => {
  let t: Tenant;
  let customer: Doc;

  beforeAll(async () => {
    t = await setUp("Forfettario Nuovo");
    await saveIssuer(t.c, { taxRegime: "RF19" });
    customer = await t.addCustomer(italianCompany);
  });

  it("a new tenant: the bollo recharged by default, 2.00; so is a new document", async () => {
    const tenant = (await t.c.get("/api/tenants/get-actual")).body.tenant;
    expect([tenant.stampApply, tenant.stampAmount]).toEqual([false, 200]);
    const draft = (await t.c.get(`${URL}/create-form-data?kind=INVOICE`)).body.invoice;
    expect([draft.stampBorneByIssuer, draft.stampAmount]).toEqual([false, 200]);
  });

  it("a forfettario's 300.00 invoice: DatiBollo, the 'Imposta di bollo' line (0% N1) in the totals, the PDF's wording", async () => {
    const d = await t.issue(customer, [t.fee(30000)]);
    expect(d.totals).toEqual({ taxable: 30200, totalVat: 0, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 200, total: 30200, netToPay: 30200 });
    expect(d.deadlines.map((x: Doc) => x.amount)).toEqual([30200]);
    const xml = await t.xmlOf(d);
    expect(xml).toContain(DATI_BOLLO);
    expect(xml).toContain(STAMP_LINE);
    expect(xml).toContain("<AliquotaIVA>0.00</AliquotaIVA><Natura>N1</Natura><ImponibileImporto>2.00</ImponibileImporto>");
    expect(xml).toContain("<ImportoTotaleDocumento>302.00</ImportoTotaleDocumento>");
    expect(xml).toContain(`<Causale>${STAMP_WORDING}</Causale>`);
    const pdf = await t.pdfOf(d);
    expect(pdf).toContain(STAMP_WORDING);
    expect(pdf).toContain("Imposta di bollo € 2,00");
    expect(pdf).toContain("Totale documento € 302,00");
  });

  it("70.00 not subject to VAT: no bollo anywhere", async () => {
    const d = await t.issue(customer, [t.fee(7000)]);
    expect(d.totals).toMatchObject({ taxable: 7000, stampAmount: 0, total: 7000 });
    const xml = await t.xmlOf(d);
    expect(xml).not.toContain("DatiBollo");
    expect(xml).not.toContain("Imposta di bollo");
    const pdf = await t.pdfOf(d);
    expect(pdf).not.toContain("Imposta di bollo");
  });

  it("'Marca da bollo a proprio carico': the next document's issuer bears it, DatiBollo and the wording but no recharge line", async () => {
    await saveIssuer(t.c, { taxRegime: "RF19", stampApply: true });
    const draft = (await t.c.get(`${URL}/create-form-data?kind=INVOICE`)).body.invoice;
    expect([draft.stampBorneByIssuer, draft.stampAmount]).toEqual([true, 200]);
    const d = await t.issue(customer, [t.fee(30000)]);
    expect(d.stampBorneByIssuer).toBe(true);
    expect(d.totals).toMatchObject({ taxable: 30000, stampAmount: 200, total: 30000, netToPay: 30000 });
    const xml = await t.xmlOf(d);
    expect(xml).toContain(DATI_BOLLO);
    expect(xml).not.toContain("<Descrizione>Imposta di bollo</Descrizione>");
    expect(xml).toContain("<ImportoTotaleDocumento>300.00</ImportoTotaleDocumento>");
    const pdf = await t.pdfOf(d);
    expect(pdf).toContain(STAMP_WORDING);
    expect(pdf).toContain("Imposta di bollo a carico dell'emittente € 2,00");
    expect(pdf).toContain("Totale documento € 300,00");
    await saveIssuer(t.c, { taxRegime: "RF19", stampApply: false });
  });

  it("a document saved without a stamp amount, or with 0, still follows the law with 2.00", async () => {
    for (const stampAmount of [undefined, 0]) {
      const r = await t.c.postEntity(URL, FIELD, { kind: "INVOICE", date: (await t.c.get(`${URL}/create-form-data?kind=INVOICE`)).body.invoice.date, contact: { id: customer.id }, rows: [t.fee(30000)], stampAmount });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.invoice.totals).toMatchObject({ taxable: 30200, stampAmount: 200, total: 30200 });
    }
  });
});

describe("the ritenuta only from an Italian withholding agent", () => {
  let t: Tenant;
  const withholding = { inpsRevenge: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20" };

  beforeAll(async () => {
    t = await setUp("Professionista Nuovo");
    await saveIssuer(t.c, { taxRegime: "RF01", fiscalCode: "RSSMRA80A01H501U" });
  });

  it("a contact saved abroad is not a withholding agent by default; an Italian company is", async () => {
    expect((await t.addCustomer(germanCompany)).withholdingAgent).toBe(false);
    expect((await t.addCustomer({ ...germanCompany, companyName: "Gamma Italia", vatCountry: "IT", vatNumber: "01234567897" })).withholdingAgent).toBe(false);
    expect((await t.addCustomer(italianCompany)).withholdingAgent).toBe(true);
  });

  it("example A to an Italian company withholds 208.00", async () => {
    const customer = await t.addCustomer({ ...italianCompany, companyName: "Bianchi S.r.l." });
    const d = await t.issue(customer, [t.fee(100000, { withholding: true })], withholding);
    expect(d.totals).toMatchObject({ withholdingTaxAmount: 20800, total: 126880, netToPay: 106080 });
    const xml = await t.xmlOf(d);
    expect(xml).toContain("<ImportoRitenuta>208.00</ImportoRitenuta>");
  });

  it("the same to a German company, even one flagged 'Sostituto d'imposta': nothing withheld, the working says why, neither the XML nor the PDF withholds", async () => {
    const customer = await t.addCustomer({ ...germanCompany, companyName: "Delta GmbH", withholdingAgent: true });
    expect(customer.withholdingAgent).toBe(true);
    const rows = [t.fee(100000, { withholding: true })];
    const draft = (await t.c.get(`${URL}/create-form-data?kind=INVOICE&contactId=${customer.id}`)).body.invoice;
    const calc = await t.c.postEntity(`${URL}/get-calculated-fields`, FIELD, { ...draft, contact: { id: customer.id }, rows, ...withholding });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.notes).toEqual(["Nessuna ritenuta: il cliente è estero e non è sostituto d'imposta"]);
    expect(calc.body.totals.withholdingTaxAmount).toEqual({ amount: 0, steps: [{ label: "Nessuna ritenuta: il cliente è estero e non è sostituto d'imposta", amount: 0 }] });
    expect(calc.body.totals.netToPay.amount).toBe(126880);

    const d = await t.issue(customer, rows, withholding);
    expect(d.totals).toMatchObject({ withholdingTaxAmount: 0, total: 126880, netToPay: 126880 });
    const xml = await t.xmlOf(d);
    expect(xml).not.toContain("DatiRitenuta");
    expect(xml).not.toContain("<Ritenuta>SI</Ritenuta>");
    expect(xml).toContain("<Nazione>DE</Nazione>");
    const pdf = await t.pdfOf(d);
    expect(pdf).not.toContain("Ritenuta d'acconto");
    expect(pdf).toContain("Netto a pagare € 1'268,80");
  });

  it("a private person: nothing withheld, and the working says so", async () => {
    const person = await t.addCustomer({ kind: "PERSON", firstName: "Anna", lastName: "Bianchi", fiscalCode: "BNCNNA80A41H501R", address: "Via Po 3", postalCode: "10121", city: "Torino", province: "TO" });
    const draft = (await t.c.get(`${URL}/create-form-data?kind=INVOICE&contactId=${person.id}`)).body.invoice;
    const calc = await t.c.postEntity(`${URL}/get-calculated-fields`, FIELD, { ...draft, contact: { id: person.id }, rows: [t.fee(100000, { withholding: true })], ...withholding });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.notes).toEqual(["Nessuna ritenuta: il cliente è un privato (consumatore)"]);
    expect(calc.body.totals.withholdingTaxAmount.amount).toBe(0);
  });
});
