// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { layoutKey } from "./grid-layout";
import type { GridPage, GridRow } from "./grid-types";
import { REMOVE_ALL_FILTERS, SELECTED_ROWS_OPERATIONS, ServerGrid } from "./server-grid";

const gridData: GridPage["gridData"] = {
  name: "test-grid",
  defaultSort: [{ colId: "fieldValue", sort: "asc" }],
  columns: [
    { field: "id", header: "Id", type: "integer", sortable: true, filterable: true, searchable: false, fixed: false, hidden: true, exportable: true },
    { field: "fieldValue", header: "Valore", type: "text", sortable: true, filterable: true, searchable: true, fixed: true, hidden: false, exportable: true },
    { field: "amount", header: "Importo", type: "currency", sortable: true, filterable: true, searchable: false, fixed: false, hidden: false, exportable: true },
  ],
};

const rows = (n: number, from = 1, prefix = "Valore"): GridRow[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, rowColor: i === 0 ? "#ffcc00" : null, version: 0, fieldValue: `${prefix} ${from + i}`, amount: 123456 }));

const page = (data: GridRow[], count = data.length): GridPage & { status: string } => ({ status: "ok", data, count, countExact: true, startRow: 0, offset: 0, gridData });

type Handler = (url: URL) => { status?: number; body: unknown };
let handler: Handler;
const calls: URL[] = [];

beforeEach(() => {
  // happy-dom has no layout: give the scroll area a size so the virtualizer renders rows
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 800, width: 800, height: 600, toJSON: () => ({}) } as DOMRect);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
  // happy-dom's ResizeObserver reports 0×0; without it the virtualizer keeps the measured size
  vi.stubGlobal("ResizeObserver", undefined);
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      calls.push(url);
      const { status = 200, body } = handler(url);
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(props: Partial<Parameters<typeof ServerGrid>[0]> = {}) {
  return render(
    <>
      <ServerGrid url="/api/test" exportUrl="/api/test/export" initial={page(rows(3))} params={{ fieldName: "title" }} rowColorTable="field_values" {...props} />
      <DialogHost />
      <Toaster />
    </>,
  );
}

