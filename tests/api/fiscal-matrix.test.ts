/**
 * The project's own fiscal case matrix, end to end: each case is a document a real user issues, computed by hand
 * below (the working beside each figure), saved through the API, and checked where the customer and SDI see it:
 * the totals the server stored, the FatturaPA file (XSD-valid, its figures) and the PDF's text.
 *
 * Cases: a professional with rivalsa INPS and ritenuta; with a cassa (Inarcassa) and ritenuta; a foreign buyer who
 * cannot withhold (art. 7-ter, bollo recharged); split payment to a PA over three rates; reverse charge (N6.7);
 * an export (N3.1, no bollo); a forfettario at 77,47 and 77,48 and with rivalsa; three rates over many rows with
 * 3-decimal quantities; credit notes in full and in part.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { validateFatturaXml } from "@/lib/fiscal/xsd";
import { readPdf } from "@/tests/support/sample-invoice";
import { saveIssuer } from "../support/entity-api";
import { type Client, signUpTenant } from "../support/http";

const URL = "/api/invoices";
type Option = { id: number; toString: string };
type Doc = Record<string, any> & { id: number; version: number };
type Totals = { taxable: number; totalVat: number; inpsRevengeAmount: number; professionistFundAmount: number; withholdingTaxAmount: number; stampAmount: number; total: number; netToPay: number };

const ZERO: Totals = { taxable: 0, totalVat: 0, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 0, netToPay: 0 };

/** A tenant of its own, with what the cases need: its customers and VAT rates by natura. */
class Issuer {
  rates = new Map<string, Option>();
  constructor(readonly c: Client) {}

