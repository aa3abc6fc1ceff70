import { describe, expect, it } from "vitest";
import { buildFatturaPA, fatturaFileName, progressiveFromCounter } from "./xml-builder";
import { validateFatturaXml } from "./xsd";
import { parseInvoiceXml } from "./received";
import { precheckDocument } from "./precheck";
import { sampleDocument } from "./__fixtures__/documents";
import { toLatin1 } from "./text";

function expectValid(xml: string) {
  const r = validateFatturaXml(xml);
  if (!r.valid) throw new Error(r.errors.map((e) => e.message).join("\n"));
}

describe("FatturaPA XML out", () => {
  it("builds a valid FPR12 parcella with rivalsa, ritenuta, payment and attachment (example A)", () => {
    const doc = sampleDocument({
      tipoDocumento: "TD06",
      attachments: [{ name: "parcella.pdf", data: new Uint8Array([37, 80, 68, 70]) }],
      references: [{ kind: "Contratto", id: "CTR-7", date: "2024-12-01", cig: "Z1234567890" }],
      causale: "x".repeat(450),
    });
    const { xml, fileName, formato } = buildFatturaPA(doc, { progressive: "0000A" });
    expectValid(xml);
    expect(fileName).toBe("ITRSSMRA85T10A562S_0000A.xml");
    expect(formato).toBe("FPR12");
    expect(xml).toContain("<TipoDocumento>TD06</TipoDocumento>");
    expect(xml).toContain("<DatiRitenuta><TipoRitenuta>RT01</TipoRitenuta><ImportoRitenuta>208.00</ImportoRitenuta><AliquotaRitenuta>20.00</AliquotaRitenuta><CausalePagamento>A</CausalePagamento></DatiRitenuta>");
    expect(xml).toContain("<TipoCassa>TC22</TipoCassa><AlCassa>4.00</AlCassa><ImportoContributoCassa>40.00</ImportoContributoCassa><ImponibileCassa>1000.00</ImponibileCassa><AliquotaIVA>22.00</AliquotaIVA><Ritenuta>SI</Ritenuta>");
    expect(xml).toContain("<ImportoTotaleDocumento>1268.80</ImportoTotaleDocumento>");
    expect(xml).toContain("<DataScadenzaPagamento>2025-02-28</DataScadenzaPagamento><ImportoPagamento>1060.80</ImportoPagamento>");
    expect(xml).toContain("<Attachment>JVBERg==</Attachment>");
    expect(xml.match(/<Causale>/g)).toHaveLength(3);
    // Latin-1 safe: typographic characters replaced
    expect(xml).toContain('<Descrizione>Consulenza informatica - gennaio "2025" EUR</Descrizione>');
  });

  it("FPA12 with split payment, CIG/CUP and a 6-char office code (example D)", () => {
    const doc = sampleDocument(
      {
        seller: { companyName: "Beta S.p.A.", vatNumber: "01234567897", regime: "RF01", address: { street: "Via Po", cap: "10121", city: "Torino", province: "TO" }, rea: { office: "TO", number: "123456", capital: 1000000, soleShareholder: "SM", liquidation: "LN" } },
        buyer: { kind: "pa", companyName: "Comune di Prova", fiscalCode: "80012345676", codiceDestinatario: "UFABCD", splitPayment: true, address: { street: "Piazza Municipio", cap: "00100", city: "Roma", province: "RM" } },
        rows: [{ description: "Fornitura", unitPrice: "1000", vatRate: "22" }],
        references: [{ kind: "Ordine acquisto", id: "ODA-1", cig: "1234567890", cup: "J12B34000000001" }],
      },
      { issuerIsPerson: false, rivalsaInps: null, withholding: null },
    );
    const { xml, formato, fileName } = buildFatturaPA(doc, { progressive: "1" });
    expectValid(xml);
    expect(formato).toBe("FPA12");
    expect(fileName).toBe("IT01234567897_1.xml");
    expect(xml).toContain('versione="FPA12"');
    expect(xml).toContain("<CodiceDestinatario>UFABCD</CodiceDestinatario>");
    expect(xml).toContain("<ImponibileImporto>1000.00</ImponibileImporto><Imposta>220.00</Imposta><EsigibilitaIVA>S</EsigibilitaIVA>");
    expect(xml).toContain("<ImportoPagamento>1000.00</ImportoPagamento>");
    expect(xml).toContain("<CodiceCUP>J12B34000000001</CodiceCUP><CodiceCIG>1234567890</CodiceCIG>");
  });

  it("forfettario with stamp: N2.2 + N1 rows, DatiBollo, legal references (example C)", () => {
    const doc = sampleDocument({}, { regime: "RF19", rivalsaInps: "4" });
    const { xml } = buildFatturaPA(doc, { progressive: "2" });
    expectValid(xml);
    expect(xml).toContain("<DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>2.00</ImportoBollo></DatiBollo>");
    expect(xml).toContain("<AliquotaIVA>0.00</AliquotaIVA><Natura>N2.2</Natura><ImponibileImporto>1040.00</ImponibileImporto>");
    expect(xml).toContain("<Descrizione>Imposta di bollo</Descrizione><PrezzoUnitario>2.00</PrezzoUnitario><PrezzoTotale>2.00</PrezzoTotale><AliquotaIVA>0.00</AliquotaIVA><Natura>N1</Natura>");
    expect(xml).toContain("<ImportoTotaleDocumento>1042.00</ImportoTotaleDocumento>");
    expect(xml).not.toContain("DatiRitenuta");
  });

  it("credit note TD04 referencing the original, consumer with PEC-less 0000000, foreign buyer XXXXXXX", () => {
    const consumer = sampleDocument({
      tipoDocumento: "TD04",
      references: [{ kind: "Fattura collegata", id: "10/A", date: "2025-01-10" }],
      buyer: { kind: "consumer", firstName: "Anna", lastName: "Bianchi", fiscalCode: "BNCNNA80A41H501R", address: { street: "Via Verdi", cap: "00100", city: "Roma", province: "RM" } },
    });
    const c = buildFatturaPA(consumer, { progressive: "3" });
    expectValid(c.xml);
    expect(c.xml).toContain("<CodiceDestinatario>0000000</CodiceDestinatario>");
    expect(c.xml).toContain("<DatiFattureCollegate><IdDocumento>10/A</IdDocumento><Data>2025-01-10</Data></DatiFattureCollegate>");
    expect(c.xml).not.toContain("DatiRitenuta"); // consumers are not withholding agents
    const foreign = sampleDocument({
      buyer: { kind: "business", companyName: "Gamma GmbH", vatCountry: "DE", vatNumber: "123456789", address: { street: "Hauptstraße 1", cap: "10115", city: "Berlin", country: "DE" } },
      rows: [{ description: "Servizio", unitPrice: "500", vatRate: "0", natura: "N2.1" }],
    });
    const f = buildFatturaPA(foreign, { progressive: "4" });
    expectValid(f.xml);
    expect(f.xml).toContain("<CodiceDestinatario>XXXXXXX</CodiceDestinatario>");
    expect(f.xml).toContain("<CAP>10115</CAP><Comune>Berlin</Comune><Nazione>DE</Nazione>");
    expect(f.xml).toContain("<Indirizzo>Hauptstraße 1</Indirizzo>");
  });

  it("hidden rows, 8-decimal prices, discounts", () => {
    const doc = sampleDocument({
      rows: [
        { description: "Sezione lavori", unitPrice: "0", vatRate: "22", hideAmount: true },
        { description: "Viti", quantity: "1234.12345678", unitPrice: "0.12345678", vatRate: "22", discounts: [{ type: "SC", percent: "10" }, { type: "SC", amount: "0.01" }] },
      ],
    });
    const { xml } = buildFatturaPA(doc, { progressive: "5" });
    expectValid(xml);
    expect(xml).toContain("<Quantita>1234.12345678</Quantita>");
    expect(xml).toContain("<PrezzoUnitario>0.12345678</PrezzoUnitario>");
    expect(xml).toContain("<ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>10.00</Percentuale></ScontoMaggiorazione>");
    // (0.12345678 × 0.9 − 0.01) × 1234.12345678 = 124.77... 
    expect(xml).toMatch(/<PrezzoTotale>124\.78<\/PrezzoTotale>/);
  });

  it("keeps & < > and literal entity-like text exact", () => {
    const doc = sampleDocument({ rows: [{ description: "A & B <c> &amp; &#38;", unitPrice: "1", vatRate: "22" }] });
    const { xml } = buildFatturaPA(doc, { progressive: "6" });
    expectValid(xml);
    expect(parseInvoiceXml(xml).bodies[0].rows[0].description).toBe("A & B <c> &amp; &#38;");
  });

  it("refuses to send a proforma", () => {
    expect(() => buildFatturaPA(sampleDocument({ kind: "proforma" }), { progressive: "7" })).toThrow(/proforma/);
  });

  it("file names and progressives", () => {
    expect(progressiveFromCounter(1)).toBe("00001");
    expect(progressiveFromCounter(36)).toBe("00010");
    expect(() => fatturaFileName("IT", "01234567897", "123456")).toThrow();
    expect(toLatin1("Perché “sì” – ok… €5 😀 Łódź", 100)).toBe('Perché "sì" - ok... EUR5  Lódz');
  });
});

