"use client";

/**
 * The column layout of a grid: visibility, order and widths (TanStack Table's column model), saved per
 * grid in localStorage and restored after mount (localStorage is not there on the server); resizing by
 * the header's handle; the column-name filter of the toolbar.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent } from "react";
import { columnOrderingFeature, columnSizingFeature, columnVisibilityFeature, tableFeatures, useTable } from "@tanstack/react-table";
import { clearLayout, defaultLayout, DEFAULT_WIDTH, loadLayout, MAX_WIDTH, MIN_WIDTH, saveLayout, type GridLayout } from "./grid-layout";
import type { GridColumnMeta, GridRow } from "./grid-types";

/** A visible column with its current width. */
export interface ShownColumn {
  meta: GridColumnMeta;
  width: number;
}

export interface ColumnResize {
  /** Pointer down on a header's handle (captures the pointer). */
  start: (e: PointerEvent, field: string, width: number) => void;
  move: (e: PointerEvent) => void;
  /** Pointer up: the new width is saved with the layout. */
  end: () => void;
}

export interface GridLayoutState {
  layout: GridLayout;
  /** Sets and saves a layout (column chooser). */
  setLayout: (next: GridLayout) => void;
  /** Forgets the saved layout: the grid's default columns again. */
  resetLayout: () => void;
  /** Fields shown, in order: fixed ones always, the others unless hidden or filtered out by name. */
  visibleFields: string[];
  shown: ShownColumn[];
  /** Sum of the shown columns' widths. */
  columnsWidth: number;
  columnNameFilter: string;
  setColumnNameFilter: (text: string) => void;
  showColumnNameFilter: boolean;
  /** Shows or hides the column-name filter, clearing it. */
  toggleColumnNameFilter: () => void;
  resize: ColumnResize;
}

type Features = typeof features;
const features = tableFeatures({ columnVisibilityFeature, columnOrderingFeature, columnSizingFeature });
const NO_ROWS: GridRow[] = [];

export function useGridLayout(gridName: string, columns: readonly GridColumnMeta[]): GridLayoutState {
  const byField = useMemo(() => new Map(columns.map((c) => [c.field, c])), [columns]);

  const [layout, setLayoutState] = useState<GridLayout>(() => defaultLayout(columns));
  useEffect(() => {
    setLayoutState(loadLayout(gridName, columns));
  }, [gridName, columns]);
  const setLayout = useCallback(
    (next: GridLayout) => {
      setLayoutState(next);
      saveLayout(gridName, next);
    },
    [gridName],
  );
  const resetLayout = useCallback(() => {
    clearLayout(gridName);
    setLayoutState(defaultLayout(columns));
  }, [gridName, columns]);

  const [columnNameFilter, setColumnNameFilter] = useState("");
  const [showColumnNameFilter, setShowColumnNameFilter] = useState(false);
  const toggleColumnNameFilter = useCallback(() => {
    setShowColumnNameFilter((s) => !s);
    setColumnNameFilter("");
  }, []);

  const visibleFields = useMemo(() => {
    const needle = columnNameFilter.trim().toLowerCase();
    return layout.order.filter((f) => {
      const c = byField.get(f);
      if (!c) return false;
      if (c.fixed) return true;
      if (layout.hidden.includes(f)) return false;
      return !needle || c.header.toLowerCase().includes(needle);
    });
  }, [layout, byField, columnNameFilter]);

  const columnDefs = useMemo(
    () => columns.map((c) => ({ id: c.field, header: c.header, accessorFn: (r: GridRow) => r[c.field], size: c.width ?? DEFAULT_WIDTH, minSize: MIN_WIDTH, maxSize: MAX_WIDTH })),
    [columns],
  );
  const table = useTable<Features, GridRow>({
    features,
    columns: columnDefs as never,
    data: NO_ROWS,
    getRowId: (r) => String(r.id),
    state: {
      columnOrder: layout.order,
      columnVisibility: Object.fromEntries(columns.map((c) => [c.field, visibleFields.includes(c.field)])),
      columnSizing: layout.widths,
    },
  });
  const current = table
    .getVisibleLeafColumns()
    .map((c) => ({ meta: byField.get(c.id)!, width: c.getSize() }))
    .filter((c) => c.meta);
  // one array per distinct layout, so memoised rows and headers only re-render when columns change
  const shownKey = current.map((c) => `${c.meta.field}:${c.width}`).join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the layout's content (shownKey), not on `current`, a new array every render: that identity is what the memo exists to keep
  const shown = useMemo(() => current, [shownKey, byField]);

  const resizeRef = useRef<{ field: string; startX: number; startWidth: number } | null>(null);
  const resize = useMemo<ColumnResize>(
    () => ({
      start(e, field, width) {
        e.preventDefault();
        e.stopPropagation();
        resizeRef.current = { field, startX: e.clientX, startWidth: width };
        (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
      },
      move(e) {
        const r = resizeRef.current;
        if (!r) return;
        const w = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, r.startWidth + e.clientX - r.startX));
        setLayoutState((l) => ({ ...l, widths: { ...l.widths, [r.field]: w } }));
      },
      end() {
        if (!resizeRef.current) return;
        resizeRef.current = null;
        setLayoutState((l) => {
          saveLayout(gridName, l);
          return l;
        });
      },
    }),
    [gridName],
  );

  return {
    layout,
    setLayout,
    resetLayout,
    visibleFields,
    shown,
    columnsWidth: shown.reduce((s, c) => s + c.width, 0),
    columnNameFilter,
    setColumnNameFilter,
    showColumnNameFilter,
    toggleColumnNameFilter,
    resize,
  };
}
