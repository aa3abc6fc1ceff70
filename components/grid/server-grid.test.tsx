// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import { LinkCell, StateBadge } from "./grid-cells";
import { layoutKey } from "./grid-layout";
import type { GridPage, GridRenderers, GridRow, GridRowAction } from "./grid-types";
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
    // on a loaded machine the search's debounce may fire between the key and Enter: two failed loads, two notices
    expect((await screen.findAllByText("Errore nel caricamento delle righe")).length).toBeGreaterThan(0);
    expect((await screen.findAllByText(/Errore nella lettura dei dati/)).length).toBeGreaterThan(0);
    // every alert closed, so the next test starts without one
    while (screen.queryAllByRole("button", { name: "OK" }).length) {
      await userEvent.click(screen.getAllByRole("button", { name: "OK" })[0]!);
      await new Promise((r) => setTimeout(r, 50));
    }
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

describe("ServerGrid cell renderers", () => {
  it("render the columns they name with the value and the row; the others keep formatCell", async () => {
    handler = () => ({ body: page(rows(3)) });
    const seen: [unknown, number][] = [];
    const onOpen = vi.fn();
    const renderers: GridRenderers = {
      fieldValue: (value, row) => {
        seen.push([value, row.id]);
        return <LinkCell label={String(value)} onClick={() => onOpen(row.id)} />;
      },
      amount: (value, row) => <StateBadge tone={row.id === 2 ? "green" : "amber"} label={Number(value) > 0 ? "Da pagare" : "Pagato"} />,
    };
    const onEdit = vi.fn();
    setup({ renderers, onEdit });
    const link = await screen.findByRole("button", { name: "Valore 2" });
    expect(seen).toContainEqual(["Valore 2", 2]);
    // the amount column shows the badge instead of 1'234,56
    expect(screen.queryByText("1'234,56")).toBeNull();
    const badges = screen.getAllByText("Da pagare");
    expect(badges.map((b) => b.getAttribute("data-tone"))).toEqual(["amber", "green", "amber"]);
    // a click on the link runs its handler, a double click on it does not edit the row
    await userEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith(2);
    await userEvent.dblClick(link);
    expect(onEdit).not.toHaveBeenCalled();
    await userEvent.dblClick(badges[1]!);
    expect(onEdit).toHaveBeenCalledWith(2);
  });
});

describe("ServerGrid row actions", () => {
  const setupActions = (extra: Partial<Parameters<typeof ServerGrid>[0]> = {}) => {
    const sent: number[] = [];
    const actions: GridRowAction[] = [
      { key: "pdf", label: "Apri PDF", icon: <span aria-hidden>📄</span>, run: vi.fn() },
      {
        key: "send",
        label: "Invia",
        hidden: (row) => row.id === 2,
        run: (row) => {
          sent.push(row.id);
          return true;
        },
      },
    ];
    setup({ rowActions: actions, ...extra });
    return { actions, sent };
  };

  it("show accessible buttons in an actions cell of each row, hidden where they do not apply", async () => {
    handler = () => ({ body: page(rows(3)) });
    const onEdit = vi.fn();
    const { actions } = setupActions({ onEdit });
    await screen.findByText("Valore 1");
    expect(screen.getByRole("columnheader", { name: "Azioni" })).toBeTruthy();
    const row2 = document.querySelector('[data-row-id="2"]') as HTMLElement;
    const cell2 = within(row2).getByRole("gridcell", { name: "Azioni" });
    expect(within(cell2).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["Apri PDF"]);
    const row1 = document.querySelector('[data-row-id="1"]') as HTMLElement;
    expect(within(row1).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["Modifica", "Apri PDF", "Invia"]);
    // a text action shows its label, an icon action its icon with the label as name and tooltip
    expect(within(row1).getByRole("button", { name: "Invia" }).textContent).toBe("Invia");
    expect(within(row1).getByRole("button", { name: "Apri PDF" }).getAttribute("title")).toBe("Apri PDF");
    await userEvent.click(within(row2).getByRole("button", { name: "Apri PDF" }));
    expect(actions[0]!.run).toHaveBeenCalledWith(expect.objectContaining({ id: 2, fieldValue: "Valore 2" }));
    // double click on the actions does not edit; the pencil still does
    await userEvent.dblClick(within(row2).getByRole("button", { name: "Apri PDF" }));
    expect(onEdit).not.toHaveBeenCalled();
    await userEvent.click(within(row2).getByRole("button", { name: "Modifica" }));
    expect(onEdit).toHaveBeenCalledWith(2);
  });

  it("an action returning true reloads the rows", async () => {
    handler = () => ({ body: page(rows(3, 1, "Ricaricato")) });
    const { sent } = setupActions();
    await screen.findByText("Valore 1");
    await userEvent.click(within(document.querySelector('[data-row-id="3"]') as HTMLElement).getByRole("button", { name: "Invia" }));
    expect(sent).toEqual([3]);
    expect(await screen.findByText("Ricaricato 1")).toBeTruthy();
    expect(calls.at(-1)!.searchParams.get("startRow")).toBe("0");
  });
});

