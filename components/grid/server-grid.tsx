"use client";

/**
 * The server-paged grid (spec §2 Grids): TanStack Table for the column model (visibility, order,
 * sizing) and TanStack Virtual for the rows. The first block comes from the server component
 * (listGrid, same query as the API); then blocks of 50 load as the user scrolls (row buffer 100,
 * page-load debounce 200 ms), cancelled requests are ignored and failures show
 * 'Errore nel caricamento delle righe' / 'Errore nella lettura dei dati'.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { columnOrderingFeature, columnSizingFeature, columnVisibilityFeature, tableFeatures, useTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { alertDialog } from "@/components/ui/dialogs";
import { ColumnSearchIcon, ColumnsIcon, EditIcon, ExportIcon, SearchIcon, SortAscIcon, SortDescIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { apiGet, buildUrl, errorMessage, isAbortError } from "@/lib/client/api";
import { notifyError } from "@/lib/client/notify";
import { BlockCache } from "./block-cache";
import { ColumnFilter } from "./column-filter";
import { ChangeColorDialog, ColumnChooserDialog, ExportDialog } from "./grid-dialogs";
import { formatCell, isNumericColumn } from "./grid-format";
import { clearLayout, defaultLayout, DEFAULT_WIDTH, loadLayout, MAX_WIDTH, MIN_WIDTH, saveLayout, type GridLayout } from "./grid-layout";
import {
  GRID_BLOCK_SIZE,
  GRID_LOAD_DEBOUNCE_MS,
  GRID_ROW_BUFFER,
  GRID_SEARCH_THROTTLE_MS,
  LOAD_ROWS_ERROR,
  READ_DATA_ERROR,
  type FilterItem,
  type FilterModel,
  type GridColumnMeta,
  type GridOperation,
  type GridPage,
  type GridRow,
  type SortItem,
} from "./grid-types";

export const SELECTED_ROWS_OPERATIONS = "Operazioni sulle righe selezionate";
export const REMOVE_ALL_FILTERS = "Rimuovi tutti i filtri";
const CHANGE_COLOR_KEY = "__change-color";

export interface ServerGridProps {
  /** List URL (GET, list contract), e.g. "/api/field-values". */
  url: string;
  /** Export URL (GET, format=csv|xlsx); without it there is no export button. */
  exportUrl?: string;
  /** The first block, rendered on the server with listGrid(scope, grid, same params). */
  initial: GridPage;
  /** The grid's own parameters (e.g. { fieldName: "title" }), sent with every request. */
  params?: Record<string, string>;
  /** Filters the grid starts with; 'Rimuovi tutti i filtri' shows when the filters differ from them. */
  defaultFilterModel?: FilterModel;
  /** Table name of the row colour registry: enables the built-in 'Cambia colore' operation. */
  rowColorTable?: string;
  /** Extra operations of 'Operazioni sulle righe selezionate'. */
  operations?: GridOperation[];
  /** Double click on a row or its edit icon. */
  onEdit?: (id: number) => void;
  /** The selected ids (every row of the filtered set after 'select all'). */
  onSelectionChange?: (ids: number[]) => void;
  /** Change it to reload the rows (after a save or delete). */
  reloadKey?: number | string;
  /** Buttons at the left of the toolbar (e.g. 'Crea valore'). */
  toolbarExtra?: ReactNode;
  /** Height of the rows area (CSS), default 60vh. */
  height?: number | string;
  rowHeight?: number;
  className?: string;
}

type Features = typeof features;
const features = tableFeatures({ columnVisibilityFeature, columnOrderingFeature, columnSizingFeature });
const NO_ROWS: GridRow[] = [];

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

