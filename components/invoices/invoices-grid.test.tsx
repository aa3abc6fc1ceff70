// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SELECTED_ROWS_OPERATIONS } from "@/components/grid/grid-toolbar";
import type { GridColumnMeta, GridPage, GridRow } from "@/components/grid/grid-types";
import { DialogHost } from "@/components/ui/dialogs";
import { Toaster } from "@/components/ui/toaster";
import type { DocumentKind } from "@/lib/schemas/invoice";
import { DELETE_DOCUMENT_CONFIRM } from "./invoice-actions";
import { InvoicesGrid } from "./invoices-grid";

const column = (field: string, header: string, type: GridColumnMeta["type"], hidden = false): GridColumnMeta => ({
  field,
  header,
  type,
  sortable: true,
  filterable: true,
  searchable: false,
  fixed: false,
  hidden,
  exportable: field !== "deletable",
});

// the columns the server's grid sends (db/documents/grid.ts invoicesGrid), the ones this test reads
const gridData: GridPage["gridData"] = {
  name: "invoices-test",
  defaultSort: [{ colId: "date", sort: "desc" }],
  columns: [
    column("id", "Id", "integer", true),
    column("number", "Numero", "text"),
    column("date", "Data", "date"),
    column("documentType", "Tipo documento", "text"),
    column("state", "Stato", "text"),
    column("deletable", "Eliminabile", "boolean", true),
  ],
};

const rows: GridRow[] = [
  { id: 1, rowColor: null, version: 0, number: "1/P", date: "2026-03-02", documentType: "TD01", state: "Emessa", deletable: false },
  { id: 2, rowColor: null, version: 0, number: "2/P", date: "2026-03-03", documentType: "TD01", state: "Emessa", deletable: true },
  { id: 3, rowColor: null, version: 0, number: null, date: "2026-03-04", documentType: "TD01", state: "Bozza", deletable: true },
];
const page = (): GridPage & { status: string } => ({ status: "ok", data: rows, count: rows.length, countExact: true, startRow: 0, offset: 0, gridData });

const calls: { method: string; url: URL }[] = [];

beforeEach(() => {
  // happy-dom has no layout: give the scroll area a size so the virtualizer renders rows
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1200, width: 1200, height: 600, toJSON: () => ({}) } as DOMRect);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1200);
  vi.stubGlobal("ResizeObserver", undefined);
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      calls.push({ method: init?.method ?? "GET", url });
      const body = init?.method === "DELETE" ? { status: "ok", message: "Eliminazione effettuata" } : url.searchParams.get("ids") ? { status: "ok", ids: [1, 2, 3], count: 3 } : page();
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderGrid(kind: DocumentKind) {
  render(
    <>
      <InvoicesGrid initial={page()} kind={kind} />
      <DialogHost />
      <Toaster />
    </>,
  );
  await screen.findByText("1/P");
}

const row = (id: number) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement;
const headers = () => screen.getAllByRole("columnheader").map((h) => h.textContent?.trim() ?? "");

describe("the documents' lists", () => {
  it.each(["PROFORMA", "QUOTE"] as const)("%s: no 'Tipo documento' (never sent to SDI: a TD01 would mean nothing); /fatture keeps it", async (kind) => {
    await renderGrid(kind);
    expect(headers().some((h) => h.startsWith("Numero"))).toBe(true);
    expect(headers().some((h) => h.startsWith("Tipo documento"))).toBe(false);
    expect(screen.queryByText("TD01")).toBeNull();
    cleanup();
    await renderGrid("INVOICE");
    expect(headers().some((h) => h.startsWith("Tipo documento"))).toBe(true);
    expect(screen.getAllByText("TD01").length).toBe(3);
  });

  it("'Elimina' only on the rows the server would delete; it asks, deletes that document and reloads", async () => {
    await renderGrid("PROFORMA");
    expect(within(row(1)).queryByRole("button", { name: "Elimina" })).toBeNull();
    expect(within(row(2)).getByRole("button", { name: "Elimina" })).toBeTruthy();
    expect(within(row(3)).getByRole("button", { name: "Elimina" })).toBeTruthy();
    // not among the operations on the selected rows either (it would be offered on documents the server refuses)
    await userEvent.click(screen.getByRole("checkbox", { name: "Seleziona tutte le righe" }));
    const operations = await screen.findByRole("combobox", { name: SELECTED_ROWS_OPERATIONS });
    expect(within(operations).queryByRole("option", { name: "Elimina" })).toBeNull();

    await userEvent.click(within(row(2)).getByRole("button", { name: "Elimina" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain(DELETE_DOCUMENT_CONFIRM);
    await userEvent.click(within(confirm).getByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url.pathname)).toEqual(["/api/invoices/2"]);
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get("startRow")).toBe("0"));
  });
});
