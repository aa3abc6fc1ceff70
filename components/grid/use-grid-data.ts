"use client";

/**
 * The rows of a server-paged grid: blocks of GRID_BLOCK_SIZE loaded on demand, the count (with the
 * exact figure following an estimate), the footer totals (asked with the first block only), the
 * selection and select-all. Every query change (or reloadKey) starts a new generation: requests of
 * older generations are aborted and their answers ignored.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { alertDialog } from "@/components/ui/dialogs";
import { apiGet, errorMessage, isAbortError, isUnauthorized, type QueryValue } from "@/lib/client/api";
import { notifyError } from "@/lib/client/notify";
import { BlockCache } from "./block-cache";
import { GRID_BLOCK_SIZE, GRID_ROW_BUFFER, LOAD_ROWS_ERROR, READ_DATA_ERROR, type GridPage, type GridRow, type GridTotals } from "./grid-types";

export interface GridDataOptions {
  /** List URL (GET, list contract). */
  url: string;
  /** The first block, rendered on the server: shown without a request. */
  initial: GridPage;
  /** The list query without paging: the grid's params, sortModel, filterModel, search. */
  query: Record<string, QueryValue>;
  /** Change it to reload the rows (and clear the selection). */
  reloadKey?: number | string;
  onSelectionChange?: (ids: number[]) => void;
}

export interface GridDataState {
  /** Rows of the filtered set (the placeholders of rows not loaded yet count). */
  count: number;
  /** The row at a position, or undefined while its block is not loaded. */
  rowAt: (index: number) => GridRow | undefined;
  /** Loads the blocks the visible range [first, last] needs (plus the row buffer). */
  loadMissing: (first: number, last: number) => void;
  /** The grid declares footer totals (gridData.totals). */
  hasTotals: boolean;
  /** Totals of the current filtered set; undefined while they load. */
  totals: GridTotals | undefined;
  selection: ReadonlySet<number>;
  /** Select-all is asking the server for every id. */
  selectingAll: boolean;
  allSelected: boolean;
  toggleRow: (id: number) => void;
  /** On: every id of the filtered set (not only the loaded rows); off: none. */
  selectAll: (on: boolean) => Promise<void>;
  /** Reloads the rows from the first block (the selection stays). */
  reload: () => void;
  /** Applies a change to every loaded row (e.g. new row colours). */
  updateRows: (fn: (row: GridRow) => GridRow) => void;
}

/** The query of a follow-up that only wants a figure: one id, no page worth reading. */
const FIGURE_ONLY = { startRow: 0, limit: 1, columns: "id" } as const;

