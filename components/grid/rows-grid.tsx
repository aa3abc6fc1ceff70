"use client";

/**
 * Client-side grid of embedded rows (commission rows, payment rows, invoice rows, deadlines):
 * add, edit on double click or the edit icon, delete with 'Confermi l'eliminazione?', drag to
 * reorder, multi-select. Rows not saved yet carry a tempId. Once anything changed it shows
 * 'E' necessario premere il pulsante "Salva" per salvare le modifiche effettuate'.
 * The row form is the caller's: `editRow` opens it and resolves with the edited row (or null).
 */
import { useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { confirmDialog } from "@/components/ui/dialogs";
import { CloseIcon, DragHandleIcon, EditIcon } from "@/components/ui/icons";
import { formatCell, isNumericColumn } from "./grid-format";
import type { GridColumnType } from "./grid-types";

export const SAVE_TO_KEEP_WARNING = 'E\' necessario premere il pulsante "Salva" per salvare le modifiche effettuate';
export const DELETE_ROW_CONFIRM = "Confermi l'eliminazione?";

/** A row of an embedded list: saved rows have an id, new ones a tempId. */
export interface EmbeddedRow {
  id?: number | null;
  tempId?: string | number | null;
  rowColor?: string | null;
}

export interface RowsGridColumn<T> {
  key: string;
  header: string;
  /** Value formatted by `type` (Italian money, dates…) when there is no `render`. */
  value?: (row: T) => unknown;
  type?: GridColumnType;
  scale?: number;
  render?: (row: T, index: number) => ReactNode;
  /** Width in pixels; default flexible. */
  width?: number;
  hidden?: boolean;
}

export interface RowsGridProps<T extends EmbeddedRow> {
  rows: readonly T[];
  /** Every change (add, edit, delete, reorder) with the whole new list. */
  onChange: (rows: T[]) => void;
  columns: readonly RowsGridColumn<T>[];
  /** Opens the caller's row form; null row = a new one. Resolves with the row to keep, or null (cancel). */
  editRow: (row: T | null, index: number | null) => Promise<T | null>;
  /** Label of the add button (default 'Aggiungi riga'). */
  addLabel?: string;
  readOnly?: boolean;
  /** Drag to reorder (default true). */
  reorderable?: boolean;
  /** Checkbox selection with 'Elimina selezionate' (default false). */
  selectable?: boolean;
  /** Force the unsaved-changes warning (e.g. the parent form knows of changes too). */
  changed?: boolean;
  /** Text when there are no rows. */
  emptyText?: string;
  className?: string;
}

let tempCounter = 0;
/** A fresh tempId for a row not saved yet. */
export function newTempId(): string {
  tempCounter += 1;
  return `tmp-${Date.now().toString(36)}-${tempCounter}`;
}

export function rowKey(row: EmbeddedRow, index: number): string {
  if (row.id !== null && row.id !== undefined) return `id-${row.id}`;
  if (row.tempId !== null && row.tempId !== undefined) return `tmp-${row.tempId}`;
  return `idx-${index}`;
}

/** Moves the row at `from` to `to` (pure). */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  const out = [...rows];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved!);
  return out;
}