describe("ServerGrid", () => {
  it("shows the server's first block without a request, Italian money, row colours", async () => {
    handler = () => ({ body: page([]) });
    setup();
    expect(await screen.findByText("Valore 1")).toBeTruthy();
    expect(screen.getAllByText("1'234,56").length).toBe(3);
    const row = document.querySelector('[data-row-id="1"]') as HTMLElement;
    expect(row.style.backgroundColor).toBeTruthy();
    // the hidden Id column is not shown
    expect(screen.queryByRole("columnheader", { name: "Id" })).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.length).toBe(0);
  });

  it("searches on Enter with the grid's params, then offers 'Rimuovi tutti i filtri'", async () => {
    handler = (url) => ({ body: page(url.searchParams.get("search") ? rows(1, 10, "Trovato") : rows(3)) });
    setup();
    await screen.findByText("Valore 1");
    expect(screen.queryByText(REMOVE_ALL_FILTERS)).toBeNull();
    await userEvent.type(screen.getByRole("textbox", { name: "Ricerca" }), "tro{Enter}");
    expect(await screen.findByText("Trovato 10")).toBeTruthy();
    const call = calls.at(-1)!;
    expect(call.pathname).toBe("/api/test");
    expect(call.searchParams.get("search")).toBe("tro");
    expect(call.searchParams.get("fieldName")).toBe("title");
    expect(call.searchParams.get("startRow")).toBe("0");
    expect(call.searchParams.get("limit")).toBe("50");
    await userEvent.click(screen.getByText(REMOVE_ALL_FILTERS));
    expect(await screen.findByText("Valore 1")).toBeTruthy();
    expect(calls.at(-1)!.searchParams.get("search")).toBeNull();
    expect(screen.queryByText(REMOVE_ALL_FILTERS)).toBeNull();
  });

  it("sorts on header click (asc, desc, none) through sortModel", async () => {
    handler = () => ({ body: page(rows(3)) });
    setup();
    await screen.findByText("Valore 1");
    const header = screen.getByRole("columnheader", { name: /Importo/ });
    await userEvent.click(header);
    await waitFor(() => expect(JSON.parse(calls.at(-1)!.searchParams.get("sortModel")!)).toEqual([{ colId: "amount", sort: "asc" }]));
    await userEvent.click(header);
    await waitFor(() => expect(JSON.parse(calls.at(-1)!.searchParams.get("sortModel")!)).toEqual([{ colId: "amount", sort: "desc" }]));
    await userEvent.click(header);
    await waitFor(() => expect(calls.at(-1)!.searchParams.get("sortModel")).toBeNull());
  });

  it("select all asks every id of the filtered set; the operations select appears only then", async () => {
    handler = (url) => (url.searchParams.get("ids") ? { body: { status: "ok", ids: [1, 2, 3], count: 3 } } : { body: page(rows(3)) });
    const selections: number[][] = [];
    setup({ onSelectionChange: (ids) => selections.push(ids) });
    await screen.findByText("Valore 1");
    expect(screen.queryByRole("combobox", { name: SELECTED_ROWS_OPERATIONS })).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: "Seleziona tutte le righe" }));
    await waitFor(() => expect(selections.at(-1)).toEqual([1, 2, 3]));
    expect(calls.at(-1)!.searchParams.get("ids")).toBe("1");
    const select = screen.getByRole("combobox", { name: SELECTED_ROWS_OPERATIONS });
    expect(within(select).getByRole("option", { name: "Cambia colore" })).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: "Seleziona tutte le righe" }));
    await waitFor(() => expect(selections.at(-1)).toEqual([]));
  });

  it("a failed page shows the notice and the alert", async () => {
    handler = () => ({ status: 500, body: { status: "error", message: "Errore del server" } });
    setup();
    await screen.findByText("Valore 1");
    await userEvent.type(screen.getByRole("textbox", { name: "Ricerca" }), "x{Enter}");
    expect(await screen.findByText("Errore nel caricamento delle righe")).toBeTruthy();
    expect(await screen.findByText(/Errore nella lettura dei dati/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "OK" }));
  });

  it("column chooser: fixed columns cannot be hidden, the layout is saved, reset asks first", async () => {
    handler = () => ({ body: page(rows(3)) });
    setup();
    await screen.findByText("Valore 1");
    await userEvent.click(screen.getByRole("button", { name: "Scegli visualizzazione colonne" }));
    const dialog = await screen.findByRole("dialog", { name: "Scegli visualizzazione colonne" });
    const boxes = within(dialog).getAllByRole("checkbox");
    // Valore (fixed), Id (not togglable), Importo
    expect(boxes.map((b) => (b as HTMLInputElement).disabled)).toEqual([true, true, false]);
    await userEvent.click(boxes[2]!);
    expect(JSON.parse(localStorage.getItem(layoutKey("test-grid"))!).hidden).toContain("amount");
    await userEvent.click(within(dialog).getByRole("button", { name: "Ripristina" }));
    expect(await screen.findByText("Le colonne torneranno alla visualizzazione iniziale, perdendo ordini e dimensioni. Continuare?")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(localStorage.getItem(layoutKey("test-grid"))).toBeNull());
  });

  it("double click and the edit icon call onEdit with the id", async () => {
    handler = () => ({ body: page(rows(3)) });
    const onEdit = vi.fn();
    setup({ onEdit });
    await screen.findByText("Valore 2");
    await userEvent.dblClick(screen.getByText("Valore 2"));
    expect(onEdit).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getAllByRole("button", { name: "Modifica" })[0]!);
    expect(onEdit).toHaveBeenCalledWith(1);
  });
});
