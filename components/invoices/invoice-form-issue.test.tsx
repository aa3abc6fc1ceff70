// @vitest-environment happy-dom
/**
 * 'Salva ed emetti' and the keyboard of the invoice form (issue 30): Ctrl+Enter in an input saves with ?issue=1 after
 * ISSUE_CONFIRM, and the form stays open on the issued document; Ctrl+S saves as Salva (the browser's own Ctrl+S
 * prevented); a key pressed in a dialog opened over the form is not the form's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";

const upload = vi.hoisted(() => vi.fn());
vi.mock("@/lib/client/api", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/client/api")>()), uploadWithProgress: upload }));

import { DialogHost } from "@/components/ui/dialogs";
import { InvoiceForm, ISSUE_CONFIRM } from "./invoice-form";

const vat22 = { id: 7, toString: "22% - Aliquota ordinaria" };
const totals = { taxable: 10000, totalVat: 2200, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 12200, netToPay: 12200 };
const draft = {
  kind: "INVOICE",
  documentType: "TD01",
  number: null,
  date: "2026-03-02",
  state: "Bozza",
  contact: { id: 5, toString: "Rossi S.r.l." },
  sectional: null,
  bankAccount: null,
  paymentModality: null,
  address: "",
  details: "",
  inpsRevenge: "0",
  professionistFund: "0",
  withholdingTaxApply: false,
  withholdingTaxPercentage: "0",
  stampBorneByIssuer: false,
  stampAmount: 200,
  publicAdministration: false,
  paDocument: { type: null, number: "", date: null, cig: "", cup: "" },
  correctedInvoice: { number: "", date: null },
  rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 10000, vat: vat22, hideAmount: false, advance: false, withholding: false }],
  deadlines: [],
  totals,
};
const formData = {
  documentTypes: [{ value: "TD01", label: "Fattura" }],
  states: ["Bozza", "Emessa"],
  deadlineStates: ["Da saldare", "Stornato", "Saldato"],
  paDocumentTypes: [],
  history: [],
  calculation: { tenant: { taxRegime: "RF01", fiscalCode: "" }, vats: [{ id: 7, rate: "22.00", natura: null }], customer: null },
  defaultVat: vat22,
};
const issued = { ...draft, id: 41, version: 1, number: "1", state: "Emessa", displayedState: "Emessa", deletable: true, toString: "Fattura 1 del 02/03/2026" };

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = String(url);
      if (u.includes("create-form-data")) return Response.json({ status: "ok", invoice: draft, formData });
      if (u.includes("update-form-data/41")) return Response.json({ status: "ok", invoice: issued, formData: { ...formData, history: [] } });
      if (u.includes("get-calculated-fields")) return Response.json({ status: "ok", totals, deadlines: [] });
      return Response.json({ status: "ok", options: [] });
    }),
  );
  upload.mockImplementation(async (url: string) => ({ status: "ok", message: "Salvataggio effettuato", invoice: url.includes("issue=1") ? issued : { ...issued, number: null, state: "Bozza", displayedState: "Bozza" } }));
});

afterEach(() => {
  cleanup();
  upload.mockReset();
  vi.unstubAllGlobals();
});

async function open() {
  const onClose = vi.fn();
  render(
    <>
      <InvoiceForm kind="INVOICE" onClose={onClose} />
      <DialogHost />
    </>,
  );
  const dialog = await screen.findByRole("dialog", { name: /fattura/i });
  await within(dialog).findByRole("button", { name: "Salva ed emetti" });
  return { dialog, onClose, input: within(dialog).getByLabelText(/Data documento/) };
}

describe("the invoice form: 'Salva ed emetti', Ctrl+Enter and Ctrl+S", () => {
  it("a key pressed in the row dialog opened over the form is not the form's", async () => {
    const { dialog } = await open();
    // 'Aggiungi riga' adds a row in the grid; its edit icon opens the row dialog over the form
    fireEvent.click(within(dialog).getByRole("button", { name: "Aggiungi riga" }));
    const edits = await within(dialog).findAllByRole("button", { name: "Modifica riga" });
    fireEvent.click(edits.at(-1)!);
    const row = await screen.findByTestId("invoice-row-form");
    fireEvent.keyDown(within(row).getByLabelText(/Descrizione in fattura/), { key: "Enter", ctrlKey: true });
    fireEvent.keyDown(within(row).getByLabelText(/Descrizione in fattura/), { key: "s", ctrlKey: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(upload).not.toHaveBeenCalled();
  });

  it("Ctrl+Enter in an input asks ISSUE_CONFIRM, saves with ?issue=1 and stays open on the issued document", async () => {
    const { dialog, onClose, input } = await open();
    const event = fireEvent.keyDown(input, { key: "Enter", ctrlKey: true });
    expect(event).toBe(false); // default prevented
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain(ISSUE_CONFIRM);
    fireEvent.click(within(confirm).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![0]).toBe("/api/invoices?issue=1");
    // the form reopens on the issued document: its number, its actions
    const again = await screen.findByRole("dialog", { name: /Modifica fattura 1/ });
    await within(again).findByRole("button", { name: "Invia email" });
    expect((within(again).getByRole("textbox", { name: "Numero" }) as HTMLInputElement).value).toBe("1");
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(false);
  });

  it("'Salva ed emetti' not confirmed sends nothing", async () => {
    const { dialog } = await open();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva ed emetti" }));
    const confirm = await screen.findByRole("alertdialog");
    fireEvent.click(within(confirm).getByRole("button", { name: /Annulla|No/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(upload).not.toHaveBeenCalled();
  });

  it("Ctrl+S saves as Salva (plain save URL) and prevents the browser's own save", async () => {
    const { onClose, input } = await open();
    const event = fireEvent.keyDown(input, { key: "s", ctrlKey: true });
    expect(event).toBe(false);
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![0]).toBe("/api/invoices");
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
