"use client";

/**
 * The header row of the server-paged grid (sticky at the top): 'Seleziona tutte le righe', the
 * columns with their sort (click; shift+click adds a column), filter and resize handle, and the
 * header of the row actions.
 */
import { memo } from "react";
import { cn } from "@/components/ui/cn";
import { SortAscIcon, SortDescIcon } from "@/components/ui/icons";
import { ColumnFilter } from "./column-filter";
import { isNumericColumn } from "./grid-format";
import { EDIT_COLUMN_WIDTH, ROW_ACTIONS_LABEL, SELECT_COLUMN_WIDTH } from "./grid-row";
import type { FilterItem, FilterModel, GridColumnMeta, SortItem } from "./grid-types";
import type { ColumnResize, ShownColumn } from "./use-grid-layout";

export interface GridHeaderRowProps {
  shown: readonly ShownColumn[];
  sort: readonly SortItem[];
  filterModel: FilterModel;
  onSort: (column: GridColumnMeta, multi: boolean) => void;
  onFilter: (field: string, item: FilterItem | undefined) => void;
  resize: ColumnResize;
  allSelected: boolean;
  /** Select-all is disabled while it runs and on an empty set. */
  selectAllDisabled: boolean;
  onSelectAll: (on: boolean) => void;
  hasEdit: boolean;
  actionsWidth: number;
  height: number;
}

export const GridHeaderRow = memo(function GridHeaderRow({
  shown,
  sort,
  filterModel,
  onSort,
  onFilter,
  resize,
  allSelected,
  selectAllDisabled,
  onSelectAll,
  hasEdit,
  actionsWidth,
  height,
}: GridHeaderRowProps) {
  return (
    <div className="sticky top-0 z-10 flex shrink-0 border-b border-border bg-gray-50 font-medium" role="row" style={{ height }}>
      <div className="flex shrink-0 items-center justify-center" style={{ width: SELECT_COLUMN_WIDTH }} role="columnheader">
        <input type="checkbox" aria-label="Seleziona tutte le righe" checked={allSelected} disabled={selectAllDisabled} onChange={(e) => onSelectAll(e.target.checked)} />
      </div>
      {hasEdit && <div className="shrink-0" style={{ width: EDIT_COLUMN_WIDTH }} role="columnheader" aria-label="Modifica" />}
      {shown.map(({ meta, width }) => {
        const s = sort.find((x) => x.colId === meta.field);
        return (
          <div
            key={meta.field}
            role="columnheader"
            aria-sort={s ? (s.sort === "asc" ? "ascending" : "descending") : "none"}
            className={cn("relative flex shrink-0 items-center border-r border-border px-2", meta.sortable && "cursor-pointer select-none hover:bg-primary-50", isNumericColumn(meta) && "justify-end")}
            style={{ width }}
            onClick={(e) => onSort(meta, e.shiftKey)}
            title={meta.header}
          >
            {/* a long header takes two lines: narrow columns keep their name readable */}
            <span className="line-clamp-2 text-xs leading-tight">{meta.header}</span>
            {s && <span className="ml-1 inline-flex text-gray-600">{s.sort === "asc" ? <SortAscIcon size={10} /> : <SortDescIcon size={10} />}</span>}
            {meta.filterable && <ColumnFilter column={meta} value={filterModel[meta.field]} onApply={(item) => onFilter(meta.field, item)} />}
            <span
              className="absolute top-0 right-0 h-full w-1.5 cursor-col-resize hover:bg-primary-300"
              onPointerDown={(e) => resize.start(e, meta.field, width)}
              onPointerMove={resize.move}
              onPointerUp={resize.end}
              onClick={(e) => e.stopPropagation()}
              aria-hidden
            />
          </div>
        );
      })}
      {actionsWidth > 0 && <div className="sticky right-0 ml-auto shrink-0 border-l border-border bg-gray-50" style={{ width: actionsWidth }} role="columnheader" aria-label={ROW_ACTIONS_LABEL} />}
    </div>
  );
});
