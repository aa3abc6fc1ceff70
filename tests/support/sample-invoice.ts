/** Test and bench helpers (never loaded by the app): a document to render in the tests and bench:documents-pdf: example A of the rules §3.10 (rivalsa INPS 4%, VAT 22%, ritenuta 20%). */
import { PDFParse } from "pdf-parse";
import type { InvoicePdfInput, PdfRow } from "@/lib/pdf/invoice-pdf";

export const sampleRow = (i: number, extra: Partial<PdfRow> = {}): PdfRow => ({ rowType: "GENERICA", description: `Consulenza ${i}`, hideAmount: false, quantity: "1", unitPrice: 10000, amount: 10000, vatLabel: "22%", ...extra });

export function sampleInvoicePdf(extra: Partial<InvoicePdfInput> = {}): InvoicePdfInput {
  return {
    kind: "INVOICE",
    documentType: "TD01",
    number: "12/A",
    date: "2026-03-05",
    seller: { name: "Studio Bianchi", vatNumber: "01234567890", fiscalCode: "BNCLCU80A01H501U", address: "Via Roma 1", postalCode: "00100", city: "Roma", province: "RM", phone: "06 123456", email: "studio@example.it" },
    buyer: { name: "Rossi S.r.l.", vatCountry: "IT", vatNumber: "12345678903", fiscalCode: "12345678903", address: "Via Milano 2", postalCode: "20100", city: "Milano", province: "MI", sdiCode: "ABC1234" },
    logo: null,
    address: "",
    details: "Consulenza di marzo",
    rows: [
      { rowType: "SEZIONE", description: "Attività di marzo", hideAmount: false, quantity: "1", unitPrice: 0, amount: 0, vatLabel: "" },
      sampleRow(1, { description: "Compenso professionale", unitPrice: 100000, amount: 100000, quantity: "1" }),
      sampleRow(2, { description: "Nota senza importo", hideAmount: true, unitPrice: 0, amount: 0, vatLabel: "" }),
    ],
    vatSummary: [{ label: "22%", taxable: 104000, vat: 22880, splitPayment: false }],
    totals: { taxable: 104000, totalVat: 22880, inpsRevengeAmount: 4000, professionistFundAmount: 0, withholdingTaxAmount: 20800, stampAmount: 0, total: 126880, netToPay: 106080 },
    inpsRevengeName: "Rivalsa INPS",
    inpsRevenge: "4.00",
    professionistFundName: "",
    professionistFund: "0.00",
    withholdingTaxPercentage: "20.00",
    stampDue: false,
    stampCharged: false,
    stampValue: 0,
    isForfettario: false,
    splitPayment: false,
    splitPaymentVat: 0,
    deadlines: [
      { date: "2026-04-30", amount: 53040, state: "Da saldare", bankAccount: { type: "Conto bancario", name: "Banca Uno", iban: "IT60X0542811101000000123456", url: "" } },
      { date: "2026-05-31", amount: 53040, state: "Da saldare", bankAccount: { type: "Altro", name: "PayPal", iban: "", url: "https://paypal.me/studiobianchi" } },
    ],
    footer: "Studio Bianchi - capitale sociale 10.000 euro",
    paDocument: null,
    ...extra,
  };
}

/** The PDF's text, page by page (pdf-parse). */
export async function readPdf(bytes: Buffer): Promise<{ text: string; pages: string[] }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const r = await parser.getText();
    return { text: r.text, pages: r.pages.map((p) => p.text) };
  } finally {
    await parser.destroy();
  }
}
