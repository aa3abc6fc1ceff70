/**
 * The client grid components and their types (server code — loadFirstBlock, EntityPage — is imported
 * from its own module).
 */
export { ServerGrid, REMOVE_ALL_FILTERS, SELECTED_ROWS_OPERATIONS, type ServerGridProps } from "./server-grid";
export { EntityGrid, DELETE_CONFIRM, type EntityGridProps, type EntityGridFormProps } from "./entity-grid";
export { StateBadge, LinkCell, STATE_TONES, type StateTone, type LinkCellProps } from "./grid-cells";
export { GridToolbar, type GridToolbarProps } from "./grid-toolbar";
export { GridHeaderRow, type GridHeaderRowProps } from "./grid-header";
export { GridBodyRow, cellContent, rowActionsWidth, type GridBodyRowProps } from "./grid-row";
export { GridTotalsRow, GridStatus, TOTALS_LABEL, type GridTotalsRowProps } from "./grid-footer";
export { useGridData, type GridDataOptions, type GridDataState } from "./use-grid-data";
export { useGridLayout, type GridLayoutState, type ShownColumn, type ColumnResize } from "./use-grid-layout";
export { RowsGrid } from "./rows-grid";
export { formatCell, isNumericColumn } from "./grid-format";
export type { CellRenderer, GridRenderers, GridRowAction, GridOperation, GridPage, GridRow, GridTotals, GridColumnMeta } from "./grid-types";
