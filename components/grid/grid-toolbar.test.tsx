// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GridToolbar, REMOVE_ALL_FILTERS, SELECTED_ROWS_OPERATIONS, type GridToolbarProps } from "./grid-toolbar";

afterEach(() => cleanup());

function Harness(props: Partial<GridToolbarProps>) {
  const [columnNameFilter, setColumnNameFilter] = useState("");
  const [show, setShow] = useState(false);
  return (
    <GridToolbar
      onSearch={() => {}}
      filtersChanged={false}
      onRemoveAllFilters={() => {}}
      operations={[]}
      hasSelection={false}
      onOperation={() => {}}
      columnNameFilter={columnNameFilter}
      onColumnNameFilterChange={setColumnNameFilter}
      showColumnNameFilter={show}
      onToggleColumnNameFilter={() => {
        setShow((s) => !s);
        setColumnNameFilter("");
      }}
      onChooseColumns={() => {}}
      {...props}
    />
  );
}

describe("GridToolbar", () => {
  it("searches on Enter and on 'Cerca', at most once per 400 ms, with the latest text", async () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByRole("textbox", { name: "Ricerca" });
    fireEvent.change(box, { target: { value: "ros" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith("ros");
    // within the throttle: held back, then run once with what the box says by then
    fireEvent.change(box, { target: { value: "ross" } });
    fireEvent.click(screen.getByRole("button", { name: "Cerca" }));
    fireEvent.change(box, { target: { value: "rossi" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSearch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2), { timeout: 1000 });
    expect(onSearch).toHaveBeenLastCalledWith("rossi");
    await new Promise((r) => setTimeout(r, 450));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it("'Rimuovi tutti i filtri' shows when the filters changed, clears the box and drops a held-back search", async () => {
    const onSearch = vi.fn();
    const onRemoveAllFilters = vi.fn();
    render(<Harness onSearch={onSearch} filtersChanged onRemoveAllFilters={onRemoveAllFilters} />);
    const box = screen.getByRole("textbox", { name: "Ricerca" }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: "a" } });
    fireEvent.keyDown(box, { key: "Enter" });
    fireEvent.change(box, { target: { value: "ab" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await userEvent.click(screen.getByRole("button", { name: REMOVE_ALL_FILTERS }));
    expect(onRemoveAllFilters).toHaveBeenCalledTimes(1);
    expect(box.value).toBe("");
    await new Promise((r) => setTimeout(r, 500));
    expect(onSearch.mock.calls).toEqual([["a"]]);
  });

  it("the operations select shows with a selection and runs the chosen entry", async () => {
    const onOperation = vi.fn();
    const { rerender } = render(<Harness operations={[{ key: "delete", label: "Elimina" }]} onOperation={onOperation} />);
    expect(screen.queryByRole("combobox", { name: SELECTED_ROWS_OPERATIONS })).toBeNull();
    rerender(<Harness operations={[{ key: "delete", label: "Elimina" }]} onOperation={onOperation} hasSelection />);
    const select = screen.getByRole("combobox", { name: SELECTED_ROWS_OPERATIONS }) as HTMLSelectElement;
    await userEvent.selectOptions(select, "Elimina");
    expect(onOperation).toHaveBeenCalledWith("delete");
    // a command list: it goes back to its title
    expect(select.value).toBe("");
  });

  it("column tools; 'Esporta' only with an export", async () => {
    const onChooseColumns = vi.fn();
    const onExport = vi.fn();
    const { rerender } = render(<Harness onChooseColumns={onChooseColumns} />);
    expect(screen.queryByRole("button", { name: "Esporta" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Filtra colonne per nome" }));
    expect(screen.getByRole("textbox", { name: "Filtra colonne per nome" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Scegli visualizzazione colonne" }));
    expect(onChooseColumns).toHaveBeenCalled();
    rerender(<Harness onExport={onExport} />);
    await userEvent.click(screen.getByRole("button", { name: "Esporta" }));
    expect(onExport).toHaveBeenCalled();
  });
});
