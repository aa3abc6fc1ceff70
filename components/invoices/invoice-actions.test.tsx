// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { InvoiceActions, type InvoiceActionsProps } from "./invoice-actions";

afterEach(() => {
  cleanup();
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
