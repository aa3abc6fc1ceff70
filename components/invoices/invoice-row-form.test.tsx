// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { FORM_ERRORS_TITLE } from "@/components/ui/form-banner";
import { INVOICE_MESSAGES } from "@/lib/schemas/invoice";
import { InvoiceRowForm, type InvoiceRow } from "./invoice-row-form";

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json(200, { status: "ok", options: [] })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm(row: InvoiceRow | null = null, onDelete?: () => void) {
  const onDone = vi.fn();
  render(
    <>
      <InvoiceRowForm row={row} contactId={5} onDone={onDone} onDelete={onDelete} />
      <DialogHost />
    </>,
  );
  return { onDone, body: screen.getByTestId("invoice-row-form") };
}

const labels = (body: HTMLElement) => Array.from(body.querySelectorAll("label")).map((l) => l.textContent?.replace("*", "").trim());

describe("InvoiceRowForm", () => {
  it("opens as 'Inserimento riga' on a Riga generica with amounts, VAT and the two checks", () => {
    const { body } = renderForm();
    expect(screen.getByText("Inserimento riga")).toBeTruthy();
    expect(labels(body)).toEqual(
      expect.arrayContaining(["Tipo riga", "Descrizione in fattura", "Nascondi importo", "Quantità", "Importo", "Aliquota", "Non imponibile (per anticipazione)", "Applicare ritenuta d'acconto e contributi"]),
    );
    expect(within(body).queryByText("Elimina riga")).toBeNull();
  });

  it("switches the fields by Tipo riga", async () => {
    const user = userEvent.setup();
    const { body } = renderForm();
    const type = within(body).getByLabelText(/Tipo riga/) as HTMLSelectElement;

    await user.selectOptions(type, "LAVORO");
    expect(labels(body)).toContain("Lavoro");
    expect(labels(body)).not.toContain("Nascondi importo");
    expect(labels(body)).toContain("Importo");

    await user.selectOptions(type, "PRODOTTO");
    expect(labels(body)).toContain("Prodotto");
    expect(labels(body)).not.toContain("Lavoro");

    await user.selectOptions(type, "SERVIZIO");
    expect(labels(body)).toContain("Servizio");
    expect(labels(body)).not.toContain("Prodotto");

    await user.selectOptions(type, "SEZIONE");
    expect(labels(body)).toContain("Titolo sezione");
    expect(labels(body)).not.toContain("Importo");
    expect(labels(body)).not.toContain("Aliquota");

    await user.selectOptions(type, "GENERICA");
    await user.click(within(body).getByLabelText("Nascondi importo"));
    expect(labels(body)).not.toContain("Importo");
    expect(labels(body)).not.toContain("Aliquota");
  });

  // the schema's row refinements sit on the row itself, so the form shows the first of them (see the report on paths)
  it.each([
    ["LAVORO", INVOICE_MESSAGES.rowActivity],
    ["PRODOTTO", INVOICE_MESSAGES.rowItem],
    ["SERVIZIO", INVOICE_MESSAGES.rowService],
    ["GENERICA", INVOICE_MESSAGES.rowDescription],
    ["SEZIONE", INVOICE_MESSAGES.rowDescription],
  ])("OK on an empty %s row refuses it with the schema's message", async (rowType, message) => {
    const user = userEvent.setup();
    const { body, onDone } = renderForm();
    await user.selectOptions(within(body).getByLabelText(/Tipo riga/), rowType);
    await user.click(screen.getByRole("button", { name: "OK" }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert.textContent).toContain(FORM_ERRORS_TITLE);
    expect(alert.textContent).toContain(message);
    await user.click(within(alert).getByRole("button", { name: "OK" }));
    expect(within(body).getAllByText(message).length).toBeGreaterThan(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("a Riga generica with its description still needs the Aliquota, unless the amount is hidden", async () => {
    const user = userEvent.setup();
    const { body, onDone } = renderForm();
    await user.type(within(body).getByLabelText(/Descrizione in fattura/), "Consulenza");
    await user.click(screen.getByRole("button", { name: "OK" }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert.textContent).toContain(INVOICE_MESSAGES.rowVat);
    await user.click(within(alert).getByRole("button", { name: "OK" }));
    expect(onDone).not.toHaveBeenCalled();
  });

  it("hands back a valid Riga generica", async () => {
    const user = userEvent.setup();
    const { body, onDone } = renderForm();
    await user.type(within(body).getByLabelText(/Descrizione in fattura/), "Consulenza");
    await user.click(within(body).getByLabelText("Nascondi importo"));
    await user.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone.mock.calls[0]![0]).toMatchObject({ rowType: "GENERICA", description: "Consulenza", hideAmount: true });
  });

  it("'Elimina riga' asks for confirmation on an existing row", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const row: InvoiceRow = { id: 3, rowType: "SEZIONE", description: "Lavori di marzo" };
    renderForm(row, onDelete);
    expect(screen.getByText("Modifica riga")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Elimina riga" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Confermi l'eliminazione?");
    await user.click(within(confirm).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });
});

describe("a new row's defaults (issue 30)", () => {
  const vat22 = { id: 7, toString: "22% - Aliquota ordinaria" };
  const withholding = () => screen.getByRole("checkbox", { name: "Applicare ritenuta d'acconto e contributi" });
  function renderNew(documentWithholds: boolean) {
    const onDone = vi.fn();
    render(
      <>
        <InvoiceRowForm row={null} contactId={5} onDone={onDone} defaultVat={vat22} documentWithholds={documentWithholds} />
        <DialogHost />
      </>,
    );
    return { onDone, body: screen.getByTestId("invoice-row-form") };
  }

  it("takes the tenant's usual VAT rate (formData.defaultVat): a Riga generica is valid with its description only", async () => {
    const user = userEvent.setup();
    const { body, onDone } = renderNew(false);
    await user.type(within(body).getByLabelText(/Descrizione in fattura/), "Consulenza");
    await user.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone.mock.calls[0]![0]).toMatchObject({ rowType: "GENERICA", vat: vat22, withholding: false });
  });

  it("the ritenuta starts ticked on a fee row of a document applying it, never on a Prodotto; a choice by hand stays", async () => {
    const user = userEvent.setup();
    const { body } = renderNew(true);
    const type = within(body).getByLabelText(/Tipo riga/) as HTMLSelectElement;
    expect(withholding().getAttribute("aria-checked")).toBe("true");
    await user.selectOptions(type, "PRODOTTO");
    expect(withholding().getAttribute("aria-checked")).toBe("false");
    await user.selectOptions(type, "SERVIZIO");
    expect(withholding().getAttribute("aria-checked")).toBe("true");
    await user.selectOptions(type, "LAVORO");
    expect(withholding().getAttribute("aria-checked")).toBe("true");
    // unticked by hand: the type no longer decides
    await user.click(withholding());
    await user.selectOptions(type, "GENERICA");
    expect(withholding().getAttribute("aria-checked")).toBe("false");
  });

  it("a document without ritenuta starts every row unticked", () => {
    renderNew(false);
    expect(withholding().getAttribute("aria-checked")).toBe("false");
  });
});
