// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ColumnFilter } from "./column-filter";
import type { FilterItem, GridColumnMeta } from "./grid-types";

const column: GridColumnMeta = {
  field: "contact",
  header: "Cliente",
  type: "entity",
  sortable: true,
  filterable: true,
  searchable: true,
  fixed: false,
  hidden: false,
  exportable: true,
  optionsUrl: "/api/contacts/get-filtered-list",
};

/** 250 customers, served by query and offset 100 at a time as get-filtered-list does. */
const customers = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, toString: `Cliente ${String(i + 1).padStart(3, "0")}` }));

describe("ColumnFilter of an entity column", () => {
  let queries: Record<string, string>[];

  beforeEach(() => {
    queries = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), "http://localhost");
        const q = Object.fromEntries(url.searchParams);
        queries.push(q);
        const offset = Number(q.offset ?? 0);
        const matching = customers.filter((c) => c.toString.toLowerCase().includes((q.query ?? "").toLowerCase()));
        return new Response(JSON.stringify({ status: "ok", contacts: matching.slice(offset, offset + 100) }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("searches the whole list, pages on with 'Mostra altri', keeps ticked values in view, and applies their ids", async () => {
    const user = userEvent.setup();
    const applied: (FilterItem | undefined)[] = [];
    render(<ColumnFilter column={column} value={undefined} onApply={(item) => applied.push(item)} />);
    await user.click(screen.getByRole("button", { name: "Filtra Cliente" }));
    const values = await screen.findByRole("group", { name: "Valori" });
    await waitFor(() => expect(values.querySelectorAll("label")).toHaveLength(100));
    expect(queries[0]).toMatchObject({ query: "", offset: "0" });

    // the next hundred on request
    await user.click(screen.getByRole("button", { name: "Mostra altri" }));
    await waitFor(() => expect(values.querySelectorAll("label")).toHaveLength(200));
    expect(queries.at(-1)).toMatchObject({ offset: "100" });

    // one tick, then a search for a customer beyond the first pages: both stay, the first one on top
    await user.click(screen.getByRole("checkbox", { name: "Cliente 007" }));
    await user.type(screen.getByRole("textbox", { name: "Cerca nella lista" }), "Cliente 24");
    // typing may fire a search per keystroke ("Cliente 2" already lists Cliente 240): wait for the final one
    await waitFor(() =>
      expect([...values.querySelectorAll("label")].map((l) => l.textContent)).toEqual(["Cliente 007", ...Array.from({ length: 10 }, (_, i) => `Cliente ${240 + i}`)]),
    );
    expect(queries.at(-1)).toMatchObject({ query: "Cliente 24", offset: "0" });
    await user.click(screen.getByRole("checkbox", { name: "Cliente 245" }));
    expect(screen.getByText("Selezionati: 2")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Applica" }));
    expect(applied).toEqual([{ filterType: "entity", type: "in", values: [7, 245] }]);
  });

  it("says the list is empty when the search finds nothing", async () => {
    const user = userEvent.setup();
    render(<ColumnFilter column={column} value={undefined} onApply={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Filtra Cliente" }));
    await user.type(await screen.findByRole("textbox", { name: "Cerca nella lista" }), "Nessuno");
    expect(await screen.findByText("La lista è vuota")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mostra altri" })).toBeNull();
  });
});