describe("SDI pre-check", () => {
  const T = { progressive: "9" };
  const today = { today: "2025-06-30" };
  it("accepts the sample documents", () => {
    expect(precheckDocument(sampleDocument(), T, today)).toMatchObject({ ok: true, issues: [] });
    expect(precheckDocument(sampleDocument({}, { regime: "RF19" }), T, today).issues).toEqual([]);
  });
  it("reports each problem in Italian with its SDI code", () => {
    const doc = sampleDocument({
      date: "2025-07-15",
      number: "ABC",
      buyer: { kind: "business", companyName: "Alfa", codiceDestinatario: "ABC123", address: { street: "Via", cap: "00100", city: "Roma" } },
      rows: [{ description: "x", unitPrice: "10", vatRate: "0" }],
    });
    const r = precheckDocument(doc, T, today);
    expect(r.ok).toBe(false);
    const codes = r.issues.map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(["00417", "00427", "00403", "00425", "00400"]));
    expect(r.issues.find((i) => i.code === "00400")?.message).toBe("Riga 1: aliquota IVA 0% senza Natura (indicare il motivo di non applicazione dell'IVA)");
    expect(r.issues.find((i) => i.code === "00403")?.message).toBe("La data della fattura (15/07/2025) è successiva alla data odierna");
  });
  it("TD27 (self-consumption, free transfer) only to the seller itself: 00472 otherwise", () => {
    const toThirdParty = precheckDocument(sampleDocument({ tipoDocumento: "TD27" }), T, today);
    expect(toThirdParty.ok).toBe(false);
    expect(toThirdParty.issues).toContainEqual({
      code: "00472",
      message: "Il tipo documento TD27 (fattura per autoconsumo o per cessioni gratuite senza rivalsa) richiede che il cliente sia l'azienda stessa: cedente e cessionario devono coincidere",
    });
    const self = sampleDocument({ tipoDocumento: "TD27" });
    self.buyer = { ...self.buyer, companyName: undefined, firstName: "Mario", lastName: "Rossi", vatNumber: self.seller.vatNumber };
    expect(precheckDocument(self, T, today).issues.map((i) => i.code)).not.toContain("00472");
  });
  it("missing seller VAT number, wrong check digit, natura on a taxed row, generic N2", () => {
    const noVat = sampleDocument();
    delete noVat.seller.vatNumber;
    expect(precheckDocument(noVat, T, today).issues[0]).toEqual({ code: "00200", message: "Manca la partita IVA del cedente (obbligatoria nella fattura elettronica)" });
    const wrong = sampleDocument({ rows: [{ description: "x", unitPrice: "10", vatRate: "22", natura: "N4" }, { description: "y", unitPrice: "10", vatRate: "0", natura: "N2" as never }] });
    wrong.seller.vatNumber = "12345678901";
    const codes = precheckDocument(wrong, T, today).issues.map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(["00301", "00401", "00430", "00445"]));
  });
});
