"use client";

/**
 * The server-paged grid (spec §2 Grids): TanStack Table for the column model (visibility, order,
 * sizing) and TanStack Virtual for the rows. The first block comes from the server component
 * (listGrid, same query as the API); then blocks of 50 load as the user scrolls (row buffer 100,
 * page-load debounce 200 ms), cancelled requests are ignored and failures show
 * 'Errore nel caricamento delle righe' / 'Errore nella lettura dei dati'.
 *
 * The pieces: useGridData (rows, count, totals, selection), useGridLayout (columns), GridToolbar,
 * GridHeaderRow, GridBodyRow (cells through `renderers`, `rowActions`), GridTotalsRow and GridStatus.
 * On a phone (PHONE_QUERY) the rows are cards (GridCardRow, placed by the columns' `phone` roles) under the header
 * row, which scrolls sideways on its own (sort and filters stay), and the totals a bar at the bottom of the screen.
 * This component owns the query (sort, filters, search) and the dialogs.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { cn } from "@/components/ui/cn";
import { useIsPhone } from "@/components/ui/use-is-phone";
import { buildUrl } from "@/lib/client/api";
import { cardColumns, GridCardRow, GridTotalsBar } from "./grid-card";
import { ChangeColorDialog, ColumnChooserDialog, ExportDialog } from "./grid-dialogs";
import { GridStatus, GridTotalsRow } from "./grid-footer";
import { GridHeaderRow } from "./grid-header";
import { EDIT_COLUMN_WIDTH, GridBodyRow, rowActionsWidth, SELECT_COLUMN_WIDTH } from "./grid-row";
import { GridToolbar } from "./grid-toolbar";
import {
  GRID_LOAD_DEBOUNCE_MS,
  type FilterItem,
  type FilterModel,
  type GridColumnMeta,
  type GridOperation,
  type GridPage,
  type GridRenderers,
  type GridRow,
  type GridRowAction,
  type SortItem,
} from "./grid-types";
import { useGridData } from "./use-grid-data";
import { useGridLayout } from "./use-grid-layout";

export { REMOVE_ALL_FILTERS, SELECTED_ROWS_OPERATIONS } from "./grid-toolbar";
const CHANGE_COLOR_KEY = "__change-color";
/** A phone card's height before it is measured (title line and two lines of details). */
const CARD_ESTIMATED_HEIGHT = 84;

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
  /**
   * Cell renderers by column field (badges, links…), client side: the server still sends plain values
   * and columns without a renderer keep formatCell. Keep the object stable (module constant or useMemo):
   * rows only re-render when it changes.
   */
  renderers?: GridRenderers;
  /** Buttons of each row, at its right edge (always in view); keep the list stable like `renderers`. */
  rowActions?: readonly GridRowAction[];
  /** Height of the rows area (CSS), default 60vh. */
  height?: number | string;
  rowHeight?: number;
  className?: string;
}

