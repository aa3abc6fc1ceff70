import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvoiceRefusedError, MAX_FILE_BYTES, P7M_INCOMPLETE, parseInvoiceFile, parseInvoiceXml, signatureStatus } from "./received";
import { precheckInvoice } from "./precheck";
import { CORPUS_DIR, HOSTILE, corpusFiles } from "./__fixtures__/corpus";
import { detachedP7m, signP7m, tamperedP7m } from "./__fixtures__/p7m";

const read = (name: string) => new Uint8Array(readFileSync(path.join(CORPUS_DIR, name)));

async function refusal(bytes: Uint8Array): Promise<InvoiceRefusedError> {
  try {
    await parseInvoiceFile(bytes);
  } catch (e) {
    if (e instanceof InvoiceRefusedError) return e;
    throw e;
  }
  throw new Error("file accepted");
}

describe("test corpus", () => {
  it("committed files are what the builder writes today", () => {
    for (const [name, content] of Object.entries(corpusFiles())) {
      const bytes = name.includes("iso-8859-1") ? Buffer.from(content, "latin1") : Buffer.from(content, "utf8");
      expect(Buffer.from(read(name)).equals(bytes), name).toBe(true);
    }
  });
  it("every valid corpus file parses and passes the pre-check", async () => {
    const valid = readdirSync(CORPUS_DIR).filter((f) => !(f in HOSTILE));
    expect(valid.length).toBeGreaterThanOrEqual(7);
    for (const f of valid) {
      const parsed = await parseInvoiceFile(read(f));
      expect(precheckInvoice(parsed, { today: "2025-12-31" }), f).toEqual([]);
    }
  });
  it("reads example A exactly (cents, dates, parties, payments)", async () => {
    const [b] = (await parseInvoiceFile(read("parcella-gestione-separata.xml"))).bodies;
    expect(b).toMatchObject({
      documentType: "TD06",
      number: "12/A",
      date: "2025-01-15",
      currency: "EUR",
      supplier: { name: "Mario Rossi", vatNumber: "IT12345678903", fiscalCode: "RSSMRA85T10A562S" },
      customer: { name: "Alfa S.r.l.", vatNumber: "IT01234567897", fiscalCode: null },
      taxableAmount: 104000,
      vatAmount: 22880,
      totalAmount: 126880,
      withholdingAmount: 20800,
      stampAmount: 0,
      payments: [{ dueDate: "2025-02-28", amount: 106080, method: "MP05", iban: "IT60X0542811101000000123456" }],
      cassa: [{ type: "TC22", rate: "4.00", amount: 4000, base: 100000, vatRate: "22.00", natura: null, withholding: true }],
    });
  });
  it("reads a supplier's Latin-1 file with CDATA, char references and payment terms in days", async () => {
    const file = await parseInvoiceFile(read("fornitore-iso-8859-1.xml"));
    const [b] = file.bodies;
    expect(file).toMatchObject({ formato: "FPR12", codiceDestinatario: "0000000", pec: "mario.rossi@pec.example.it", signature: { signed: false, valid: null } });
    expect(b.supplier.name).toBe("Ferramenta Società & Figli S.n.c.");
    expect(b.causale).toEqual(["Materiale di consumo é marzo"]);
    expect(b.rows[0]).toMatchObject({ description: "Viti autofilettanti 4x40 (conf. da 100)", quantity: "12.50", unitPrice: "3.12345678", amount: 3904 });
    expect(b.rows[1].discounts).toEqual([{ type: "SC", percent: "15.00", amount: null }]);
    expect(b.payments).toEqual([{ dueDate: "2025-05-30", amount: 15133, method: "MP12", iban: null }]);
    expect(b.totalAmount).toBe(15133);
  });
  it("reads every body of a lotto and the embedded attachments", async () => {
    const lot = await parseInvoiceFile(read("lotto-due-fatture.xml"));
    expect(lot.bodies.map((b) => b.number)).toEqual(["13/A", "14/A"]);
    const [b] = (await parseInvoiceFile(read("con-allegato.xml"))).bodies;
    expect(b.attachments).toHaveLength(1);
    expect(b.attachments[0]).toMatchObject({ name: "fattura-12-A.pdf", size: 28, format: "PDF", description: "Copia di cortesia" });
    expect(Buffer.from(b.attachments[0].data).toString()).toBe("%PDF-1.4 finto pdf di prova\n");
  });
  it("the forfettario and PA examples come back with their stamp and split payment", async () => {
    const [c] = (await parseInvoiceFile(read("forfettario-bollo.xml"))).bodies;
    expect(c).toMatchObject({ stampAmount: 200, totalAmount: 104200, withholdingAmount: 0 });
    const [d] = (await parseInvoiceFile(read("pa-split-payment.xml"))).bodies;
    expect(d.vatSummary.map((s) => s.esigibilita)).toEqual(["S", "S"]);
    expect(d.payments.map((p) => p.dueDate)).toEqual(["2025-02-14", "2025-04-10"]);
    expect(d.payments.reduce((a, p) => a + p.amount, 0)).toBe(d.taxableAmount);
  });
});

