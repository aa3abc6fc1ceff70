"use client";

/**
 * One row of the server-paged grid (absolutely placed by the virtualizer): the selection box, the
 * edit pencil, the cells (formatCell, or the column's renderer) and the row actions, kept in view at
 * the right edge. A row whose block is not loaded yet shows placeholders and has no data-row-id.
 */
import { memo, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { EditIcon } from "@/components/ui/icons";
import { formatCell, isNumericColumn } from "./grid-format";
import type { GridRenderers, GridRow, GridRowAction } from "./grid-types";
import type { ShownColumn } from "./use-grid-layout";

/** Width of the selection box column and of the edit pencil column. */
export const SELECT_COLUMN_WIDTH = 36;
export const EDIT_COLUMN_WIDTH = 32;
export const ROW_ACTIONS_LABEL = "Azioni";

const ICON_ACTION_WIDTH = 28;

/** Width of the actions cell: the same on every row, so the buttons line up. */
export function rowActionsWidth(actions: readonly GridRowAction[] | undefined): number {
  if (!actions?.length) return 0;
  // a text button is about 7 px a character plus its padding; a group takes the place of its widest action
  const widthOf = (a: GridRowAction) => (a.icon ? ICON_ACTION_WIDTH : 16 + a.label.length * 7);
  const places = new Map<string, number>();
  actions.forEach((a, i) => {
    const key = a.group ?? `#${i}`;
    places.set(key, Math.max(places.get(key) ?? 0, widthOf(a)));
  });
  return 8 + [...places.values()].reduce((w, x) => w + x, 0);
}

export interface GridBodyRowProps {
  row: GridRow | undefined;
  /** Position in the filtered set (0-based). */
  index: number;
  /** Offset and height from the virtualizer. */
  start: number;
  size: number;
  selected: boolean;
  shown: readonly ShownColumn[];
  renderers?: GridRenderers;
  onToggle: (id: number) => void;
  onEdit?: (id: number) => void;
  actions?: readonly GridRowAction[];
  actionsWidth: number;
  onAction: (action: GridRowAction, row: GridRow) => void;
}

/** The content of one cell: the column's renderer, or the Italian formatting of the value. */
export function cellContent(row: GridRow, column: ShownColumn["meta"], renderers: GridRenderers | undefined): ReactNode {
  const render = renderers?.[column.field];
  return render ? render(row[column.field], row, column) : formatCell(column, row[column.field]);
}

/** A row action's button (an icon, else its label), in the table's actions cell and on a phone card. */
export function RowActionButton({ action, row, onAction, large = false }: { action: GridRowAction; row: GridRow; onAction: (action: GridRowAction, row: GridRow) => void; large?: boolean }) {
  const padding = action.icon ? (large ? "p-1.5" : "p-1") : large ? "px-2 py-1 font-medium" : "px-1.5 py-0.5 text-xs font-medium";
  return (
    <button
      type="button"
      aria-label={action.label}
      title={action.label}
      data-action={action.key}
      className={cn("inline-flex items-center rounded text-primary-700 hover:bg-primary-100", padding)}
      onClick={() => onAction(action, row)}
    >
      {action.icon ?? action.label}
    </button>
  );
}

export const GridBodyRow = memo(function GridBodyRow({ row, index, start, size, selected, shown, renderers, onToggle, onEdit, actions, actionsWidth, onAction }: GridBodyRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-row-id={row?.id}
      // opaque rows: the actions cell inherits the row's background over the scrolled cells
      className={cn("absolute left-0 flex w-full border-b border-gray-100", !row?.rowColor && (selected ? "bg-primary-50" : "bg-white hover:bg-gray-50"))}
      style={{ height: size, transform: `translateY(${start}px)`, ...(row?.rowColor ? { backgroundColor: row.rowColor } : {}) }}
      onDoubleClick={() => row && onEdit?.(row.id)}
    >
      <div className="flex shrink-0 items-center justify-center" style={{ width: SELECT_COLUMN_WIDTH }} role="gridcell">
        {row && <input type="checkbox" aria-label={`Seleziona riga ${row.id}`} checked={selected} onChange={() => onToggle(row.id)} />}
      </div>
      {onEdit && (
        <div className="flex shrink-0 items-center justify-center" style={{ width: EDIT_COLUMN_WIDTH }} role="gridcell">
          {row && (
            <button type="button" aria-label="Modifica" title="Modifica" className="inline-flex rounded p-1 text-primary-700 hover:bg-primary-100" onClick={() => onEdit(row.id)}>
              <EditIcon size={14} />
            </button>
          )}
        </div>
      )}
      {shown.map(({ meta, width }) => (
        <div key={meta.field} role="gridcell" className={cn("flex shrink-0 items-center overflow-hidden px-2", isNumericColumn(meta) && "justify-end")} style={{ width }}>
          {row ? <span className="truncate">{cellContent(row, meta, renderers)}</span> : <span className="h-3 w-2/3 animate-pulse rounded bg-gray-100" />}
        </div>
      ))}
      {actionsWidth > 0 && (
        // left-aligned: an action sits in the same place on every row where it shows
        <div
          role="gridcell"
          aria-label={ROW_ACTIONS_LABEL}
          className="sticky right-0 ml-auto flex shrink-0 items-center gap-0.5 border-l border-gray-100 bg-inherit px-1"
          style={{ width: actionsWidth }}
          // a double click on an action is not a double click on the row (no edit behind it)
          onDoubleClick={(e) => e.stopPropagation()}
        >
          {row &&
            actions?.map((action) =>
              action.hidden?.(row) ? null : (
                <RowActionButton key={action.key} action={action} row={row} onAction={onAction} />
              ),
            )}
        </div>
      )}
    </div>
  );
});
