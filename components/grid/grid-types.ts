/** Client-side view of the list contract (lib/grid: GET list → GridPage). Type-only imports: no server code. */
import type { ReactNode } from "react";
import type { GridColumnMeta, GridRow } from "@/lib/grid/define";

export type { GridColumnMeta, GridColumnType, GridData, GridPage, GridRow, GridTotals, PhoneRole, SortItem } from "@/lib/grid/define";
export type { FilterItem, FilterModel, FilterType } from "@/lib/grid/filters";

/**
 * What a cell shows instead of formatCell(column, value): the server still sends plain values, the
 * renderer (client side) turns them into badges, links… `value` is row[column.field].
 */
export type CellRenderer = (value: unknown, row: GridRow, column: GridColumnMeta) => ReactNode;

/** Renderers by column field; columns without one keep the default formatting. */
export type GridRenderers = Readonly<Partial<Record<string, CellRenderer>>>;

/** A button of the row's actions cell (at the right of the row, always in view). */
export interface GridRowAction {
  key: string;
  /** Accessible name and tooltip (Italian), the button's text when there is no icon. */
  label: string;
  icon?: ReactNode;
  /** Runs on the row; return true (or a promise of it) to reload the grid afterwards. */
  run: (row: GridRow) => void | boolean | Promise<void | boolean>;
  /** The action does not apply to this row (e.g. 'Invia' on a document already sent). */
  hidden?: (row: GridRow) => boolean;
  /**
   * Actions of one group never show on the same row (e.g. 'Segna saldato' and 'Riapri'): the actions cell keeps one
   * place for the group, not one for each.
   */
  group?: string;
}

/** An operation of the 'Operazioni sulle righe selezionate' select. */
export interface GridOperation {
  key: string;
  label: string;
  /** Runs on the selected ids; return true (or a promise of it) to reload the grid afterwards. */
  run: (ids: number[]) => void | boolean | Promise<void | boolean>;
}

export const GRID_BLOCK_SIZE = 50;
export const GRID_ROW_BUFFER = 100;
export const GRID_LOAD_DEBOUNCE_MS = 200;
export const GRID_SEARCH_THROTTLE_MS = 400;

export const LOAD_ROWS_ERROR = "Errore nel caricamento delle righe";
export const READ_DATA_ERROR = "Errore nella lettura dei dati";
export const RESET_COLUMNS_CONFIRM = "Le colonne torneranno alla visualizzazione iniziale, perdendo ordini e dimensioni. Continuare?";