export function ServerGrid({
  url,
  exportUrl,
  initial,
  params,
  defaultFilterModel,
  rowColorTable,
  operations = [],
  onEdit,
  onSelectionChange,
  reloadKey,
  toolbarExtra,
  height = "60vh",
  rowHeight = 32,
  className,
}: ServerGridProps) {
  const columns = initial.gridData.columns;
  const gridName = initial.gridData.name;
  const byField = useMemo(() => new Map(columns.map((c) => [c.field, c])), [columns]);

  // ---- layout (restored after mount: localStorage is not there on the server)
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

  // ---- query state
  const [sort, setSort] = useState<SortItem[]>([]);
  const [filterModel, setFilterModel] = useState<FilterModel>(defaultFilterModel ?? {});
  const [search, setSearch] = useState("");
  const [searchInput, setSearchInput] = useState("");
  const [columnNameFilter, setColumnNameFilter] = useState("");
  const [showColumnNameFilter, setShowColumnNameFilter] = useState(false);

  const query = useMemo(
    () => ({
      ...params,
      sortModel: sort.length ? sort : undefined,
      filterModel: Object.keys(filterModel).length ? filterModel : undefined,
      search: search.trim() || undefined,
    }),
    [params, sort, filterModel, search],
  );
  const queryKey = JSON.stringify(query);

  // ---- rows
  const cacheRef = useRef(new BlockCache(GRID_BLOCK_SIZE));
  const generationRef = useRef(0);
  const controllersRef = useRef(new Set<AbortController>());
  const alertShownRef = useRef(false);
  const [count, setCount] = useState(initial.count ?? initial.data.length);
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((t) => t + 1), []);

  const [selection, setSelection] = useState<Set<number>>(() => new Set());
  const [selectingAll, setSelectingAll] = useState(false);

  const reportFailure = useCallback((e: unknown) => {
    notifyError(LOAD_ROWS_ERROR);
    if (!alertShownRef.current) {
      alertShownRef.current = true;
      const detail = errorMessage(e);
      void alertDialog(detail && detail !== READ_DATA_ERROR ? `${READ_DATA_ERROR}: ${detail}` : READ_DATA_ERROR);
    }
  }, []);

  const loadBlock = useCallback(
    (block: number, withCount: boolean) => {
      const cache = cacheRef.current;
      const generation = generationRef.current;
      const ctrl = new AbortController();
      controllersRef.current.add(ctrl);
      cache.markLoading(block, true);
      const startRow = block * GRID_BLOCK_SIZE;
      apiGet<GridPage>(url, { ...query, startRow, limit: GRID_BLOCK_SIZE, count: withCount ? undefined : 0 }, { signal: ctrl.signal })
        .then((res) => {
          if (generation !== generationRef.current) return;
          const duplicates = cache.set(block, res.data);
          if (duplicates.length) console.warn(`[grid ${gridName}] id di riga duplicati:`, duplicates);
          if (withCount && res.count !== null) {
            setCount(res.count);
            if (!res.countExact) {
              // an estimate keeps the first paint fast; the exact count follows
              apiGet<GridPage>(url, { ...query, startRow: 0, limit: 1, count: "exact", columns: "id" }, { signal: ctrl.signal })
                .then((exact) => {
                  if (generation === generationRef.current && exact.count !== null) setCount(exact.count);
                })
                .catch(() => {});
            }
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
    [url, query, gridName, rerender, reportFailure],
  );

  // reset on every query change (and reloadKey); the very first render uses the server's block
  const firstRef = useRef(true);
  useEffect(() => {
    if (firstRef.current) {
      firstRef.current = false;
      if (initial && sameJson(filterModel, defaultFilterModel ?? {}) && !sort.length && !search) {
        cacheRef.current.set(0, initial.data);
        rerender();
        if (initial.count !== null && !initial.countExact) {
          const generation = generationRef.current;
          apiGet<GridPage>(url, { ...query, startRow: 0, limit: 1, count: "exact", columns: "id" })
            .then((exact) => {
              if (generation === generationRef.current && exact.count !== null) setCount(exact.count);
            })
            .catch(() => {});
        }
        return;
      }
    }
    for (const c of controllersRef.current) c.abort();
    controllersRef.current.clear();
    generationRef.current++;
    alertShownRef.current = false;
    cacheRef.current = new BlockCache(GRID_BLOCK_SIZE);
    setSelection(new Set());
    loadBlock(0, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryKey, reloadKey]);

  useEffect(() => {
    const controllers = controllersRef.current;
    return () => controllers.forEach((c) => c.abort());
  }, []);

  useEffect(() => {
    onSelectionChange?.([...selection]);
  }, [selection, onSelectionChange]);

  // ---- virtual rows
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const block of cacheRef.current.missing(first, last, GRID_ROW_BUFFER, count)) loadBlock(block, false);
    }, GRID_LOAD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [first, last, count, loadBlock, queryKey]);

  // ---- column model
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
  const leafColumns = table.getVisibleLeafColumns();
  const shown = leafColumns.map((c) => ({ meta: byField.get(c.id)!, width: c.getSize() })).filter((c) => c.meta);
  const totalWidth = 36 + (onEdit ? 32 : 0) + shown.reduce((s, c) => s + c.width, 0);

  // ---- resize
  const resizeRef = useRef<{ field: string; startX: number; startWidth: number } | null>(null);
  function onResizeStart(e: React.PointerEvent, field: string, width: number) {
    e.preventDefault();
    e.stopPropagation();
    resizeRef.current = { field, startX: e.clientX, startWidth: width };
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  }
  function onResizeMove(e: React.PointerEvent) {
    const r = resizeRef.current;
    if (!r) return;
    const w = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, r.startWidth + e.clientX - r.startX));
    setLayoutState((l) => ({ ...l, widths: { ...l.widths, [r.field]: w } }));
  }
  function onResizeEnd() {
    if (!resizeRef.current) return;
    resizeRef.current = null;
    setLayoutState((l) => {
      saveLayout(gridName, l);
      return l;
    });
  }

  // ---- search (Enter or button, throttled 400 ms)
  const lastSearchRef = useRef(0);
  const searchTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  function runSearch() {
    const wait = lastSearchRef.current + GRID_SEARCH_THROTTLE_MS - Date.now();
    clearTimeout(searchTimerRef.current);
    if (wait > 0) {
      searchTimerRef.current = setTimeout(runSearch, wait);
      return;
    }
    lastSearchRef.current = Date.now();
    setSearch(searchInput);
  }

  function toggleSort(col: GridColumnMeta, multi: boolean) {
    if (!col.sortable) return;
    setSort((cur) => {
      const existing = cur.find((s) => s.colId === col.field);
      const next: SortItem | null = !existing ? { colId: col.field, sort: "asc" } : existing.sort === "asc" ? { colId: col.field, sort: "desc" } : null;
      const others = multi ? cur.filter((s) => s.colId !== col.field) : [];
      return next ? [...others, next] : others;
    });
  }

  function setColumnFilter(field: string, item: FilterItem | undefined) {
    setFilterModel((cur) => {
      const next = { ...cur };
      if (item) next[field] = item;
      else delete next[field];
      return next;
    });
  }

  const filtersChanged = !sameJson(filterModel, defaultFilterModel ?? {}) || search.trim() !== "";
  function removeAllFilters() {
    setFilterModel(defaultFilterModel ?? {});
    setSearch("");
    setSearchInput("");
  }

  async function selectAll(on: boolean) {
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
  }

  function toggleRow(id: number) {
    setSelection((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  // ---- dialogs
  const [chooserOpen, setChooserOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [colorOpen, setColorOpen] = useState(false);
  const [operation, setOperation] = useState("");

  async function runOperation(key: string) {
    setOperation("");
    if (key === CHANGE_COLOR_KEY) return setColorOpen(true);
    const op = operations.find((o) => o.key === key);
    if (!op) return;
    const reload = await op.run([...selection]);
    if (reload) resetRows();
  }

  function resetRows() {
    generationRef.current++;
    for (const c of controllersRef.current) c.abort();
    cacheRef.current = new BlockCache(GRID_BLOCK_SIZE);
    loadBlock(0, true);
  }

  function exportRows(fields: string[], format: "csv" | "xlsx") {
    if (!exportUrl) return;
    window.open(buildUrl(exportUrl, { ...query, format, columns: fields.join(",") }), "_blank", "noopener");
    setExportOpen(false);
  }

  const allSelected = count > 0 && selection.size >= count;
  const operationOptions = [...(rowColorTable ? [{ key: CHANGE_COLOR_KEY, label: "Cambia colore" }] : []), ...operations.map((o) => ({ key: o.key, label: o.label }))];

  return (
    <div className={cn("flex min-w-0 flex-col gap-2", className)} data-grid={gridName}>
      <div className="flex flex-wrap items-center gap-2">
        {toolbarExtra}
        <div className="flex items-center gap-1">
          <Input
            aria-label="Ricerca"
            placeholder="Ricerca"
            className="w-56"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                runSearch();
              }
            }}
          />
          <Button type="button" variant="secondary" size="icon" aria-label="Cerca" title="Cerca" onClick={runSearch}>
            <SearchIcon />
          </Button>
        </div>
        {filtersChanged && (
          <button type="button" className="text-sm text-primary-700 hover:underline" onClick={removeAllFilters}>
            {REMOVE_ALL_FILTERS}
          </button>
        )}
        {selection.size > 0 && operationOptions.length > 0 && (
          <select
            aria-label={SELECTED_ROWS_OPERATIONS}
            className="h-9 rounded-md border border-border bg-white px-2 text-sm"
            value={operation}
            onChange={(e) => void runOperation(e.target.value)}
          >
            <option value="">{SELECTED_ROWS_OPERATIONS}</option>
            {operationOptions.map((o) => (
              <option key={o.key} value={o.key}>
                {o.label}
              </option>
            ))}
          </select>
        )}
        <div className="ml-auto flex items-center gap-1">
          {showColumnNameFilter && (
            <Input aria-label="Filtra colonne per nome" placeholder="Nome colonna" className="w-40" value={columnNameFilter} onChange={(e) => setColumnNameFilter(e.target.value)} autoFocus />
          )}
          <Button
            type="button"
            variant="secondary"
            size="icon"
            aria-label="Filtra colonne per nome"
            title="Filtra colonne per nome"
            onClick={() => {
              setShowColumnNameFilter((s) => !s);
              setColumnNameFilter("");
            }}
          >
            <ColumnSearchIcon />
          </Button>
          <Button type="button" variant="secondary" size="icon" aria-label="Scegli visualizzazione colonne" title="Scegli visualizzazione colonne" onClick={() => setChooserOpen(true)}>
            <ColumnsIcon />
          </Button>
          {exportUrl && (
            <Button type="button" variant="secondary" size="sm" onClick={() => setExportOpen(true)}>
              <ExportIcon size={14} />
              Esporta
            </Button>
          )}
        </div>
      </div>

      <div ref={scrollRef} className="relative overflow-auto rounded-md border border-border bg-white text-sm" style={{ height }} role="grid" aria-rowcount={count + 1} aria-busy={selectingAll}>
        <div style={{ width: totalWidth, minWidth: "100%" }}>
          <div className="sticky top-0 z-10 flex border-b border-border bg-gray-50 font-medium" role="row" style={{ height: rowHeight + 4 }}>
            <div className="flex w-9 shrink-0 items-center justify-center" role="columnheader">
              <input type="checkbox" aria-label="Seleziona tutte le righe" checked={allSelected} disabled={selectingAll || count === 0} onChange={(e) => void selectAll(e.target.checked)} />
            </div>
            {onEdit && <div className="w-8 shrink-0" role="columnheader" aria-label="Modifica" />}
            {shown.map(({ meta, width }) => {
              const s = sort.find((x) => x.colId === meta.field);
              return (
                <div
                  key={meta.field}
                  role="columnheader"
                  aria-sort={s ? (s.sort === "asc" ? "ascending" : "descending") : "none"}
                  className={cn("relative flex shrink-0 items-center border-r border-border px-2", meta.sortable && "cursor-pointer select-none hover:bg-primary-50", isNumericColumn(meta) && "justify-end")}
                  style={{ width }}
                  onClick={(e) => toggleSort(meta, e.shiftKey)}
                  title={meta.header}
                >
                  <span className="truncate">{meta.header}</span>
                  {s && <span className="ml-1 inline-flex text-gray-600">{s.sort === "asc" ? <SortAscIcon size={10} /> : <SortDescIcon size={10} />}</span>}
                  {meta.filterable && <ColumnFilter column={meta} value={filterModel[meta.field]} onApply={(item) => setColumnFilter(meta.field, item)} />}
                  <span
                    className="absolute top-0 right-0 h-full w-1.5 cursor-col-resize hover:bg-primary-300"
                    onPointerDown={(e) => onResizeStart(e, meta.field, width)}
                    onPointerMove={onResizeMove}
                    onPointerUp={onResizeEnd}
                    onClick={(e) => e.stopPropagation()}
                    aria-hidden
                  />
                </div>
              );
            })}
          </div>
          <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
            {items.map((item) => {
              const row = cacheRef.current.rowAt(item.index);
              const selected = row ? selection.has(row.id) : false;
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={selected}
                  data-row-id={row?.id}
                  className={cn("absolute left-0 flex w-full border-b border-gray-100", !row?.rowColor && (selected ? "bg-primary-50" : "hover:bg-gray-50"))}
                  style={{ height: item.size, transform: `translateY(${item.start}px)`, ...(row?.rowColor ? { backgroundColor: row.rowColor } : {}) }}
                  onDoubleClick={() => row && onEdit?.(row.id)}
                >
                  <div className="flex w-9 shrink-0 items-center justify-center" role="gridcell">
                    {row && <input type="checkbox" aria-label={`Seleziona riga ${row.id}`} checked={selected} onChange={() => toggleRow(row.id)} />}
                  </div>
                  {onEdit && (
                    <div className="flex w-8 shrink-0 items-center justify-center" role="gridcell">
                      {row && (
                        <button type="button" aria-label="Modifica" title="Modifica" className="inline-flex rounded p-1 text-primary-700 hover:bg-primary-100" onClick={() => onEdit(row.id)}>
                          <EditIcon size={14} />
                        </button>
                      )}
                    </div>
                  )}
                  {shown.map(({ meta, width }) => (
                    <div key={meta.field} role="gridcell" className={cn("flex shrink-0 items-center overflow-hidden px-2", isNumericColumn(meta) && "justify-end")} style={{ width }}>
                      {row ? <span className="truncate">{formatCell(meta, row[meta.field])}</span> : <span className="h-3 w-2/3 animate-pulse rounded bg-gray-100" />}
                    </div>
                  ))}
                </div>
              );
            })}
            {count === 0 && <div className="p-4 text-gray-500">Nessuna riga</div>}
          </div>
        </div>
      </div>
      <div className="text-xs text-gray-500">
        Righe: {count.toLocaleString("it-IT")}
        {selection.size > 0 && ` · selezionate: ${selection.size.toLocaleString("it-IT")}`}
      </div>

      <ColumnChooserDialog
        open={chooserOpen}
        columns={columns}
        layout={layout}
        onChange={setLayout}
        onReset={() => {
          clearLayout(gridName);
          setLayoutState(defaultLayout(columns));
          setSort([]);
        }}
        onClose={() => setChooserOpen(false)}
      />
      {exportUrl && <ExportDialog open={exportOpen} columns={columns} initiallySelected={visibleFields} onExport={exportRows} onClose={() => setExportOpen(false)} />}
      {rowColorTable && (
        <ChangeColorDialog
          open={colorOpen}
          table={rowColorTable}
          ids={[...selection]}
          onClose={() => setColorOpen(false)}
          onDone={(color) => {
            cacheRef.current.updateRows((r) => (selection.has(r.id) ? { ...r, rowColor: color } : r));
            setColorOpen(false);
            rerender();
          }}
        />
      )}
    </div>
  );
}
