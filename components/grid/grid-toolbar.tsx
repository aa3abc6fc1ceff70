"use client";

/**
 * The toolbar above a server-paged grid: the caller's buttons, 'Ricerca' (Enter or 'Cerca', throttled
 * to one search per GRID_SEARCH_THROTTLE_MS), 'Rimuovi tutti i filtri', 'Operazioni sulle righe
 * selezionate' (with a selection), the column tools and 'Esporta'.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ColumnSearchIcon, ColumnsIcon, ExportIcon, SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { GRID_SEARCH_THROTTLE_MS } from "./grid-types";

export const SELECTED_ROWS_OPERATIONS = "Operazioni sulle righe selezionate";
export const REMOVE_ALL_FILTERS = "Rimuovi tutti i filtri";
export const FILTER_COLUMNS_BY_NAME = "Filtra colonne per nome";
export const CHOOSE_COLUMNS = "Scegli visualizzazione colonne";

export interface GridToolbarProps {
  /** The caller's buttons, at the left (e.g. 'Nuovo prodotto'). */
  extra?: ReactNode;
  /** Applies the search text (after Enter or 'Cerca', throttled). */
  onSearch: (text: string) => void;
  /** The filters or the search differ from the grid's defaults: 'Rimuovi tutti i filtri' shows. */
  filtersChanged: boolean;
  /** Back to the default filters and no search (the search box is cleared here). */
  onRemoveAllFilters: () => void;
  /** Entries of 'Operazioni sulle righe selezionate'; the select shows only with a selection. */
  operations: readonly { key: string; label: string }[];
  hasSelection: boolean;
  onOperation: (key: string) => void;
  columnNameFilter: string;
  onColumnNameFilterChange: (text: string) => void;
  showColumnNameFilter: boolean;
  onToggleColumnNameFilter: () => void;
  onChooseColumns: () => void;
  /** Opens the export dialog; without it there is no 'Esporta'. */
  onExport?: () => void;
}

export function GridToolbar({
  extra,
  onSearch,
  filtersChanged,
  onRemoveAllFilters,
  operations,
  hasSelection,
  onOperation,
  columnNameFilter,
  onColumnNameFilterChange,
  showColumnNameFilter,
  onToggleColumnNameFilter,
  onChooseColumns,
  onExport,
}: GridToolbarProps) {
  const [text, setText] = useState("");
  // the latest text and callback, for a search the throttle runs later
  const latest = useRef({ text, onSearch });
  useEffect(() => {
    latest.current = { text, onSearch };
  });
  const lastSearchRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timerRef.current), []);

  function runSearch() {
    const wait = lastSearchRef.current + GRID_SEARCH_THROTTLE_MS - Date.now();
    clearTimeout(timerRef.current);
    if (wait > 0) {
      timerRef.current = setTimeout(runSearch, wait);
      return;
    }
    lastSearchRef.current = Date.now();
    latest.current.onSearch(latest.current.text);
  }

  function removeAllFilters() {
    clearTimeout(timerRef.current);
    setText("");
    latest.current.text = "";
    onRemoveAllFilters();
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {extra}
      <div className="flex items-center gap-1">
        <Input
          aria-label="Ricerca"
          placeholder="Ricerca"
          className="w-56"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            latest.current.text = e.target.value;
          }}
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
      {hasSelection && operations.length > 0 && (
        // a command list, not a value: it always shows its title and runs the chosen entry
        <select aria-label={SELECTED_ROWS_OPERATIONS} className="h-9 rounded-md border border-border bg-white px-2 text-sm" value="" onChange={(e) => onOperation(e.target.value)}>
          <option value="">{SELECTED_ROWS_OPERATIONS}</option>
          {operations.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
      )}
      <div className="ml-auto flex items-center gap-1">
        {showColumnNameFilter && (
          <Input aria-label={FILTER_COLUMNS_BY_NAME} placeholder="Nome colonna" className="w-40" value={columnNameFilter} onChange={(e) => onColumnNameFilterChange(e.target.value)} autoFocus />
        )}
        <Button type="button" variant="secondary" size="icon" aria-label={FILTER_COLUMNS_BY_NAME} title={FILTER_COLUMNS_BY_NAME} onClick={onToggleColumnNameFilter}>
          <ColumnSearchIcon />
        </Button>
        <Button type="button" variant="secondary" size="icon" aria-label={CHOOSE_COLUMNS} title={CHOOSE_COLUMNS} onClick={onChooseColumns}>
          <ColumnsIcon />
        </Button>
        {onExport && (
          <Button type="button" variant="secondary" size="sm" onClick={onExport}>
            <ExportIcon size={14} />
            Esporta
          </Button>
        )}
      </div>
    </div>
  );
}
