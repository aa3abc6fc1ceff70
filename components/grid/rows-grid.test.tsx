// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { RowsGrid, SAVE_TO_KEEP_WARNING, type EmbeddedRow } from "./rows-grid";

type Commission = EmbeddedRow & { fromAmount: number; percentage: string };

afterEach(() => cleanup());

function Harness({ editRow, onRows }: { editRow: (row: Commission | null) => Promise<Commission | null>; onRows?: (rows: Commission[]) => void }) {
  const [rows, setRows] = useState<Commission[]>([
    { id: 1, fromAmount: 100000, percentage: "5" },
    { id: 2, fromAmount: 500000, percentage: "7,5" },
  ]);
  return (
    <>
      <RowsGrid<Commission>
        rows={rows}
        onChange={(next) => {
          setRows(next);
          onRows?.(next);
        }}
        columns={[
          { key: "fromAmount", header: "Da importo", type: "currency" },
          { key: "percentage", header: "Percentuale" },
        ]}
        editRow={editRow}
      />
      <DialogHost />
    </>
  );
}

describe("RowsGrid", () => {
  it("keeps valid table markup: the drag context's screen-reader texts sit outside the table", () => {
    const { container } = render(<Harness editRow={async () => null} />);
    const tbody = container.querySelector("tbody")!;
    expect([...tbody.children].map((el) => el.tagName)).toEqual(["TR", "TR"]);
    const described = container.querySelector('[id^="DndDescribedBy"]');
    expect(described).not.toBeNull();
    expect(described!.closest("table")).toBeNull();
  });

  it("adds a row with a tempId and then shows the save warning", async () => {
    const onRows = vi.fn();
    render(<Harness editRow={async () => ({ fromAmount: 900000, percentage: "10" })} onRows={onRows} />);
    expect(screen.getByText("1'000,00")).toBeTruthy();
    expect(screen.queryByText(SAVE_TO_KEEP_WARNING)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Aggiungi riga" }));
    expect(await screen.findByText("9'000,00")).toBeTruthy();
    expect(screen.getByText('E\' necessario premere il pulsante "Salva" per salvare le modifiche effettuate')).toBeTruthy();
    const added = onRows.mock.calls.at(-1)![0].at(-1);
    expect(added.tempId).toMatch(/^tmp-/);
    expect(added.id).toBeUndefined();
  });

  it("edits on double click, keeps the row on cancel", async () => {
    const editRow = vi.fn(async (row: Commission | null) => (row?.id === 1 ? { ...row, percentage: "6" } : null));
    render(<Harness editRow={editRow} />);
    await userEvent.dblClick(screen.getByText("1'000,00"));
    expect(await screen.findByText("6")).toBeTruthy();
    await userEvent.click(screen.getAllByRole("button", { name: "Modifica riga" })[1]!);
    expect(screen.getByText("7,5")).toBeTruthy();
  });

  it("deletes after 'Confermi l'eliminazione?'", async () => {
    render(<Harness editRow={async () => null} />);
    await userEvent.click(screen.getAllByRole("button", { name: "Elimina riga" })[0]!);
    expect(await screen.findByText("Confermi l'eliminazione?")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByText("1'000,00")).toBeNull());
    expect(screen.getByText(SAVE_TO_KEEP_WARNING)).toBeTruthy();
  });
});

type Line = EmbeddedRow & { text: string; qty: string };

function InlineHarness({ onRows, editRow = async () => null }: { onRows: (rows: Line[]) => void; editRow?: (row: Line | null) => Promise<Line | null> }) {
  const [rows, setRows] = useState<Line[]>([{ id: 1, text: "Prima", qty: "1" }]);
  return (
    <RowsGrid<Line>
      rows={rows}
      onChange={(next) => {
        setRows(next);
        onRows(next);
      }}
      columns={[
        { key: "text", header: "Testo", editor: (r, i, update) => <input aria-label={`Testo riga ${i + 1}`} value={r.text} onChange={(e) => update({ text: e.target.value })} /> },
        { key: "qty", header: "Quantità", editor: (r, i, update) => <input aria-label={`Quantità riga ${i + 1}`} value={r.qty} onChange={(e) => update({ qty: e.target.value })} /> },
      ]}
      editRow={editRow}
      newRow={() => ({ text: "", qty: "1" })}
      isBlank={(r) => r.text === ""}
    />
  );
}

describe("RowsGrid inline (issue 30: the invoice's Righe)", () => {
  it("edits the cells in place, Tab moves on, Enter in the last cell adds a row with the cursor in its first cell", async () => {
    const user = userEvent.setup();
    const onRows = vi.fn();
    render(<InlineHarness onRows={onRows} />);
    await user.click(screen.getByRole("textbox", { name: "Testo riga 1" }));
    await user.keyboard("!");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Quantità riga 1" }));
    await user.keyboard("{Backspace}3{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Testo riga 2" })));
    await user.keyboard("Seconda");
    const last = onRows.mock.calls.at(-1)![0] as Line[];
    expect(last.map(({ text, qty }) => ({ text, qty }))).toEqual([
      { text: "Prima!", qty: "3" },
      { text: "Seconda", qty: "1" },
    ]);
    expect(last[1]!.tempId).toMatch(/^tmp-/);
    expect(screen.getByText(SAVE_TO_KEEP_WARNING)).toBeTruthy();
  });

  it("'Aggiungi riga' adds an empty row in the grid (no row form); the edit icon opens the row form", async () => {
    const user = userEvent.setup();
    const editRow = vi.fn(async () => null);
    render(<InlineHarness onRows={() => undefined} editRow={editRow} />);
    await user.click(screen.getByRole("button", { name: "Aggiungi riga" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Testo riga 2" })));
    expect(editRow).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole("button", { name: "Modifica riga" })[0]!);
    expect(editRow).toHaveBeenCalledWith({ id: 1, text: "Prima", qty: "1" }, 0);
  });
});

describe("RowsGrid inline: blank rows", () => {
  it("a new row left blank goes when the cursor leaves the grid; a typed one and the saved ones stay", async () => {
    const user = userEvent.setup();
    const onRows = vi.fn();
    render(
      <>
        <InlineHarness onRows={onRows} />
        <button type="button">Fuori</button>
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Aggiungi riga" }));
    await user.keyboard("Seconda");
    await user.click(screen.getByRole("button", { name: "Aggiungi riga" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Testo riga 3" })));
    await user.click(screen.getByRole("button", { name: "Fuori" }));
    expect((onRows.mock.calls.at(-1)![0] as Line[]).map((r) => r.text)).toEqual(["Prima", "Seconda"]);
    expect(screen.queryByRole("textbox", { name: "Testo riga 3" })).toBeNull();
  });
});