describe("ServerGrid totals footer", () => {
  const withTotals = (data: GridRow[], amount: number, count = data.length) => ({ ...page(data, count), gridData: { ...gridData, totals: ["amount"] }, totals: { amount } });

  it("shows the server's totals under their column, formatted like it, labelled 'Totale'", async () => {
    handler = () => ({ body: page([]) });
    setup({ initial: withTotals(rows(3), 370368) });
    await screen.findByText("Valore 1");
    const footer = screen.getByRole("row", { name: "Totale" });
    expect(within(footer).getByText("Totale")).toBeTruthy();
    const amount = footer.querySelector('[data-total="amount"]') as HTMLElement;
    expect(amount.textContent).toBe("3'703,68");
    // the total sits in the same place as the column's cells (header, rows, footer share the widths)
    const cells = within(footer).getAllByRole("gridcell");
    const headers = screen.getAllByRole("columnheader");
    expect(cells.length).toBe(headers.length);
    expect(cells.map((c) => c.style.width)).toEqual(headers.map((h) => h.style.width));
    expect(screen.getByRole("grid").getAttribute("aria-rowcount")).toBe("5");
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.length).toBe(0);
  });

  it("the first block of a new query asks totals=1 and updates them; later blocks do not ask", async () => {
    handler = (url) => {
      const start = Number(url.searchParams.get("startRow"));
      const search = url.searchParams.get("search");
      if (!search) return { body: withTotals(rows(3), 370368) };
      const body = { ...withTotals(start === 0 ? rows(50, 100, "Trovato") : rows(10, 150, "Trovato"), 12345, 60), startRow: start };
      return { body: url.searchParams.get("totals") === "1" ? body : { ...body, totals: undefined } };
    };
    setup({ initial: withTotals(rows(3), 370368) });
    await screen.findByText("Valore 1");
    await userEvent.type(screen.getByRole("textbox", { name: "Ricerca" }), "tro{Enter}");
    await screen.findByText("Trovato 100");
    const first = calls.find((c) => c.searchParams.get("search") === "tro")!;
    expect(first.searchParams.get("totals")).toBe("1");
    expect(first.searchParams.get("count")).toBeNull();
    await waitFor(() => expect(document.querySelector('[data-total="amount"]')!.textContent).toBe("123,45"));
    // the rest of the 60 rows: a later block, without count and without totals
    await waitFor(() => expect(calls.some((c) => c.searchParams.get("startRow") === "50")).toBe(true));
    const later = calls.find((c) => c.searchParams.get("startRow") === "50")!;
    expect(later.searchParams.get("count")).toBe("0");
    expect(later.searchParams.get("totals")).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('[data-total="amount"]')!.textContent).toBe("123,45");
  });

  it("a first block without totals (a dialog's fetch) asks for them alone", async () => {
    handler = () => ({ body: withTotals([], 999) });
    setup({ initial: { ...withTotals(rows(3), 0), totals: undefined } });
    expect(screen.getByRole("row", { name: "Totale" }).getAttribute("aria-busy")).toBe("true");
    await screen.findByText("Valore 1");
    await waitFor(() => expect(document.querySelector('[data-total="amount"]')!.textContent).toBe("9,99"));
    expect(calls.length).toBe(1);
    expect(Object.fromEntries(calls[0]!.searchParams)).toMatchObject({ totals: "1", count: "0", limit: "1", columns: "id", fieldName: "title" });
  });

  it("no footer on a grid without totals", async () => {
    handler = () => ({ body: page(rows(3)) });
    setup();
    await screen.findByText("Valore 1");
    expect(screen.queryByRole("row", { name: "Totale" })).toBeNull();
    expect(screen.getByRole("grid").getAttribute("aria-rowcount")).toBe("4");
  });
});