export function RowsGrid<T extends EmbeddedRow>({
  rows,
  onChange,
  columns,
  editRow,
  addLabel = "Aggiungi riga",
  readOnly = false,
  reorderable = true,
  selectable = false,
  changed,
  emptyText = "Nessuna riga",
  className,
}: RowsGridProps<T>) {
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const busyRef = useRef(false);
  const shown = columns.filter((c) => !c.hidden);

  function commit(next: T[]) {
    setDirty(true);
    onChange(next);
  }

  async function edit(index: number | null) {
    if (readOnly || busyRef.current) return;
    busyRef.current = true;
    try {
      const original = index === null ? null : rows[index]!;
      const result = await editRow(original, index);
      if (!result) return;
      if (index === null) {
        const row = result.id || result.tempId ? result : { ...result, tempId: newTempId() };
        commit([...rows, row]);
      } else {
        const next = [...rows];
        next[index] = result;
        commit(next);
      }
    } finally {
      busyRef.current = false;
    }
  }

  async function remove(index: number) {
    if (readOnly) return;
    if (!(await confirmDialog(DELETE_ROW_CONFIRM))) return;
    commit(rows.filter((_, i) => i !== index));
  }

  async function removeSelected() {
    if (readOnly || selected.size === 0) return;
    if (!(await confirmDialog(DELETE_ROW_CONFIRM))) return;
    commit(rows.filter((r, i) => !selected.has(rowKey(r, i))));
    setSelected(new Set());
  }

  function drop(to: number) {
    if (dragFrom !== null && dragFrom !== to) commit(moveRow(rows, dragFrom, to));
    setDragFrom(null);
    setDragOver(null);
  }

  const showWarning = changed ?? dirty;
  const canDrag = reorderable && !readOnly && rows.length > 1;

  return (
    <div className={cn("space-y-2", className)}>
      {showWarning && (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {SAVE_TO_KEEP_WARNING}
        </div>
      )}
      {!readOnly && (
        <div className="flex gap-2">
          <Button type="button" size="sm" onClick={() => void edit(null)}>
            {addLabel}
          </Button>
          {selectable && selected.size > 0 && (
            <Button type="button" size="sm" variant="danger" onClick={() => void removeSelected()}>
              Elimina selezionate ({selected.size})
            </Button>
          )}
        </div>
      )}
      <div className="overflow-x-auto rounded-md border border-border">
        <table className="w-full border-collapse text-sm">
          <thead className="bg-gray-50">
            <tr>
              {canDrag && <th className="w-6" aria-label="Sposta" />}
              {selectable && (
                <th className="w-8">
                  <input
                    type="checkbox"
                    aria-label="Seleziona tutte le righe"
                    checked={rows.length > 0 && selected.size === rows.length}
                    onChange={(e) => setSelected(e.target.checked ? new Set(rows.map(rowKey)) : new Set())}
                  />
                </th>
              )}
              {!readOnly && <th className="w-8" aria-label="Modifica" />}
              {shown.map((c) => (
                <th key={c.key} className={cn("border-b border-border px-2 py-1.5 text-left font-medium", c.type && isNumericColumn({ type: c.type } as never) && "text-right")} style={c.width ? { width: c.width } : undefined}>
                  {c.header}
                </th>
              ))}
              {/* sticky: on a narrow screen the middle columns scroll, the delete button stays in reach */}
              {!readOnly && <th className="sticky right-0 w-8 bg-gray-50" aria-label="Elimina" />}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={shown.length + 4} className="px-2 py-3 text-gray-500">
                  {emptyText}
                </td>
              </tr>
            )}
            {rows.map((row, index) => {
              const key = rowKey(row, index);
              return (
                <tr
                  key={key}
                  data-row-key={key}
                  className={cn("border-b border-gray-100", dragOver === index && dragFrom !== index && "outline-2 outline-primary-400", dragFrom === index && "opacity-50")}
                  style={row.rowColor ? { backgroundColor: row.rowColor } : undefined}
                  onDoubleClick={() => void edit(index)}
                  onDragOver={(e) => {
                    if (dragFrom === null) return;
                    e.preventDefault();
                    setDragOver(index);
                  }}
                  onDrop={(e) => {
                    e.preventDefault();
                    drop(index);
                  }}
                >
                  {canDrag && (
                    <td
                      className="cursor-grab px-1 text-center text-gray-400 select-none"
                      draggable
                      aria-label="Trascina per spostare"
                      title="Trascina per spostare"
                      onDragStart={(e) => {
                        setDragFrom(index);
                        e.dataTransfer.effectAllowed = "move";
                        e.dataTransfer.setData("text/plain", String(index));
                      }}
                      onDragEnd={() => {
                        setDragFrom(null);
                        setDragOver(null);
                      }}
                    >
                      <DragHandleIcon />
                    </td>
                  )}
                  {selectable && (
                    <td className="text-center">
                      <input
                        type="checkbox"
                        aria-label={`Seleziona riga ${index + 1}`}
                        checked={selected.has(key)}
                        onChange={(e) =>
                          setSelected((cur) => {
                            const next = new Set(cur);
                            if (e.target.checked) next.add(key);
                            else next.delete(key);
                            return next;
                          })
                        }
                      />
                    </td>
                  )}
                  {!readOnly && (
                    <td className="text-center">
                      <button type="button" aria-label="Modifica riga" title="Modifica" className="inline-flex rounded p-1 text-primary-700 hover:bg-primary-100" onClick={() => void edit(index)}>
                        <EditIcon size={14} />
                      </button>
                    </td>
                  )}
                  {shown.map((c) => (
                    <td key={c.key} className={cn("px-2 py-1.5", c.type && isNumericColumn({ type: c.type } as never) && "text-right")}>
                      {c.render ? c.render(row, index) : formatCell({ field: c.key, header: c.header, type: c.type ?? "text", scale: c.scale } as never, c.value ? c.value(row) : (row as Record<string, unknown>)[c.key])}
                    </td>
                  ))}
                  {!readOnly && (
                    <td className="sticky right-0 bg-white text-center">
                      <button type="button" aria-label="Elimina riga" title="Elimina" className="inline-flex rounded p-1 text-danger-700 hover:bg-danger-50" onClick={() => void remove(index)}>
                        <CloseIcon size={14} />
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
