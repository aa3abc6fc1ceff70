// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { QueryValue } from "@/lib/client/api";
import type { GridPage, GridRow } from "./grid-types";
import { useGridData, type GridDataOptions } from "./use-grid-data";

const gridData: GridPage["gridData"] = {
  name: "data-grid",
  defaultSort: [{ colId: "name", sort: "asc" }],
  columns: [{ field: "name", header: "Nome", type: "text", sortable: true, filterable: true, searchable: true, fixed: true, hidden: false, exportable: true }],
};
const rows = (n: number, from = 1): GridRow[] => Array.from({ length: n }, (_, i) => ({ id: from + i, rowColor: null, name: `R${from + i}` }));
const page = (data: GridRow[], extra: Partial<GridPage> = {}): GridPage & { status: string } => ({ status: "ok", data, count: data.length, countExact: true, startRow: 0, offset: 0, gridData, ...extra });

/** Answers by URL; a promise holds the answer back (a slow request). */
type Handler = (url: URL) => unknown | Promise<unknown>;
let handler: Handler;
const calls: URL[] = [];
const param = (url: URL) => Object.fromEntries(url.searchParams);

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      calls.push(url);
      const body = await handler(url);
      if (init?.signal?.aborted) throw new DOMException("aborted", "AbortError");
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Props = Omit<GridDataOptions, "url">;
function renderData(props: Props) {
  return renderHook((p: Props) => useGridData({ url: "/api/x", ...p }), { initialProps: props });
}

describe("useGridData", () => {
  it("starts from the server's block without a request", async () => {
    handler = () => page([]);
    const { result } = renderData({ initial: page(rows(3)), query: {} });
    expect(result.current.count).toBe(3);
    expect(result.current.rowAt(2)?.name).toBe("R3");
    expect(result.current.rowAt(3)).toBeUndefined();
    expect(result.current.hasTotals).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });

  it("an estimated count is followed by the exact one", async () => {
    handler = () => page([], { count: 123_456, countExact: true });
    const { result } = renderData({ initial: page(rows(50), { count: 100_000, countExact: false }), query: { fieldName: "t" } });
    expect(result.current.count).toBe(100_000);
    await waitFor(() => expect(result.current.count).toBe(123_456));
    expect(param(calls[0]!)).toEqual({ fieldName: "t", startRow: "0", limit: "1", columns: "id", count: "exact" });
  });

  it("a new query starts a new generation: the first block (with count and totals), the old answers ignored", async () => {
    let release!: (body: unknown) => void;
    handler = (url) => (url.searchParams.get("search") === "vecchia" ? new Promise((r) => (release = r)) : page(rows(2, 10), { totals: { amount: 7 } }));
    const totalsGrid = { ...gridData, totals: ["amount"] };
    const initial = page(rows(3), { gridData: totalsGrid, totals: { amount: 1 } });
    const { result, rerender } = renderData({ initial, query: {} });
    expect(result.current.totals).toEqual({ amount: 1 });
    rerender({ initial, query: { search: "vecchia" } });
    await waitFor(() => expect(calls.length).toBe(1));
    // until the new totals come, none are shown
    expect(result.current.totals).toBeUndefined();
    rerender({ initial, query: { search: "nuova" } });
    await waitFor(() => expect(result.current.rowAt(0)?.name).toBe("R10"));
    expect(result.current.count).toBe(2);
    expect(result.current.totals).toEqual({ amount: 7 });
    expect(param(calls[1]!)).toEqual({ search: "nuova", startRow: "0", limit: "50", totals: "1" });
    // the slow answer of the previous query arrives late: nothing changes
    await act(async () => release(page(rows(5, 90), { totals: { amount: 99 } })));
    expect(result.current.rowAt(0)?.name).toBe("R10");
    expect(result.current.count).toBe(2);
    expect(result.current.totals).toEqual({ amount: 7 });
  });

  it("later blocks skip the count and the totals; a short block settles the count", async () => {
    handler = (url) => page(rows(20, Number(url.searchParams.get("startRow")) + 1), { count: null });
    const initial = page(rows(50), { count: 100, gridData: { ...gridData, totals: ["amount"] }, totals: { amount: 5 } });
    const { result } = renderData({ initial, query: { fieldName: "t" } });
    act(() => result.current.loadMissing(40, 60));
    await waitFor(() => expect(result.current.rowAt(50)?.name).toBe("R51"));
    expect(param(calls[0]!)).toEqual({ fieldName: "t", startRow: "50", limit: "50", count: "0" });
    expect(result.current.count).toBe(70);
    expect(result.current.totals).toEqual({ amount: 5 });
    // loaded and loading blocks are not asked twice
    act(() => result.current.loadMissing(40, 60));
    expect(calls.length).toBe(1);
  });

  it("selection: rows, select-all (every id of the filtered set), cleared by a new query or reloadKey, kept by reload()", async () => {
    handler = (url) => (url.searchParams.get("ids") ? { status: "ok", ids: [1, 2, 3], count: 3 } : page(rows(3)));
    const onSelectionChange = vi.fn();
    const initial = page(rows(3));
    const { result, rerender } = renderData({ initial, query: { fieldName: "t" }, onSelectionChange });
    act(() => result.current.toggleRow(2));
    expect([...result.current.selection]).toEqual([2]);
    expect(result.current.allSelected).toBe(false);
    await act(() => result.current.selectAll(true));
    expect(param(calls.at(-1)!)).toEqual({ fieldName: "t", ids: "1" });
    expect([...result.current.selection]).toEqual([1, 2, 3]);
    expect(result.current.allSelected).toBe(true);
    expect(onSelectionChange).toHaveBeenLastCalledWith([1, 2, 3]);
    act(() => result.current.reload());
    await waitFor(() => expect(param(calls.at(-1)!)).toEqual({ fieldName: "t", startRow: "0", limit: "50" }));
    expect(result.current.selection.size).toBe(3);
    rerender({ initial, query: { fieldName: "t" }, onSelectionChange, reloadKey: 1 });
    await waitFor(() => expect(result.current.selection.size).toBe(0));
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
    await act(() => result.current.selectAll(true));
    await act(() => result.current.selectAll(false));
    expect(result.current.selection.size).toBe(0);
  });

  it("updateRows changes the loaded rows (new colours)", () => {
    handler = () => page([]);
    const { result } = renderData({ initial: page(rows(2)), query: {} as Record<string, QueryValue> });
    act(() => result.current.updateRows((r) => (r.id === 2 ? { ...r, rowColor: "#c8efc4" } : r)));
    expect(result.current.rowAt(1)?.rowColor).toBe("#c8efc4");
    expect(result.current.rowAt(0)?.rowColor).toBeNull();
  });
});
