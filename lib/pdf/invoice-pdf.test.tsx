import { describe, expect, it } from "vitest";
import { invoicePdfFilename, PDF_WORDINGS, renderInvoicePdf } from "./invoice-pdf";
import { readPdf, sampleInvoicePdf as sampleInput, sampleRow as row } from "@/tests/support/sample-invoice";

describe("invoice PDF", () => {
  it("shows the parties, the rows, the totals, the deadlines with IBAN and link, the footer and the page number", async () => {
    const pdf = await renderInvoicePdf(sampleInput());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text, pages } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    for (const t of [
      "Studio Bianchi",
      "Rossi S.r.l.",
      "P.IVA 12345678903",
      "Fattura",
      "12/A",
      "05/03/2026",
      "Attività di marzo",
      "Compenso professionale",
      "Nota senza importo",
      "1'000,00",
      "Rivalsa INPS 4%",
      "€ 40,00",
      "Imponibile",
      "€ 1'040,00",
      "€ 228,80",
      "Totale documento",
      "€ 1'268,80",
      "Ritenuta d'acconto 20%",
      "- € 208,00",
      "Netto a pagare",
      "€ 1'060,80",
      "IBAN IT60X0542811101000000123456",
      "https://paypal.me/studiobianchi",
      "30/04/2026",
      "Studio Bianchi - capitale sociale 10.000 euro",
      "Pagina 1 di 1",
    ])
      expect(text).toContain(t);
    // the hidden row shows its description only: one figure line per priced row
    const hidden = text.split("\n").find((l) => l.includes("Nota senza importo"));
    expect(hidden?.trim()).toBe("Nota senza importo");
    expect(text).not.toContain(PDF_WORDINGS.proforma);
    expect(text).not.toContain("Scissione");
    // the payment link is clickable
    expect(pdf.toString("latin1")).toContain("/URI (https://paypal.me/studiobianchi)");
  });

  it("writes the required wordings: proforma, bollo virtuale, forfettario, split payment", async () => {
    const proforma = await readPdf(await renderInvoicePdf(sampleInput({ kind: "PROFORMA", number: "3" })));
    expect(proforma.text).toContain("Fattura proforma");
    expect(proforma.text).toContain(PDF_WORDINGS.proforma);

    const forfettario = await readPdf(
      await renderInvoicePdf(
        sampleInput({
          vatSummary: [{ label: "0% N2.2", description: "Operazione senza IVA", taxable: 100200, vat: 0, splitPayment: false }],
          totals: { taxable: 100200, totalVat: 0, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 200, total: 100200, netToPay: 100200 },
          stampDue: true,
          stampCharged: true,
          stampValue: 200,
          isForfettario: true,
        }),
      ),
    );
    const flat = (t: string) => t.replace(/\s+/g, " ");
    expect(flat(forfettario.text)).toContain(PDF_WORDINGS.stamp);
    expect(flat(forfettario.text)).toContain(PDF_WORDINGS.forfettario);
    expect(forfettario.text).toContain("Imposta di bollo € 2,00");

    const split = await readPdf(
      await renderInvoicePdf(
        sampleInput({
          vatSummary: [{ label: "22%", taxable: 100000, vat: 22000, splitPayment: true }],
          totals: { taxable: 100000, totalVat: 22000, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 122000, netToPay: 100000 },
          splitPayment: true,
          splitPaymentVat: 22000,
          paDocument: { type: "Ordine acquisto", number: "OA-7", date: "2026-02-01", cig: "ZAB1234567", cup: "" },
        }),
      ),
    );
    expect(split.text).toContain(PDF_WORDINGS.splitPayment);
    expect(split.text).toContain("Ordine acquisto n. OA-7 del 01/02/2026");
    expect(split.text).toContain("CIG ZAB1234567");
  });

  it("spreads 200 rows over several pages, numbered 'Pagina N di M', with the rows' header on each", async () => {
    const rows = Array.from({ length: 200 }, (_, i) => row(i + 1));
    const { pages, text } = await readPdf(await renderInvoicePdf(sampleInput({ rows })));
    const n = pages.length;
    expect(n).toBeGreaterThanOrEqual(4);
    pages.forEach((p, i) => expect(p).toContain(`Pagina ${i + 1} di ${n}`));
    for (const p of pages.slice(0, -1)) expect(p).toContain("Descrizione");
    expect(pages[1]).toContain("Fattura n. 12/A del 05/03/2026 (segue)");
    expect(text).toContain("Consulenza 200");
    expect(pages[n - 1]).toContain("Netto a pagare");
  });

  it("names the file after kind, number and year", () => {
    expect(invoicePdfFilename({ kind: "INVOICE", number: "12/A", date: "2026-03-05" })).toBe("Fattura_12-A_2026.pdf");
    expect(invoicePdfFilename({ kind: "CREDIT_NOTE", number: "4", date: "2026-03-05" })).toBe("Nota_di_credito_4_2026.pdf");
    expect(invoicePdfFilename({ kind: "QUOTE", number: null, date: "2025-12-31" })).toBe("Preventivo_bozza_2025.pdf");
  });
});
