// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { act, renderHook } from "@testing-library/react";
import type { PointerEvent } from "react";
import { layoutKey } from "./grid-layout";
import type { GridColumnMeta } from "./grid-types";
import { useGridLayout } from "./use-grid-layout";

const col = (field: string, header: string, extra: Partial<GridColumnMeta> = {}): GridColumnMeta => ({
  field,
  header,
  type: "text",
  sortable: true,
  filterable: true,
  searchable: false,
  fixed: false,
  hidden: false,
  exportable: true,
  ...extra,
});
const columns = [col("id", "Id", { hidden: true }), col("name", "Nome", { fixed: true, width: 200 }), col("email", "Email"), col("phone", "Telefono", { width: 120 })];

const pointer = (clientX: number) => ({ clientX, pointerId: 1, preventDefault() {}, stopPropagation() {}, target: document.body }) as unknown as PointerEvent;
const fields = (shown: { meta: GridColumnMeta; width: number }[]) => shown.map((c) => `${c.meta.field}:${c.width}`);

beforeEach(() => localStorage.clear());

describe("useGridLayout", () => {
  it("shows the default columns (declared widths, else 150) until the saved layout is restored after mount", () => {
    const { result } = renderHook(() => useGridLayout("layout-grid", columns));
    expect(fields(result.current.shown)).toEqual(["name:200", "email:150", "phone:120"]);
    expect(result.current.columnsWidth).toBe(470);

    localStorage.setItem(layoutKey("saved-grid"), JSON.stringify({ order: ["phone", "email"], hidden: ["email"], widths: { phone: 90 } }));
    const saved = renderHook(() => useGridLayout("saved-grid", columns));
    expect(fields(saved.result.current.shown)).toEqual(["name:200", "phone:90"]);
    expect(saved.result.current.visibleFields).toEqual(["name", "phone"]);
  });

  it("setLayout saves; resetLayout forgets the saved layout", () => {
    const { result } = renderHook(() => useGridLayout("layout-grid", columns));
    act(() => result.current.setLayout({ ...result.current.layout, hidden: ["id", "phone"] }));
    expect(fields(result.current.shown)).toEqual(["name:200", "email:150"]);
    expect(JSON.parse(localStorage.getItem(layoutKey("layout-grid"))!).hidden).toEqual(["id", "phone"]);
    act(() => result.current.resetLayout());
    expect(localStorage.getItem(layoutKey("layout-grid"))).toBeNull();
    expect(fields(result.current.shown)).toEqual(["name:200", "email:150", "phone:120"]);
  });

  it("the column-name filter keeps fixed columns; hiding it clears it", () => {
    const { result } = renderHook(() => useGridLayout("layout-grid", columns));
    act(() => result.current.toggleColumnNameFilter());
    expect(result.current.showColumnNameFilter).toBe(true);
    act(() => result.current.setColumnNameFilter("TELE"));
    expect(result.current.visibleFields).toEqual(["name", "phone"]);
    act(() => result.current.toggleColumnNameFilter());
    expect(result.current.showColumnNameFilter).toBe(false);
    expect(result.current.columnNameFilter).toBe("");
    expect(result.current.visibleFields).toEqual(["name", "email", "phone"]);
  });

  it("resizing follows the pointer within 50-1200 px and is saved on release", () => {
    const { result } = renderHook(() => useGridLayout("layout-grid", columns));
    act(() => result.current.resize.start(pointer(100), "email", 150));
    act(() => result.current.resize.move(pointer(160)));
    expect(fields(result.current.shown)).toContain("email:210");
    expect(localStorage.getItem(layoutKey("layout-grid"))).toBeNull();
    act(() => result.current.resize.move(pointer(-500)));
    expect(fields(result.current.shown)).toContain("email:50");
    act(() => result.current.resize.end());
    expect(JSON.parse(localStorage.getItem(layoutKey("layout-grid"))!).widths).toEqual({ email: 50 });
    // moves without a pressed handle do nothing
    act(() => result.current.resize.move(pointer(900)));
    expect(fields(result.current.shown)).toContain("email:50");
  });

  it("the shown columns keep their identity while the layout does not change (memoised rows)", () => {
    const { result, rerender } = renderHook(() => useGridLayout("layout-grid", columns));
    const before = result.current.shown;
    rerender();
    expect(result.current.shown).toBe(before);
    act(() => result.current.resize.start(pointer(0), "phone", 120));
    act(() => result.current.resize.move(pointer(10)));
    expect(result.current.shown).not.toBe(before);
  });
});