type GridDialog = "chooser" | "export" | "color";

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
  renderers,
  rowActions,
  height = "60vh",
  rowHeight = 32,
  className,
}: ServerGridProps) {
  const columns = initial.gridData.columns;
  const gridName = initial.gridData.name;

  // ---- query
  const [sort, setSort] = useState<SortItem[]>([]);
  const [filterModel, setFilterModel] = useState<FilterModel>(defaultFilterModel ?? {});
  const [search, setSearch] = useState("");
  const query = useMemo(
    () => ({
      ...params,
      sortModel: sort.length ? sort : undefined,
      filterModel: Object.keys(filterModel).length ? filterModel : undefined,
      search: search.trim() || undefined,
    }),
    [params, sort, filterModel, search],
  );

  const data = useGridData({ url, initial, query, reloadKey, onSelectionChange });
  const layout = useGridLayout(gridName, columns);
  const phone = useIsPhone();
  const declaredTotals = initial.gridData.totals;
  const totalsFields = useMemo(() => declaredTotals ?? [], [declaredTotals]);
  const card = useMemo(() => cardColumns(columns, layout.visibleFields, totalsFields), [columns, layout.visibleFields, totalsFields]);

  // ---- virtual rows (a card's height follows its details: measured)
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: data.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (phone ? CARD_ESTIMATED_HEIGHT : rowHeight),
    overscan: phone ? 5 : 10,
  });
  useEffect(() => {
    // table rows and cards: the sizes measured for one are wrong for the other
    virtualizer.measure();
  }, [phone, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { loadMissing } = data;
  useEffect(() => {
    const timer = setTimeout(() => loadMissing(first, last), GRID_LOAD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [first, last, loadMissing]);

  // ---- sort and filters
  const toggleSort = useCallback((col: GridColumnMeta, multi: boolean) => {
    if (!col.sortable) return;
    setSort((cur) => {
      const existing = cur.find((s) => s.colId === col.field);
      const next: SortItem | null = !existing ? { colId: col.field, sort: "asc" } : existing.sort === "asc" ? { colId: col.field, sort: "desc" } : null;
      const others = multi ? cur.filter((s) => s.colId !== col.field) : [];
      return next ? [...others, next] : others;
    });
  }, []);

  const setColumnFilter = useCallback((field: string, item: FilterItem | undefined) => {
    setFilterModel((cur) => {
      const next = { ...cur };
      if (item) next[field] = item;
      else delete next[field];
      return next;
    });
  }, []);

  const filtersChanged = !sameJson(filterModel, defaultFilterModel ?? {}) || search.trim() !== "";
  function removeAllFilters() {
    setFilterModel(defaultFilterModel ?? {});
    setSearch("");
  }

  // ---- operations, row actions, dialogs
  const [dialog, setDialog] = useState<GridDialog | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const operationOptions = [...(rowColorTable ? [{ key: CHANGE_COLOR_KEY, label: "Cambia colore" }] : []), ...operations.map((o) => ({ key: o.key, label: o.label }))];

  async function runOperation(key: string) {
    if (key === CHANGE_COLOR_KEY) return setDialog("color");
    const op = operations.find((o) => o.key === key);
    if (!op) return;
    const reload = await op.run([...data.selection]);
    if (reload) data.reload();
  }

  const { reload } = data;
  const runRowAction = useCallback(
    async (action: GridRowAction, row: GridRow) => {
      if (await action.run(row)) reload();
    },
    [reload],
  );
  const onRowAction = useCallback((action: GridRowAction, row: GridRow) => void runRowAction(action, row), [runRowAction]);

  function exportRows(fields: string[], format: "csv" | "xlsx") {
    if (!exportUrl) return;
    window.open(buildUrl(exportUrl, { ...query, format, columns: fields.join(",") }), "_blank", "noopener");
    setDialog(null);
  }

  // ---- geometry
  const actionsWidth = rowActionsWidth(rowActions);
  const totalWidth = SELECT_COLUMN_WIDTH + (onEdit ? EDIT_COLUMN_WIDTH : 0) + layout.columnsWidth + actionsWidth;
  const header = (
    <GridHeaderRow
      shown={layout.shown}
      sort={sort}
      filterModel={filterModel}
      onSort={toggleSort}
      onFilter={setColumnFilter}
      resize={layout.resize}
      allSelected={data.allSelected}
      selectAllDisabled={data.selectingAll || data.count === 0}
      onSelectAll={data.selectAll}
      hasEdit={!!onEdit}
      actionsWidth={actionsWidth}
      height={rowHeight + 4}
    />
  );

  return (
    <div className={cn("flex min-w-0 flex-col gap-2", className)} data-grid={gridName}>
      <GridToolbar
        extra={toolbarExtra}
        onSearch={setSearch}
        filtersChanged={filtersChanged}
        onRemoveAllFilters={removeAllFilters}
        operations={operationOptions}
        hasSelection={data.selection.size > 0}
        onOperation={(key) => void runOperation(key)}
        columnNameFilter={layout.columnNameFilter}
        onColumnNameFilterChange={layout.setColumnNameFilter}
        showColumnNameFilter={layout.showColumnNameFilter}
        onToggleColumnNameFilter={layout.toggleColumnNameFilter}
        onChooseColumns={() => setDialog("chooser")}
        onExport={exportUrl ? () => setDialog("export") : undefined}
      />

      <div
        ref={scrollRef}
        className="relative overflow-auto rounded-md border border-border bg-white text-sm"
        style={{ height }}
        role="grid"
        aria-rowcount={data.count + 1 + (totalsFields.length ? 1 : 0)}
        aria-busy={data.selectingAll}
      >
        {phone ? (
          <div className="flex min-h-full w-full flex-col">
            {/* the header row scrolls sideways by itself: sort, filters and select-all without a table */}
            <div className="sticky top-0 z-20 shrink-0 overflow-x-auto overflow-y-hidden bg-gray-50" data-grid-phone-header="">
              <div style={{ width: totalWidth, minWidth: "100%" }}>{header}</div>
            </div>
            <div className="shrink-0" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
              {items.map((item) => {
                const row = data.rowAt(item.index);
                return (
                  <GridCardRow
                    key={item.key}
                    row={row}
                    index={item.index}
                    start={item.start}
                    measure={virtualizer.measureElement}
                    selected={row ? data.selection.has(row.id) : false}
                    card={card}
                    renderers={renderers}
                    onToggle={data.toggleRow}
                    onEdit={onEdit}
                    actions={rowActions}
                    onAction={onRowAction}
                  />
                );
              })}
              {data.count === 0 && <div className="p-4 text-gray-500">Nessuna riga</div>}
            </div>
          </div>
        ) : (
          // a column of header, rows and footer at least as tall as the grid: the totals sit at its bottom
          <div className="flex flex-col" style={{ width: totalWidth, minWidth: "100%", minHeight: "100%" }}>
            {header}
            <div className="shrink-0" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
              {items.map((item) => {
                const row = data.rowAt(item.index);
                return (
                  <GridBodyRow
                    key={item.key}
                    row={row}
                    index={item.index}
                    start={item.start}
                    size={item.size}
                    selected={row ? data.selection.has(row.id) : false}
                    shown={layout.shown}
                    renderers={renderers}
                    onToggle={data.toggleRow}
                    onEdit={onEdit}
                    actions={rowActions}
                    actionsWidth={actionsWidth}
                    onAction={onRowAction}
                  />
                );
              })}
              {data.count === 0 && <div className="p-4 text-gray-500">Nessuna riga</div>}
            </div>
            {totalsFields.length > 0 && (
              <GridTotalsRow
                shown={layout.shown}
                fields={totalsFields}
                totals={data.totals}
                hasEdit={!!onEdit}
                actionsWidth={actionsWidth}
                height={rowHeight}
                rowIndex={data.count + 2}
              />
            )}
          </div>
        )}
      </div>
      {/* on a phone the totals stay at the bottom of the screen while the list is on it */}
      {phone && totalsFields.length > 0 && <GridTotalsBar columns={columns} fields={totalsFields} totals={data.totals} rowIndex={data.count + 2} />}
      <GridStatus count={data.count} selected={data.selection.size} />

      <ColumnChooserDialog
        open={dialog === "chooser"}
        columns={columns}
        layout={layout.layout}
        onChange={layout.setLayout}
        onReset={() => {
          layout.resetLayout();
          setSort([]);
        }}
        onClose={closeDialog}
      />
      {exportUrl && <ExportDialog open={dialog === "export"} columns={columns} initiallySelected={layout.visibleFields} onExport={exportRows} onClose={closeDialog} />}
      {rowColorTable && (
        <ChangeColorDialog
          open={dialog === "color"}
          table={rowColorTable}
          ids={[...data.selection]}
          onClose={closeDialog}
          onDone={(color) => {
            data.updateRows((r) => (data.selection.has(r.id) ? { ...r, rowColor: color } : r));
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
