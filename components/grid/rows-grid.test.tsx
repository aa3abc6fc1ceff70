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
