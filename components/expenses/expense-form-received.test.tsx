// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { resetOpenRecords } from "@/lib/client/use-entity-form";
import { formatEuro } from "@/lib/format";
import { ExpenseForm } from "./expense-form";

// The purchase invoice's form shows what a received file told (issue 28): the TipoDocumento (read-only when it came
// from a file, a choice when typed by hand), the signature, the warnings on the supplier's identifiers, the
// split-payment amount due beside the total; nothing of it when the answer has none.

const supplier = { id: 5, toString: "Fornitore Esempio S.r.l." };
const base = {
  id: 7, version: 2, documentNumber: "NC-4", documentDate: "2026-01-20", contact: supplier, bankAccount: null, paymentModality: null, details: "",
  taxable: 0, totalVat: 0, withholdingTaxPercentage: 0, withholdingTaxPercentagePlus: 0, total: 0, currency: "EUR", deadlines: [], files: [],
  hasOriginalInvoiceFile: false, hasXmlInvoiceFile: false, rowColor: null, toString: "NC-4 del 20/01/2026",
};
const formData = { contacts: [supplier], bankAccounts: [], paymentModalities: [], deadlineStates: ["Da saldare", "Stornato", "Saldato"], files: { canUpload: true, canDelete: true, editable: true, maxBytes: 1000 } };

let answer: Record<string, unknown>;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  resetOpenRecords();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/expenses/update-form-data/7") return json(200, { status: "ok", expense: answer, formData });
      return json(200, { status: "ok", options: [] });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open() {
  render(
    <>
      <ExpenseForm id={7} onClose={() => {}} />
      <DialogHost />
      <Toaster />
    </>,
  );
  return screen.findByRole("dialog", { name: "Modifica fattura di acquisto" });
}

const value = (dialog: HTMLElement, name: string) => (within(dialog).getByRole("textbox", { name }) as HTMLInputElement).value;