export function useGridData({ url, initial, query, reloadKey, onSelectionChange }: GridDataOptions): GridDataState {
  const gridName = initial.gridData.name;
  const hasTotals = (initial.gridData.totals?.length ?? 0) > 0;
  const queryKey = JSON.stringify(query);

  // the server's block is there from the first render (no flash of placeholders)
  const [seeded] = useState(() => {
    const cache = new BlockCache(GRID_BLOCK_SIZE);
    cache.set(0, initial.data);
    return cache;
  });
  const cacheRef = useRef(seeded);
  const generationRef = useRef(0);
  const controllersRef = useRef(new Set<AbortController>());
  const alertShownRef = useRef(false);
  const [count, setCount] = useState(initial.count ?? initial.data.length);
  const [totals, setTotals] = useState<GridTotals | undefined>(initial.totals);
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((t) => t + 1), []);
  const [selection, setSelection] = useState<Set<number>>(() => new Set());
  const [selectingAll, setSelectingAll] = useState(false);

  const reportFailure = useCallback((e: unknown) => {
    // an ended session has its own notice (lib/client/api.ts): no second and third one here
    if (isUnauthorized(e)) return;
    notifyError(LOAD_ROWS_ERROR);
    if (!alertShownRef.current) {
      alertShownRef.current = true;
      const detail = errorMessage(e);
      void alertDialog(detail && detail !== READ_DATA_ERROR ? `${READ_DATA_ERROR}: ${detail}` : READ_DATA_ERROR);
    }
  }, []);

  /** The exact count after an estimate: the first paint stays fast, the figure follows. */
  const followExactCount = useCallback(
    (generation: number, signal?: AbortSignal) => {
      apiGet<GridPage>(url, { ...query, ...FIGURE_ONLY, count: "exact" }, { signal })
        .then((exact) => {
          if (generation === generationRef.current && exact.count !== null) setCount(exact.count);
        })
        .catch(() => {});
    },
    [url, query],
  );

  const loadBlock = useCallback(
    (block: number, withCount: boolean) => {
      const cache = cacheRef.current;
      const generation = generationRef.current;
      const ctrl = new AbortController();
      controllersRef.current.add(ctrl);
      cache.markLoading(block, true);
      const startRow = block * GRID_BLOCK_SIZE;
      // the first block of a query also brings the count and the totals; later blocks skip both
      const params = { ...query, startRow, limit: GRID_BLOCK_SIZE, count: withCount ? undefined : 0, totals: withCount && hasTotals ? 1 : undefined };
      apiGet<GridPage>(url, params, { signal: ctrl.signal })
        .then((res) => {
          if (generation !== generationRef.current) return;
          const duplicates = cache.set(block, res.data);
          if (duplicates.length) console.warn(`[grid ${gridName}] id di riga duplicati:`, duplicates);
          if (withCount && hasTotals) setTotals(res.totals);
          if (withCount && res.count !== null) {
            setCount(res.count);
            if (!res.countExact) followExactCount(generation, ctrl.signal);
          } else if (res.data.length < GRID_BLOCK_SIZE) {
            setCount((c) => Math.min(c, startRow + res.data.length));
          }
          rerender();
        })
        .catch((e) => {
          cache.markLoading(block, false);
          if (isAbortError(e) || generation !== generationRef.current) return;
          reportFailure(e);
        })
        .finally(() => controllersRef.current.delete(ctrl));
    },
    [url, query, gridName, hasTotals, rerender, reportFailure, followExactCount],
  );

  const startGeneration = useCallback(() => {
    for (const c of controllersRef.current) c.abort();
    controllersRef.current.clear();
    generationRef.current++;
    cacheRef.current = new BlockCache(GRID_BLOCK_SIZE);
    // totals of the previous set would be wrong under the new rows: none until the new ones come
    setTotals(undefined);
  }, []);

  // reset on every query change (and reloadKey); the very first render uses the server's block
  const firstRef = useRef(true);
  useEffect(() => {
    if (firstRef.current) {
      firstRef.current = false;
      const generation = generationRef.current;
      if (initial.count !== null && !initial.countExact) followExactCount(generation);
      // a first block read without totals=1 (e.g. fetched by a dialog): ask for them alone
      if (hasTotals && !initial.totals) {
        apiGet<GridPage>(url, { ...query, ...FIGURE_ONLY, count: 0, totals: 1 })
          .then((res) => {
            if (generation === generationRef.current) setTotals(res.totals);
          })
          .catch(() => {});
      }
      return;
    }
    startGeneration();
    alertShownRef.current = false;
    setSelection(new Set());
    loadBlock(0, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the query's content (queryKey), not on the query object rebuilt every render; loadBlock and the first block are read as of that change
  }, [queryKey, reloadKey]);

  useEffect(() => {
    const controllers = controllersRef.current;
    return () => controllers.forEach((c) => c.abort());
  }, []);

  useEffect(() => {
    onSelectionChange?.([...selection]);
  }, [selection, onSelectionChange]);

  const loadMissing = useCallback(
    (first: number, last: number) => {
      for (const block of cacheRef.current.missing(first, last, GRID_ROW_BUFFER, count)) loadBlock(block, false);
    },
    [count, loadBlock],
  );

  const reload = useCallback(() => {
    startGeneration();
    loadBlock(0, true);
  }, [startGeneration, loadBlock]);

  const selectAll = useCallback(
    async (on: boolean) => {
      if (!on) return setSelection(new Set());
      setSelectingAll(true);
      try {
        const res = await apiGet<{ ids: number[] }>(url, { ...query, ids: 1 });
        setSelection(new Set(res.ids));
      } catch (e) {
        if (!isAbortError(e)) reportFailure(e);
      } finally {
        setSelectingAll(false);
      }
    },
    [url, query, reportFailure],
  );

  const toggleRow = useCallback((id: number) => {
    setSelection((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const updateRows = useCallback(
    (fn: (row: GridRow) => GridRow) => {
      cacheRef.current.updateRows(fn);
      rerender();
    },
    [rerender],
  );

  const rowAt = useCallback((index: number) => cacheRef.current.rowAt(index), []);

  return {
    count,
    rowAt,
    loadMissing,
    hasTotals,
    totals,
    selection,
    selectingAll,
    allSelected: count > 0 && selection.size >= count,
    toggleRow,
    selectAll,
    reload,
    updateRows,
  };
}
