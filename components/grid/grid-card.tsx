"use client";

/**
 * The phone layout of the server-paged grid (ServerGrid below PHONE_QUERY): each row a card, the grid's footer a
 * 'Totale' bar kept at the bottom of the screen. What goes where comes from the grid definition's `phone` roles
 * (lib/grid/define.ts PhoneRole): the title (bold) and the amount (at the right) on the first line, then the badge
 * and the details (the other columns the layout shows, each with its header unless it is text; empty ones, zeros
 * and a false 'Sì/No' left out). A grid that declares no title takes its first fixed column, one without an amount
 * its first total (else its first money column). The selection box, the row actions and the edit pencil stay on
 * the card; a double tap edits, as a double click does on the table.
 */
import { memo, type MouseEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { EditIcon } from "@/components/ui/icons";
import { TOTALS_LABEL } from "./grid-footer";
import { formatCell, isNumericColumn } from "./grid-format";
import { cellContent, RowActionButton } from "./grid-row";
import type { GridColumnMeta, GridRenderers, GridRow, GridRowAction, GridTotals } from "./grid-types";

/** The columns of a card, placed. */
export interface CardColumns {
  title?: GridColumnMeta;
  amount?: GridColumnMeta;
  badge?: GridColumnMeta;
  details: GridColumnMeta[];
}

/**
 * Places the columns on the card: `columns` are the grid's, `shown` the fields the layout shows (the column chooser
 * decides the details; a declared title, amount or badge is on the card even when the table hides its column).
 */
export function cardColumns(columns: readonly GridColumnMeta[], shown: readonly string[], totals: readonly string[] = []): CardColumns {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const visible = shown.map((f) => byField.get(f)).filter((c): c is GridColumnMeta => c !== undefined);
  const declared = (role: "title" | "amount" | "badge") => columns.find((c) => c.phone === role);
  const title = declared("title") ?? visible.find((c) => c.fixed) ?? visible.find((c) => !isNumericColumn(c));
  const amount = declared("amount") ?? visible.find((c) => totals.includes(c.field)) ?? visible.find((c) => c.type.startsWith("currency"));
  const badge = declared("badge");
  const placed = new Set([title, amount, badge]);
  const details = visible.filter((c) => !placed.has(c) && c.phone !== "none");
  return { title, amount, badge, details };
}

/** A value the card leaves out: nothing, a zero figure, a 'No'. */
function isEmpty(col: GridColumnMeta, value: unknown): boolean {
  if (value === null || value === undefined || value === "" || value === false) return true;
  return isNumericColumn(col) && Number(value) === 0;
}

/** Money with its sign of currency on the card (the table's header says what it is; the card has none). */
function amountContent(row: GridRow, col: GridColumnMeta, renderers: GridRenderers | undefined): ReactNode {
  if (renderers?.[col.field]) return cellContent(row, col, renderers);
  const text = formatCell(col, row[col.field]);
  return col.type.startsWith("currency") && text ? `€ ${text}` : text;
}

const stop = (e: MouseEvent) => e.stopPropagation();

export interface GridCardRowProps {
  row: GridRow | undefined;
  index: number;
  start: number;
  /** The virtualizer measures the card (its height follows its details). */
  measure: (el: HTMLElement | null) => void;
  selected: boolean;
  card: CardColumns;
  renderers?: GridRenderers;
  onToggle: (id: number) => void;
  onEdit?: (id: number) => void;
  actions?: readonly GridRowAction[];
  onAction: (action: GridRowAction, row: GridRow) => void;
}

export const GridCardRow = memo(function GridCardRow({ row, index, start, measure, selected, card, renderers, onToggle, onEdit, actions, onAction }: GridCardRowProps) {
  const { title, amount, badge, details } = card;
  const shownActions = row ? (actions ?? []).filter((a) => !a.hidden?.(row)) : [];
  return (
    <div
      ref={measure}
      data-index={index}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-row-id={row?.id}
      data-card=""
      className={cn("absolute top-0 left-0 flex w-full gap-2 border-b border-gray-200 px-2 py-2", !row?.rowColor && (selected ? "bg-primary-50" : "bg-white"))}
      style={{ transform: `translateY(${start}px)`, minHeight: 64, ...(row?.rowColor ? { backgroundColor: row.rowColor } : {}) }}
      onDoubleClick={() => row && onEdit?.(row.id)}
    >
      <div role="gridcell" className="flex shrink-0 items-start pt-1">
        {row && <input type="checkbox" aria-label={`Seleziona riga ${row.id}`} checked={selected} onChange={() => onToggle(row.id)} />}
      </div>
      {row ? (
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 items-baseline gap-2">
            <div role="gridcell" className="min-w-0 flex-1 truncate font-semibold text-gray-900" title={title?.header}>
              {title && cellContent(row, title, renderers)}
            </div>
            {amount && (
              <div role="gridcell" className="shrink-0 font-semibold whitespace-nowrap text-gray-900 tabular-nums" title={amount.header} data-card-amount={amount.field}>
                {amountContent(row, amount, renderers)}
              </div>
            )}
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-700">
            {badge && !isEmpty(badge, row[badge.field]) && (
              <span role="gridcell" className="inline-flex max-w-full" title={badge.header}>
                {cellContent(row, badge, renderers)}
              </span>
            )}
            {details.map((col) =>
              isEmpty(col, row[col.field]) ? null : (
                <span key={col.field} role="gridcell" className="inline-flex max-w-full min-w-0 items-baseline gap-1" title={col.header}>
                  {col.type === "boolean" ? (
                    // a 'Sì' shows as its header ('Pagata'); a 'No' is left out
                    <span className="text-gray-700">{col.header}</span>
                  ) : (
                    <>
                      {col.type !== "text" && col.type !== "entity" && <span className="shrink-0 text-gray-500">{col.header}</span>}
                      <span className="min-w-0 truncate">{cellContent(row, col, renderers)}</span>
                    </>
                  )}
                </span>
              ),
            )}
            {(shownActions.length > 0 || onEdit) && (
              // the actions at the right of the last line (a line of their own when the details fill it)
              <span role="gridcell" className="ml-auto flex shrink-0 items-center gap-1" onDoubleClick={stop}>
                {shownActions.map((action) => (
                  <RowActionButton key={action.key} action={action} row={row} onAction={onAction} large />
                ))}
                {onEdit && (
                  <button type="button" aria-label="Modifica" title="Modifica" className="inline-flex rounded p-1.5 text-primary-700 hover:bg-primary-100" onClick={() => onEdit(row.id)}>
                    <EditIcon size={16} />
                  </button>
                )}
              </span>
            )}
          </div>
        </div>
      ) : (
        <div className="flex flex-1 flex-col gap-2 pt-1">
          <span className="h-3 w-2/3 animate-pulse rounded bg-gray-100" />
          <span className="h-3 w-1/3 animate-pulse rounded bg-gray-100" />
        </div>
      )}
    </div>
  );
});

export interface GridTotalsBarProps {
  columns: readonly GridColumnMeta[];
  /** Fields with a total (gridData.totals). */
  fields: readonly string[];
  /** The totals of the filtered set; undefined while they load. */
  totals: GridTotals | undefined;
  rowIndex: number;
}

/** The phone's 'Totale': every total of the grid with its header, in a bar that stays at the bottom of the screen. */
export function GridTotalsBar({ columns, fields, totals, rowIndex }: GridTotalsBarProps) {
  const byField = new Map(columns.map((c) => [c.field, c]));
  return (
    <div
      role="row"
      aria-label={TOTALS_LABEL}
      aria-rowindex={rowIndex}
      aria-busy={totals === undefined}
      data-grid-totals=""
      className="sticky bottom-0 z-10 flex flex-wrap items-baseline gap-x-4 gap-y-0.5 rounded-md border border-border bg-gray-50 px-3 py-2 text-sm shadow-[0_-2px_6px_rgba(0,0,0,0.06)]"
    >
      <span role="gridcell" className="font-semibold text-gray-900">
        {TOTALS_LABEL}
      </span>
      {fields.map((field) => {
        const col = byField.get(field);
        if (!col) return null;
        return (
          <span key={field} role="gridcell" className="inline-flex items-baseline gap-1 whitespace-nowrap">
            <span className="text-xs text-gray-600">{col.header}</span>
            {totals ? (
              <span data-total={field} className="font-semibold text-gray-900 tabular-nums">
                {formatCell(col, totals[field] ?? null)}
              </span>
            ) : (
              <span className="inline-block h-3 w-12 animate-pulse rounded bg-gray-200" />
            )}
          </span>
        );
      })}
    </div>
  );
}