describe("the purchase invoice's form and its received file", () => {
  it("an imported credit note: its type read-only with its label, the signature, the warnings on the supplier, the negative total", async () => {
    answer = {
      ...base, taxable: -20000, totalVat: -4400, total: -24400, amountDue: -24400, documentType: "TD04", documentAdjustment: 0, splitPaymentVat: 0,
      signature: "presente, non verificata", hasXmlInvoiceFile: true,
      supplierWarnings: ["La partita IVA 01234567890 del fornitore non supera il controllo del carattere di controllo: importata come consegnata dallo SDI"],
    };
    const dialog = await open();
    const type = within(dialog).getByRole("textbox", { name: "Tipo documento" }) as HTMLInputElement;
    expect(type.value).toBe("TD04 Nota di credito");
    expect(type.readOnly).toBe(true);
    expect(within(dialog).queryByRole("combobox", { name: "Tipo documento" })).toBeNull();
    expect(value(dialog, "Firma digitale")).toBe("presente, non verificata");
    const warnings = within(dialog).getByRole("note", { name: "Avvisi sul fornitore" });
    expect(warnings.textContent).toContain("Attenzione: i dati del fornitore, così come consegnati dallo SDI, non superano i nostri controlli.");
    expect(warnings.textContent).toContain("La partita IVA 01234567890 del fornitore non supera il controllo");
    expect(value(dialog, "Totale")).toBe(formatEuro(-24400));
    expect(within(dialog).getByText("Nota di credito: riduce quanto dovuto al fornitore")).toBeTruthy();
    // its deadlines are money the supplier gives back
    expect(within(dialog).getByRole("note", { name: "Scadenze della nota di credito" }).textContent).toBe("Nota di credito: le scadenze sono importi che il fornitore deve restituire (nello Scadenziario: Da incassare).");
    // no split payment: no second figure
    expect(within(dialog).queryByRole("textbox", { name: "Netto da pagare al fornitore" })).toBeNull();
  });

  it("a split-payment invoice shows what is owed to the supplier beside the total", async () => {
    answer = {
      ...base, documentNumber: "88", taxable: 100000, totalVat: 22000, total: 122000, amountDue: 100000, documentType: "TD01", documentAdjustment: 0, splitPaymentVat: 22000,
      signature: "verificata", hasXmlInvoiceFile: true, supplierWarnings: [],
    };
    const dialog = await open();
    expect(value(dialog, "Tipo documento")).toBe("TD01 Fattura");
    expect(value(dialog, "Firma digitale")).toBe("verificata");
    expect(within(dialog).queryByRole("note", { name: "Avvisi sul fornitore" })).toBeNull();
    expect(within(dialog).queryByRole("note", { name: "Scadenze della nota di credito" })).toBeNull();
    expect(value(dialog, "Totale")).toBe(formatEuro(122000));
    expect(value(dialog, "Netto da pagare al fornitore")).toBe(formatEuro(100000));
  });

  it("one typed by hand: the type is a choice among the TipoDocumento, nothing of a received file is shown", async () => {
    answer = { ...base, documentNumber: "A/1", taxable: 10000, totalVat: 2200, total: 12200, amountDue: 12200, documentType: "TD01", documentAdjustment: 0, splitPaymentVat: 0, signature: null, supplierWarnings: [] };
    const user = userEvent.setup();
    const dialog = await open();
    const type = within(dialog).getByRole("combobox", { name: "Tipo documento" }) as HTMLSelectElement;
    expect(type.value).toBe("TD01");
    expect(within(type).getByRole("option", { name: "TD04 Nota di credito" })).toBeTruthy();
    expect(within(dialog).queryByRole("textbox", { name: "Firma digitale" })).toBeNull();
    expect(within(dialog).queryByRole("note", { name: "Avvisi sul fornitore" })).toBeNull();
    expect(within(dialog).queryByRole("textbox", { name: "Netto da pagare al fornitore" })).toBeNull();
    await user.selectOptions(type, "TD04");
    expect(within(dialog).getByText("Nota di credito: riduce quanto dovuto al fornitore")).toBeTruthy();
  });

  it("a deadline a bank movement paid: amount, state, payment date and ✕ locked, the movement named; the other deadline editable", async () => {
    const movement = { id: 31, bookingDate: "2026-02-10", description: "PAGAMENTO FORNITORE 88", amount: -61000 };
    answer = {
      ...base, documentNumber: "88", taxable: 100000, totalVat: 22000, total: 122000, amountDue: 122000, documentType: "TD01", documentAdjustment: 0, splitPaymentVat: 0, signature: null, supplierWarnings: [],
      deadlines: [
        { id: 41, version: 1, contact: supplier, amount: 61000, deadlineDate: "2026-02-10", deadlineState: "Saldato", paymentDate: "2026-02-10", bankAccount: null, description: "", bankMovement: movement },
        { id: 42, version: 1, contact: supplier, amount: 61000, deadlineDate: "2026-03-10", deadlineState: "Da saldare", paymentDate: null, bankAccount: null, description: "", bankMovement: null },
      ],
    };
    const dialog = await open();
    const [paid, open2] = within(dialog).getAllByTestId("expense-deadline");
    expect((within(paid!).getByRole("textbox", { name: "Importo" }) as HTMLInputElement).disabled).toBe(true);
    expect((within(paid!).getByRole("combobox", { name: "Stato scadenza" }) as HTMLSelectElement).disabled).toBe(true);
    expect((within(paid!).getByRole("button", { name: "Elimina scadenza 1" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(paid!).getByTestId("deadline-bank-movement").textContent).toContain("PAGAMENTO FORNITORE 88");
    expect((within(open2!).getByRole("textbox", { name: "Importo" }) as HTMLInputElement).disabled).toBe(false);
    expect((within(open2!).getByRole("combobox", { name: "Stato scadenza" }) as HTMLSelectElement).disabled).toBe(false);
    expect((within(open2!).getByRole("button", { name: "Elimina scadenza 2" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
