"use client";

/**
 * Under the rows: the 'Totale' row (sticky at the bottom of the grid, aligned to the columns, each
 * total formatted like its column) when the grid declares totals, and the 'Righe: n' status line.
 */
import { cn } from "@/components/ui/cn";
import { formatCell, isNumericColumn } from "./grid-format";
import { EDIT_COLUMN_WIDTH, SELECT_COLUMN_WIDTH } from "./grid-row";
import type { GridTotals } from "./grid-types";
import type { ShownColumn } from "./use-grid-layout";

export const TOTALS_LABEL = "Totale";

export interface GridTotalsRowProps {
  shown: readonly ShownColumn[];
  /** Fields with a total (gridData.totals). */
  fields: readonly string[];
  /** The totals of the filtered set; undefined while they load. */
  totals: GridTotals | undefined;
  hasEdit: boolean;
  actionsWidth: number;
  height: number;
  /** aria-rowindex: after the header and every row. */
  rowIndex: number;
}

export function GridTotalsRow({ shown, fields, totals, hasEdit, actionsWidth, height, rowIndex }: GridTotalsRowProps) {
  const withTotal = new Set(fields);
  // the label goes in the first shown column without a total (usually the name), else in the lead
  const labelField = shown.find((c) => !withTotal.has(c.meta.field))?.meta.field;
  return (
    <div
      role="row"
      aria-label={TOTALS_LABEL}
      aria-rowindex={rowIndex}
      aria-busy={totals === undefined}
      data-grid-totals=""
      className="sticky bottom-0 z-10 mt-auto flex shrink-0 border-t border-border bg-gray-50 font-medium"
      style={{ height }}
    >
      <div role="gridcell" className="flex shrink-0 items-center overflow-visible pl-1 text-xs whitespace-nowrap" style={{ width: SELECT_COLUMN_WIDTH + (hasEdit ? EDIT_COLUMN_WIDTH : 0) }}>
        {labelField === undefined && TOTALS_LABEL}
      </div>
      {shown.map(({ meta, width }) => {
        const has = withTotal.has(meta.field);
        return (
          <div
            key={meta.field}
            role="gridcell"
            data-total={has ? meta.field : undefined}
            className={cn("flex shrink-0 items-center overflow-hidden px-2", isNumericColumn(meta) && "justify-end")}
            style={{ width }}
          >
            {has ? (
              totals ? (
                <span className="truncate">{formatCell(meta, totals[meta.field] ?? null)}</span>
              ) : (
                <span className="h-3 w-2/3 animate-pulse rounded bg-gray-200" />
              )
            ) : (
              meta.field === labelField && <span className="truncate">{TOTALS_LABEL}</span>
            )}
          </div>
        );
      })}
      {actionsWidth > 0 && <div className="sticky right-0 ml-auto shrink-0 bg-gray-50" style={{ width: actionsWidth }} role="gridcell" />}
    </div>
  );
}

/** 'Righe: n' (Italian thousands) and, with a selection, ' · selezionate: m'. */
export function GridStatus({ count, selected }: { count: number; selected: number }) {
  return (
    <div className="text-xs text-gray-500">
      Righe: {count.toLocaleString("it-IT")}
      {selected > 0 && ` · selezionate: ${selected.toLocaleString("it-IT")}`}
    </div>
  );
}