  static async create(name: string, settings: Record<string, unknown>): Promise<Issuer> {
    const t = new Issuer((await signUpTenant(name)).client);
    await saveIssuer(t.c, settings);
    for (const extra of [
      { rate: "0", natura: "N2.1", description: "Non soggetta art. 7-ter DPR 633/72" },
      { rate: "0", natura: "N6.7", description: "Inversione contabile - subappalto edile art. 17 c. 6 lett. a" },
    ]) {
      const r = await t.c.postEntity("/api/vat-rates", "vatRate", extra);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const options: Option[] = (await t.c.get("/api/vat-rates/get-filtered-list")).body.options;
    // "22% - Aliquota ordinaria" → "22%", "0% N2.2 - Non soggetta …" → "N2.2"
    for (const o of options) {
      const m = /^0% (N[\d.]+)/.exec(o.toString);
      t.rates.set(m ? m[1] : o.toString.split(" ")[0], o);
    }
    return t;
  }

  rate(key: string): Option {
    const r = this.rates.get(key);
    if (!r) throw new Error(`aliquota ${key} assente: ${[...this.rates.keys()].join(", ")}`);
    return r;
  }

  async customer(contact: Record<string, unknown>): Promise<Option> {
    const r = await this.c.postEntity("/api/contacts", "contact", { isCustomer: true, address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", ...contact });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { id: r.body.contact.id, toString: r.body.contact.toString };
  }

  async issue(doc: Record<string, unknown>): Promise<Doc> {
    const r = await this.c.postEntity(URL, "invoice", { kind: "INVOICE", date: "2026-03-02", state: "Emessa", ...doc });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.invoice;
  }

  async xml(id: number, options: Record<string, unknown> = {}): Promise<string> {
    const r = await this.c.postEntity(`${URL}/download-electronic-invoice-xml/${id}`, "xmlOptions", options);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const xml = Buffer.from(r.body.contentBase64, "base64").toString("utf8");
    expect(validateFatturaXml(xml)).toEqual({ valid: true });
    return xml;
  }

  async pdf(id: number): Promise<string> {
    const r = await this.c.get(`${URL}/download-pdf/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // one space for every run of blanks and line breaks: a wording wraps where the page decides
    return (await readPdf(Buffer.from(r.body.contentBase64, "base64"))).text.replace(/\s+/g, " ");
  }

  async calculated(doc: Record<string, unknown>): Promise<Record<string, any>> {
    const r = await this.c.postEntity(`${URL}/get-calculated-fields`, "invoice", { kind: "INVOICE", date: "2026-03-02", ...doc });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }
}

const row = (description: string, amount: number, vat: Option, extra: Record<string, unknown> = {}) => ({ rowType: "GENERICA", description, quantity: "1", amount, vat, ...extra });

/** Every element named `tag` in the file, in order, with its text. */
const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((m) => m[1]);
const one = (xml: string, tag: string) => {
  const found = all(xml, tag);
  expect(found, tag).toHaveLength(1);
  return found[0];
};

/** The texts in this order somewhere in the PDF's text. */
function expectInOrder(text: string, parts: string[]) {
  let at = 0;
  for (const p of parts) {
    const i = text.indexOf(p, at);
    expect(i, `"${p}" dopo la posizione ${at} in:\n${text}`).toBeGreaterThanOrEqual(0);
    at = i + p.length;
  }
}

describe("fiscal case matrix: API, XSD and PDF agree with the hand computation", () => {
  let pro: Issuer; // a professional (codice fiscale of a person: RT01), ordinary regime RF01
  let forf: Issuer; // a forfettario RF19, a brand-new tenant: nothing set about the bollo
  let alfa: Option; // Italian company, withholding agent
  let beta: Option; // German company
  let comune: Option; // a PA with split payment
  let acme: Option; // US company

  beforeAll(async () => {
    [pro, forf] = await Promise.all([
      Issuer.create("Studio Verdi", { taxRegime: "RF01", fiscalCode: "VRDLGU80A01H501Q", vat: "07654321012" }),
      Issuer.create("Luca Forfettario", { taxRegime: "RF19", fiscalCode: "FRFLCU85B02F205B", vat: "01234567897" }),
    ]);
    alfa = await pro.customer({ kind: "COMPANY", companyName: "Alfa S.r.l.", vatNumber: "12345678903" });
    beta = await pro.customer({ kind: "COMPANY", companyName: "Beta GmbH", vatCountry: "DE", vatNumber: "811907980", country: "DE", address: "Hauptstrasse 1", postalCode: "10115", city: "Berlin", province: "" });
    comune = await pro.customer({ kind: "COMPANY", companyName: "Comune di Prova", fiscalCode: "80012345676", sdiCode: "UFABCD", publicAdministration: true, splitPayment: true });
    acme = await pro.customer({ kind: "COMPANY", companyName: "Acme Inc.", vatCountry: "US", vatNumber: "123456789", country: "US", address: "1 Main St", postalCode: "10001", city: "New York", province: "" });
  });

  it("1. professional, rivalsa INPS 4% and ritenuta 20%: netto 1.591,20", async () => {
    // compenso 1500,00; rivalsa 4% = 60,00; imponibile 1560,00; IVA 22% = 343,20; totale 1903,20;
    // ritenuta 20% on compenso + rivalsa = 312,00; netto 1903,20 - 312,00 = 1591,20; no bollo (all under VAT)
    const d = await pro.issue({ contact: alfa, inpsRevenge: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [row("Consulenza fiscale", 150000, pro.rate("22%"), { withholding: true })] });
    expect(d.totals).toEqual({ ...ZERO, taxable: 156000, totalVat: 34320, inpsRevengeAmount: 6000, withholdingTaxAmount: 31200, total: 190320, netToPay: 159120 });
    const xml = await pro.xml(d.id, { paymentCausal: "A" });
    expect(one(xml, "TipoDocumento")).toBe("TD01");
    expect(one(xml, "ImportoTotaleDocumento")).toBe("1903.20");
    expect(one(xml, "TipoRitenuta")).toBe("RT01");
    expect(one(xml, "ImportoRitenuta")).toBe("312.00");
    expect(one(xml, "TipoCassa")).toBe("TC22");
    expect(one(xml, "ImportoContributoCassa")).toBe("60.00");
    expect([one(xml, "ImponibileImporto"), one(xml, "Imposta")]).toEqual(["1560.00", "343.20"]);
    expect(xml).not.toContain("<DatiBollo>");
    const text = await pro.pdf(d.id);
    expectInOrder(text, ["Consulenza fiscale", "1'500,00"]);
    for (const t of ["1'903,20", "312,00", "1'591,20", "60,00", "343,20"]) expect(text, t).toContain(t);
  });

  it("2. engineer, Inarcassa 4% and ritenuta 20% (not on the contribution): netto 2.672,00", async () => {
    // compenso 2500,00; cassa 4% = 100,00; imponibile 2600,00; IVA 572,00; totale 3172,00;
    // ritenuta 20% on the compenso alone = 500,00; netto 2672,00
    const d = await pro.issue({ contact: alfa, professionistFund: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [row("Progettazione", 250000, pro.rate("22%"), { withholding: true })] });
    expect(d.totals).toEqual({ ...ZERO, taxable: 260000, totalVat: 57200, professionistFundAmount: 10000, withholdingTaxAmount: 50000, total: 317200, netToPay: 267200 });
    const xml = await pro.xml(d.id, { previdential: "TC04", paymentCausal: "A" });
    expect([one(xml, "TipoCassa"), one(xml, "ImportoContributoCassa"), one(xml, "ImponibileCassa")]).toEqual(["TC04", "100.00", "2500.00"]);
    expect(one(xml, "ImportoRitenuta")).toBe("500.00");
    expect(one(xml, "ImportoTotaleDocumento")).toBe("3172.00");
    const text = await pro.pdf(d.id);
    for (const t of ["3'172,00", "500,00", "2'672,00", "100,00", "572,00"]) expect(text, t).toContain(t);
  });

  it("3. a German company cannot withhold: no ritenuta though asked, art. 7-ter N2.1, bollo recharged: 1.002,00", async () => {
    // 1000,00 non soggetta (N2.1): no VAT; the buyer is foreign, so no ritenuta whatever the form asks;
    // amounts not subject to VAT 1000,00 > 77,47: bollo 2,00 recharged (row N1); totale = netto = 1002,00
    const doc = { contact: beta, withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [row("Consulenza", 100000, pro.rate("N2.1"), { withholding: true })] };
    const calc = await pro.calculated(doc);
    expect(calc.totals.withholdingTaxAmount.amount).toBe(0);
    expect(JSON.stringify(calc)).toContain("Nessuna ritenuta: il cliente è estero");
    const d = await pro.issue(doc);
    expect(d.totals).toEqual({ ...ZERO, taxable: 100200, stampAmount: 200, total: 100200, netToPay: 100200 });
    const xml = await pro.xml(d.id);
    expect(xml).not.toContain("<DatiRitenuta>");
    expect(one(xml, "CodiceDestinatario")).toBe("XXXXXXX");
    expect(all(xml, "IdPaese")).toContain("DE");
    expect(one(xml, "BolloVirtuale")).toBe("SI");
    expect(all(xml, "Natura").sort()).toEqual(["N1", "N1", "N2.1", "N2.1"]);
    expect(one(xml, "ImportoTotaleDocumento")).toBe("1002.00");
    const text = await pro.pdf(d.id);
    expectInOrder(text, ["Consulenza", "1'000,00", "Imposta di bollo", "2,00"]);
    expect(text).toContain("Imposta di bollo assolta in modo virtuale");
    expect(text).not.toMatch(/Ritenuta[^\n]*200,00/);
  });

  it("4. a PA with split payment over three rates: totale 255,63, netto 222,72 (VAT paid by the PA)", async () => {
    // 22%: 100,00                  → IVA 22,00
    // 10%: 3 × 33,33 = 99,99       → IVA 9,999 → 10,00
    //  4%: 0,5 × 45,45 = 22,725 → 22,73 → IVA 0,9092 → 0,91
    // imponibile 222,72; IVA 32,91; totale 255,63; netto (split payment) 222,72
    const d = await pro.issue({
      contact: comune,
      publicAdministration: true,
      rows: [row("Servizio", 10000, pro.rate("22%")), row("Libri", 3333, pro.rate("10%"), { quantity: "3" }), row("Giornali", 4545, pro.rate("4%"), { quantity: "0,5" })],
    });
    expect(d.totals).toEqual({ ...ZERO, taxable: 22272, totalVat: 3291, total: 25563, netToPay: 22272 });
    const xml = await pro.xml(d.id);
    expect(one(xml, "FormatoTrasmissione")).toBe("FPA12");
    expect(all(xml, "EsigibilitaIVA")).toEqual(["S", "S", "S"]);
    expect(all(xml, "Imposta")).toEqual(["22.00", "10.00", "0.91"]);
    expect(all(xml, "PrezzoTotale")).toEqual(["100.00", "99.99", "22.73"]);
    expect(one(xml, "ImportoTotaleDocumento")).toBe("255.63");
    const text = await pro.pdf(d.id);
    expectInOrder(text, ["Servizio", "100,00", "Libri", "99,99", "Giornali", "0,5", "22,73"]);
    expect(text).toContain("Scissione dei pagamenti");
    for (const t of ["255,63", "222,72"]) expect(text, t).toContain(t);
  });

  it("5. reverse charge N6.7 to an Italian company: no VAT, no bollo, natura with its law", async () => {
    const d = await pro.issue({ contact: alfa, rows: [row("Opere murarie in subappalto", 500000, pro.rate("N6.7"))] });
    expect(d.totals).toEqual({ ...ZERO, taxable: 500000, total: 500000, netToPay: 500000 });
    const xml = await pro.xml(d.id);
    expect(all(xml, "Natura")).toEqual(["N6.7", "N6.7"]);
    expect(xml).not.toContain("<DatiBollo>");
    expect(one(xml, "RiferimentoNormativo")).toMatch(/17/);
    const text = await pro.pdf(d.id);
    expectInOrder(text, ["Opere murarie in subappalto", "N6.7", "5'000,00"]);
  });

  it("6. export to a US company (N3.1): no VAT, no bollo", async () => {
    // 2 × 1200,00 = 2400,00 non imponibile art. 8; exports carry no bollo (rules §3.5)
    const d = await pro.issue({ contact: acme, rows: [row("Macchinario", 120000, pro.rate("N3.1"), { quantity: "2" })] });
    expect(d.totals).toEqual({ ...ZERO, taxable: 240000, total: 240000, netToPay: 240000 });
    const xml = await pro.xml(d.id);
    expect(one(xml, "CodiceDestinatario")).toBe("XXXXXXX");
    expect(all(xml, "Natura")).toEqual(["N3.1", "N3.1"]);
    expect(xml).not.toContain("<DatiBollo>");
    expect(one(xml, "ImportoTotaleDocumento")).toBe("2400.00");
    const text = await pro.pdf(d.id);
    expectInOrder(text, ["Macchinario", "2", "1'200,00", "N3.1", "2'400,00"]);
    expect(text).not.toContain("Imposta di bollo assolta");
  });

  describe("forfettario (a new tenant: the bollo by law from its first invoice)", () => {
    let mario: Option;
    beforeAll(async () => {
      mario = await forf.customer({ kind: "COMPANY", companyName: "Gamma S.n.c.", vatNumber: "12345678903" });
    });

    it("7. 77,47 of amounts without VAT: no bollo", async () => {
      const d = await forf.issue({ contact: mario, rows: [row("Lezione", 7747, forf.rate("N2.2"))] });
      expect(d.totals).toEqual({ ...ZERO, taxable: 7747, total: 7747, netToPay: 7747 });
      const xml = await forf.xml(d.id);
      expect(xml).not.toContain("<DatiBollo>");
      expect(all(xml, "Natura")).toEqual(["N2.2", "N2.2"]);
      const text = await forf.pdf(d.id);
      expect(text).toContain("regime forfettario");
      expect(text).not.toContain("Imposta di bollo assolta");
    });

    it("8. 77,48: bollo 2,00 recharged to the customer, DatiBollo and the wording: 79,48", async () => {
      const d = await forf.issue({ contact: mario, rows: [row("Lezione", 7748, forf.rate("N2.2"))] });
      expect(d.totals).toEqual({ ...ZERO, taxable: 7948, stampAmount: 200, total: 7948, netToPay: 7948 });
      const xml = await forf.xml(d.id);
      expect([one(xml, "BolloVirtuale"), one(xml, "ImportoBollo")]).toEqual(["SI", "2.00"]);
      expect(all(xml, "PrezzoTotale")).toEqual(["77.48", "2.00"]);
      const text = await forf.pdf(d.id);
      expectInOrder(text, ["Lezione", "77,48", "Imposta di bollo", "2,00"]);
      expect(text).toContain("Imposta di bollo assolta in modo virtuale ai sensi dell'art. 6 DM 17/06/2014");
      expect(text).toContain("79,48");
    });

    it("9. 300,00 with rivalsa INPS 4%, ritenuta asked: no VAT, no ritenuta, bollo: 314,00", async () => {
      // compenso 300,00; rivalsa 4% = 12,00 (N2.2 as the rows); no ritenuta for a forfettario (art. 1 c. 67);
      // amounts without VAT 312,00 > 77,47: bollo 2,00 recharged; totale = netto = 314,00
      const d = await forf.issue({ contact: mario, inpsRevenge: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [row("Compenso", 30000, forf.rate("N2.2"), { withholding: true })] });
      expect(d.totals).toEqual({ ...ZERO, taxable: 31400, inpsRevengeAmount: 1200, stampAmount: 200, total: 31400, netToPay: 31400 });
      const xml = await forf.xml(d.id);
      expect(xml).not.toContain("<DatiRitenuta>");
      expect(one(xml, "ImportoContributoCassa")).toBe("12.00");
      expect(one(xml, "BolloVirtuale")).toBe("SI");
      expect(one(xml, "ImportoTotaleDocumento")).toBe("314.00");
      const text = await forf.pdf(d.id);
      for (const t of ["300,00", "12,00", "314,00", "Imposta di bollo assolta"]) expect(text, t).toContain(t);
    });
  });

  it("10. three rates over six rows with 3-decimal quantities: each row its own amount, VAT per rate", async () => {
    // 22%: 0,333 × 150,00 = 49,95; 2,345 × 12,34 = 28,9373 → 28,94   imponibile 78,89 → IVA 17,3558 → 17,36
    // 10%: 1,5 × 19,99 = 29,985 → 29,99; 0,125 × 80,00 = 10,00         imponibile 39,99 → IVA 3,999 → 4,00
    //  4%: 3,333 × 3,33 = 11,09889 → 11,10; 7 × 0,99 = 6,93            imponibile 18,03 → IVA 0,7212 → 0,72
    // imponibile 136,91; IVA 22,08; totale 158,99
    const rows = [
      row("Riga uno", 15000, pro.rate("22%"), { quantity: "0,333" }),
      row("Riga due", 1234, pro.rate("22%"), { quantity: "2,345" }),
      row("Riga tre", 1999, pro.rate("10%"), { quantity: "1,5" }),
      row("Riga quattro", 8000, pro.rate("10%"), { quantity: "0,125" }),
      row("Riga cinque", 333, pro.rate("4%"), { quantity: "3,333" }),
      row("Riga sei", 99, pro.rate("4%"), { quantity: "7" }),
    ];
    const d = await pro.issue({ contact: alfa, rows });
    expect(d.totals).toEqual({ ...ZERO, taxable: 13691, totalVat: 2208, total: 15899, netToPay: 15899 });
    const xml = await pro.xml(d.id);
    expect(all(xml, "Quantita")).toEqual(["0.333", "2.345", "1.50", "0.125", "3.333", "7.00"]);
    expect(all(xml, "PrezzoTotale")).toEqual(["49.95", "28.94", "29.99", "10.00", "11.10", "6.93"]);
    expect(all(xml, "ImponibileImporto")).toEqual(["78.89", "39.99", "18.03"]);
    expect(all(xml, "Imposta")).toEqual(["17.36", "4.00", "0.72"]);
    const text = await pro.pdf(d.id);
    expectInOrder(text, [
      ...["Riga uno", "0,333", "150,00", "22%", "49,95"],
      ...["Riga due", "2,345", "12,34", "22%", "28,94"],
      ...["Riga tre", "1,5", "19,99", "10%", "29,99"],
      ...["Riga quattro", "0,125", "80,00", "10%", "10,00"],
      ...["Riga cinque", "3,333", "3,33", "4%", "11,10"],
      ...["Riga sei", "7", "0,99", "4%", "6,93"],
    ]);
    expect(text).toContain("158,99");
  });

  describe("credit notes", () => {
    let invoice: Doc;
    beforeAll(async () => {
      invoice = await pro.issue({ contact: alfa, inpsRevenge: "4", withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [row("Consulenza", 150000, pro.rate("22%"), { withholding: true })] });
    });

    const creditNoteOf = async (edit: (d: Doc) => Doc = (d) => d): Promise<Doc> => {
      const r = await pro.c.postForm(`${URL}/credit-note/${invoice.id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const draft: Doc = r.body.invoice;
      const issued = await pro.c.postEntity(`${URL}/${draft.id}`, "invoice", { ...edit(draft), state: "Emessa", deadlines: [] });
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      return issued.body.invoice;
    };

    it("11. in full: the invoice's figures, TD04 naming the invoice it corrects", async () => {
      const cn = await creditNoteOf();
      expect(cn).toMatchObject({ kind: "CREDIT_NOTE", documentType: "TD04" });
      expect(cn.totals).toEqual(invoice.totals);
      const xml = await pro.xml(cn.id, { paymentCausal: "A" });
      expect(one(xml, "TipoDocumento")).toBe("TD04");
      expect(xml).toMatch(new RegExp(`<DatiFattureCollegate>\\s*<IdDocumento>${invoice.number}</IdDocumento>\\s*<Data>2026-03-02</Data>`));
      expect(one(xml, "ImportoTotaleDocumento")).toBe("1903.20");
      const text = await pro.pdf(cn.id);
      expect(text).toContain(`Rettifica della fattura n. ${invoice.number} del 02/03/2026`);
      expect(text).toContain("1'591,20");
      // netted against the invoice's open deadline: nothing to pay on either, and neither PDF lists a 'Stornato' one
      expect(text).not.toContain("Stornato");
      expect(await pro.pdf(invoice.id)).not.toContain("Stornato");
    });

    it("12. in part (500,00 of the 1.500,00): rivalsa, VAT and ritenuta on the part: netto 530,40", async () => {
      // compenso 500,00; rivalsa 20,00; imponibile 520,00; IVA 114,40; totale 634,40; ritenuta 104,00; netto 530,40
      const cn = await creditNoteOf((d) => ({ ...d, rows: [{ ...d.rows[0], amount: 50000 }] }));
      expect(cn.totals).toEqual({ ...ZERO, taxable: 52000, totalVat: 11440, inpsRevengeAmount: 2000, withholdingTaxAmount: 10400, total: 63440, netToPay: 53040 });
      const xml = await pro.xml(cn.id, { paymentCausal: "A" });
      expect(one(xml, "ImportoTotaleDocumento")).toBe("634.40");
      expect(one(xml, "ImportoRitenuta")).toBe("104.00");
      const text = await pro.pdf(cn.id);
      expectInOrder(text, ["Consulenza", "500,00"]);
      for (const t of ["634,40", "530,40", `Rettifica della fattura n. ${invoice.number}`]) expect(text, t).toContain(t);
    });
  });
});
