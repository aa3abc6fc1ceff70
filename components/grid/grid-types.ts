/** Client-side view of the list contract (lib/grid: GET list → GridPage). Type-only imports: no server code. */
export type { GridColumnMeta, GridColumnType, GridData, GridPage, GridRow, SortItem } from "@/lib/grid/define";
export type { FilterItem, FilterModel, FilterType } from "@/lib/grid/filters";

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
