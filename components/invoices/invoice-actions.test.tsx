// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { XML_OPTIONS_MESSAGES } from "@/lib/schemas/invoice";

const saved = vi.hoisted(() => vi.fn());
vi.mock("@/lib/client/download", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/client/download")>()), saveBase64File: saved }));

import { InvoiceActions, XmlOptionsDialog, type InvoiceActionsProps } from "./invoice-actions";

afterEach(() => {
  cleanup();
  saved.mockReset();
  vi.unstubAllGlobals();
});

const totals = { taxable: 10000, totalVat: 2200, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 12200, netToPay: 12200 };

function renderActions(invoice: Partial<InvoiceActionsProps["invoice"]>) {
  render(<InvoiceActions invoice={{ id: 7, kind: "INVOICE", state: "Emessa", version: 1, number: "1/P", totals, deletable: false, ...invoice }} dirty={false} onChanged={vi.fn()} onOpen={vi.fn()} onDeleted={vi.fn()} />);
}

describe("the document's actions: 'Elimina'", () => {
  it("is offered only where the server would delete the document (`deletable`)", () => {
    renderActions({ deletable: false });
    expect(screen.getByRole("button", { name: "Duplica" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Elimina" })).toBeNull();
    cleanup();
    renderActions({ deletable: true });
    expect(screen.getByRole("button", { name: "Elimina" })).toBeTruthy();
    cleanup();
    // a proforma or a quote alike
    renderActions({ kind: "PROFORMA", deletable: false });
    expect(screen.queryByRole("button", { name: "Elimina" })).toBeNull();
  });
});

describe("the XML options dialog takes the tenant's defaults (issue 30)", () => {
  const withBoth = { ...totals, professionistFundAmount: 4000, withholdingTaxAmount: 20000 };
  const file = { filename: "IT07654321012_00001.xml", contentBase64: "PD94bWw+", contentType: "application/xml" };

  it("asks the file with no option first: with the tenant's defaults it downloads and never asks", async () => {
    const fetch = vi.fn(async () => Response.json({ status: "ok", ...file }));
    vi.stubGlobal("fetch", fetch);
    const onDone = vi.fn();
    render(<XmlOptionsDialog invoice={{ id: 7, totals: withBoth }} onDone={onDone} />);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(saved).toHaveBeenCalledWith(expect.objectContaining(file));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("combobox", { name: "Cassa previdenziale" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Causale pagamento ritenuta" })).toBeNull();
  });

  it("asks only the option the server found no default for", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ status: "error", message: "Errore nella compilazione dei campi", errors: [XML_OPTIONS_MESSAGES.previdential] }, { status: 400 })));
    const onDone = vi.fn();
    render(<XmlOptionsDialog invoice={{ id: 7, totals: withBoth }} onDone={onDone} />);
    expect(await screen.findByRole("combobox", { name: "Cassa previdenziale" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Causale pagamento ritenuta" })).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    expect(saved).not.toHaveBeenCalled();
  });
});