describe("hostile and invalid files are refused quickly", () => {
  for (const [name, { reason }] of Object.entries(HOSTILE)) {
    it(`${name} → ${reason}`, async () => {
      const t = performance.now();
      const e = await refusal(read(name));
      expect(e.reason).toBe(reason);
      expect(performance.now() - t).toBeLessThan(1000);
    });
  }
  it("names the first schema error", async () => {
    const e = await refusal(read("schema-non-valido.xml"));
    expect(e.message).toBe(
      "Il file non è conforme allo schema FatturaPA 1.2.3: Element 'FatturaElettronicaHeader': Missing child element(s). Expected is ( CedentePrestatore ). (riga 1)",
    );
  });
  it("refuses files over 50 MB before reading them", async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1).fill(0x3c);
    const e = await refusal(big);
    expect(e).toMatchObject({ reason: "too-large", message: "Il file supera la dimensione massima di 50 MB" });
  });
  it("refuses deep nesting, UTF-16, empty and binary garbage", async () => {
    const deep = `<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">${"<a>".repeat(100000)}${"</a>".repeat(100000)}</p:FatturaElettronica>`;
    const t = performance.now();
    expect(["malformed", "schema"]).toContain((await refusal(new TextEncoder().encode(deep))).reason);
    expect(performance.now() - t).toBeLessThan(2000);
    expect((await refusal(new Uint8Array(Buffer.from("\ufeff<a/>", "utf16le")))).reason).toBe("encoding");
    expect((await refusal(new Uint8Array(0))).reason).toBe("not-xml");
    expect((await refusal(new Uint8Array([0x00, 0x01, 0x02, 0xff])))).toMatchObject({ reason: "not-xml", message: "Il file non è un XML FatturaPA né una busta firmata p7m" });
  });
  it("a DOCTYPE hidden after a valid prologue is still refused", async () => {
    const xml = `<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE x SYSTEM "http://example.com/x.dtd"><x/>`;
    expect((await refusal(new TextEncoder().encode(xml))).reason).toBe("doctype");
  });
});

describe("signed .xml.p7m (CAdES)", () => {
  const xml = () => read("parcella-gestione-separata.xml");
  it("extracts the content of a DER envelope and reports a valid signature", async () => {
    const file = await parseInvoiceFile(await signP7m(xml()));
    expect(file.signature).toEqual({ signed: true, valid: true, signer: "Mario Rossi (test)" });
    expect(file.bodies[0].totalAmount).toBe(126880);
  });
  it("accepts the base64 form, with line breaks", async () => {
    const b64 = Buffer.from(await signP7m(xml())).toString("base64").replace(/.{64}/g, "$&\r\n");
    const file = await parseInvoiceFile(new TextEncoder().encode(b64));
    expect(file.signature.valid).toBe(true);
    expect(file.bodies[0].number).toBe("12/A");
  });
  it("reports (does not require) an invalid signature", async () => {
    const file = await parseInvoiceFile(await tamperedP7m(xml(), "<Nome>Mario", "<Nome>Maria"));
    expect(file.signature).toMatchObject({ signed: true, valid: false });
    expect(file.bodies[0].supplier.name).toBe("Maria Rossi");
  });
  it("refuses broken and fake envelopes", async () => {
    const der = await signP7m(xml());
    expect((await refusal(der.slice(0, 200))).reason).toBe("envelope");
    expect((await refusal(await detachedP7m(xml()))).message).toBe("Busta firmata (p7m) non valida: il contenuto firmato non è incluso (firma distaccata)");
    expect((await refusal(new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]))).reason).toBe("envelope");
    expect((await refusal(new TextEncoder().encode("QUJDREVGRw==")))).toMatchObject({ reason: "envelope" });
    // a valid envelope around something that is not an invoice
    const e = await refusal(await signP7m(new TextEncoder().encode("<ciao/>")));
    expect(e.reason).toBe("not-fatturapa");
  });
  it("parseInvoiceXml works on strings too", () => {
    expect(parseInvoiceXml(Buffer.from(xml()).toString("utf8")).bodies).toHaveLength(1);
  });
});

describe("issue 28: totals as the file states them, split payment, the signature's status", () => {
  // the project's own files (tests/fixtures/received-invoices.ts), imported lazily: that module builds with this one
  const fixtures = () => import("@/tests/fixtures/received-invoices");

  it("document-level discount and rounding enter the total (stated or computed); split-payment VAT and Σ ImportoPagamento", async () => {
    const f = await fixtures();
    const base = f.receivedXml({ number: "T-1", payment: "none" });
    const stated = parseInvoiceXml(f.withDocumentDiscount(base, { discount: "100.00", rounding: "-0.40" })).bodies[0]!;
    expect([stated.taxableAmount, stated.vatAmount, stated.totalAmount, stated.documentAdjustment]).toEqual([100000, 22000, 111960, -10040]);
    const computed = parseInvoiceXml(f.withDocumentDiscount(base, { discount: "100.00", rounding: "-0.40", statedTotal: false })).bodies[0]!;
    expect([computed.declaredTotalAmount, computed.totalAmount, computed.documentAdjustment]).toEqual([null, 111960, -10040]);
    const split = parseInvoiceXml(f.withSplitPayment(base)).bodies[0]!;
    expect([split.totalAmount, split.splitPaymentVat, split.paymentsTotal]).toEqual([122000, 22000, 100000]);
    expect(parseInvoiceXml(base).bodies[0]!.paymentsTotal).toBeNull();
  });

  it("signatureStatus; an indefinite-length envelope cut short is refused as incomplete", async () => {
    const f = await fixtures();
    const xml = f.receivedXml({ number: "S-1" });
    expect(signatureStatus((await parseInvoiceFile(await signP7m(new TextEncoder().encode(xml)))).signature)).toBe("verificata");
    expect(signatureStatus((await parseInvoiceFile(await f.p7mIndefinite(xml))).signature)).toBe("presente, non verificata");
    expect(signatureStatus((await parseInvoiceFile(new TextEncoder().encode(xml))).signature)).toBe("assente");
    const e = await refusal(await f.p7mIndefinite(xml, true));
    expect([e.reason, e.message]).toEqual(["envelope", `Busta firmata (p7m) non valida: ${P7M_INCOMPLETE}`]);
  });
});
