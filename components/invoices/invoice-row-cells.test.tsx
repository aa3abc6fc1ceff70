// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { useState } from "react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { RowsGrid } from "@/components/grid/rows-grid";
import { invoiceRowColumns } from "./invoice-row-cells";
import type { InvoiceRow } from "./invoice-row-form";

afterEach(() => cleanup());

function Harness() {
  const [rows, setRows] = useState<InvoiceRow[]>([{ id: 1, rowType: "GENERICA", description: "Manutenzione", quantity: "3.00", amount: 5000, vat: { id: 1, toString: "22%" } }]);
  return (
    <>
      <RowsGrid<InvoiceRow> rows={rows} onChange={setRows} columns={invoiceRowColumns({ contactId: null, documentWithholds: false })} editRow={async () => null} newRow={() => ({ rowType: "GENERICA", description: "", quantity: "1", amount: null, vat: null })} />
      <output data-testid="amount">{String(rows[0]!.amount)}</output>
    </>
  );
}

describe("the Righe grid's cells (issue 30)", () => {
  it("a line total typed sets the unit price (total ÷ quantity); leaving it shows the total that price makes", () => {
    render(<Harness />);
    const total = screen.getByRole("textbox", { name: "Totale riga 1" });
    expect((total as HTMLInputElement).value).toBe("150,00");
    fireEvent.focus(total);
    fireEvent.change(total, { target: { value: "100" } });
    expect(screen.getByTestId("amount").textContent).toBe("3333");
    expect((screen.getByRole("textbox", { name: "Prezzo unitario riga 1" }) as HTMLInputElement).value).toBe("33,33");
    expect((total as HTMLInputElement).value).toBe("100");
    fireEvent.blur(total);
    expect((total as HTMLInputElement).value).toBe("99,99");
  });
});
