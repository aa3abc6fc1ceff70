"use client";

/**
 * Client-side grid of embedded rows (commission rows, payment rows, invoice rows, deadlines):
 * add, edit on double click or the edit icon, delete with 'Confermi l'eliminazione?', drag to
 * reorder (@dnd-kit: mouse, touch and keyboard — space on the handle, arrows, space; HTML5 drag and drop
 * has neither touch nor keyboard), multi-select. Rows not saved yet carry a tempId. Once anything changed it shows
 * 'E' necessario premere il pulsante "Salva" per salvare le modifiche effettuate'.
 * The row form is the caller's: `editRow` opens it and resolves with the edited row (or null).
 * Inline (columns with an `editor`, and `newRow`): the cells are edited in place, keyboard first — Tab moves on, Enter
 * in the last editable cell goes to the next row or adds one; 'Aggiungi riga' adds an empty row (newRow()) and puts the
 * cursor in its first cell; the edit icon opens the row form for what the cells do not show. On a phone (< 640 px)
 * each row is a small card: its cells stacked under their headers, the row's buttons on its first line.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from "react";
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
  /** Inline: the cell's editor; `update` merges a change into the row (on the latest rows, so it may come late). */
  editor?: (row: T, index: number, update: (patch: Partial<T>) => void) => ReactNode;
  /** Classes of the column's cells (e.g. how wide it is in a phone's stacked row: max-sm:col-span-6). */
  cellClassName?: string;
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
  /** Inline: a new empty row, added by 'Aggiungi riga' (and Enter in the last cell) instead of opening the row form. */
  newRow?: () => T;
  /** Inline: a new row with nothing typed in it, dropped when the cursor leaves the grid (it would only fail the save). */
  isBlank?: (row: T) => boolean;
  /** Tooltip of the edit icon (what its row form holds). */
  editTitle?: string;
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
  newRow,
  isBlank,
  editTitle = "Modifica",
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
  const busyRef = useRef(false);
  const shown = columns.filter((c) => !c.hidden);
  // the inline grid's layout (a phone's cards) also when it is only shown (a read-only document)
  const stacked = newRow !== undefined && shown.some((c) => c.editor);
  const inline = stacked && !readOnly;
  const lastEditor = inline ? shown.findLast((c) => c.editor)?.key : undefined;
  // the latest rows, for changes that land after an await (a picked product's price) or several in one event
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const tableRef = useRef<HTMLDivElement>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  function commit(next: T[]) {
    rowsRef.current = next;
    setDirty(true);
    onChange(next);
  }

  function update(index: number, patch: Partial<T>) {
    const current = rowsRef.current;
    if (!current[index]) return;
    const next = [...current];
    next[index] = { ...current[index]!, ...patch };
    commit(next);
  }

  function addInline() {
    if (!newRow) return;
    const fresh = newRow();
    const row = fresh.id || fresh.tempId ? fresh : { ...fresh, tempId: newTempId() };
    const next = [...rowsRef.current, row];
    commit(next);
    setFocusKey(rowKey(row, next.length - 1));
  }

  // a row added inline (or reached with Enter) gets the cursor in its first cell
  useEffect(() => {
    if (focusKey === null) return;
    const cell = tableRef.current?.querySelector<HTMLElement>(`tr[data-row-key="${focusKey}"] [data-editor] :is(input, textarea)`);
    if (cell) {
      cell.focus();
      setFocusKey(null);
    }
  }, [focusKey, rows]);

  /** The cursor left the grid (not for the row form it opened): new rows left blank go. */
  function dropBlankRows(event: FocusEvent<HTMLDivElement>) {
    if (!inline || !isBlank || busyRef.current || event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    const current = rowsRef.current;
    const kept = current.filter((r) => (r.id !== null && r.id !== undefined) || !isBlank(r));
    if (kept.length === current.length) return;
    rowsRef.current = kept;
    onChange(kept);
  }

  /** Enter in the last editable cell: the next row's first cell, or a new row after the last (an open list keeps its Enter). */
  function enterInLastCell(event: KeyboardEvent, index: number) {
    if (event.key !== "Enter" || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    event.preventDefault();
    const current = rowsRef.current;
    if (index < current.length - 1) setFocusKey(rowKey(current[index + 1]!, index + 1));
    else addInline();
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

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const keys = rows.map((r, i) => rowKey(r, i));
  function dragEnd({ active, over }: DragEndEvent) {
    if (!over) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from >= 0 && to >= 0 && from !== to) commit(moveRow(rows, from, to));
  }

  const showWarning = changed ?? dirty;
  const canDrag = reorderable && !readOnly && rows.length > 1;

  return (
    <div className={cn("space-y-2", className)} onBlur={dropBlankRows}>
      {showWarning && (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {SAVE_TO_KEEP_WARNING}
        </div>
      )}
      {!readOnly && (
        <div className="flex gap-2">
          <Button type="button" size="sm" onClick={() => (inline ? addInline() : void edit(null))}>
            {addLabel}
          </Button>
          {selectable && selected.size > 0 && (
            <Button type="button" size="sm" variant="danger" onClick={() => void removeSelected()}>
              Elimina selezionate ({selected.size})
            </Button>
          )}
        </div>
      )}
      {/* the drag context around the table, not inside it: it renders its screen-reader texts as divs, which a tbody cannot hold */}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={{ announcements: announcementsOf(keys), screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}>
        <div ref={tableRef} className={cn("rounded-md border border-border", stacked ? "max-sm:border-0 sm:overflow-x-auto" : "overflow-x-auto")}>
          <table className={cn("w-full border-collapse text-sm", stacked && "max-sm:block")}>
            <thead className={cn("bg-gray-50", stacked && "max-sm:hidden")}>
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
                {!readOnly && <th className={cn("w-8 bg-gray-50", !inline && "sticky right-0")} aria-label="Elimina" />}
              </tr>
            </thead>
            <tbody className={cn(stacked && "max-sm:flex max-sm:flex-col max-sm:gap-2")}>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={shown.length + 4} className="px-2 py-3 text-gray-500">
                    {emptyText}
                  </td>
                </tr>
              )}
              <SortableContext items={keys} strategy={verticalListSortingStrategy}>
                {rows.map((row, index) => (
                  <SortableRow key={keys[index]} id={keys[index]!} draggable={canDrag} stacked={stacked} color={row.rowColor ?? undefined} onDoubleClick={() => (inline ? undefined : void edit(index))}>
                    {selectable && (
                      <td className={cn("text-center", inline && "align-top pt-2.5 max-sm:pt-0")}>
                        <input
                          type="checkbox"
                          aria-label={`Seleziona riga ${index + 1}`}
                          checked={selected.has(keys[index]!)}
                          onChange={(e) =>
                            setSelected((cur) => {
                              const next = new Set(cur);
                              if (e.target.checked) next.add(keys[index]!);
                              else next.delete(keys[index]!);
                              return next;
                            })
                          }
                        />
                      </td>
                    )}
                    {!readOnly && (
                      <td className={cn("text-center", inline && "align-top pt-1.5 max-sm:pt-0")}>
                        <button type="button" aria-label="Modifica riga" title={editTitle} className="inline-flex rounded p-1 text-primary-700 hover:bg-primary-100" onClick={() => void edit(index)}>
                          <EditIcon size={14} />
                        </button>
                      </td>
                    )}
                    {shown.map((c) =>
                      inline && c.editor ? (
                        <td
                          key={c.key}
                          data-editor
                          className={cn("px-1 py-1 align-top", c.cellClassName)}
                          onKeyDown={c.key === lastEditor ? (e) => enterInLastCell(e, index) : undefined}
                        >
                          <span aria-hidden className="mb-0.5 block text-xs text-gray-600 sm:hidden">
                            {c.header}
                          </span>
                          {c.editor(row, index, (patch) => update(index, patch))}
                        </td>
                      ) : (
                        <td key={c.key} className={cn("px-2 py-1.5", c.type && isNumericColumn({ type: c.type } as never) && "text-right", stacked && "align-top max-sm:text-left", c.cellClassName)}>
                          {stacked && (
                            <span aria-hidden className="block text-xs text-gray-600 sm:hidden">
                              {c.header}
                            </span>
                          )}
                          {c.render ? c.render(row, index) : formatCell({ field: c.key, header: c.header, type: c.type ?? "text", scale: c.scale } as never, c.value ? c.value(row) : (row as Record<string, unknown>)[c.key])}
                        </td>
                      ),
                    )}
                    {!readOnly && (
                      <td className={cn("text-center", inline ? "align-top max-sm:col-start-6 max-sm:row-start-1 max-sm:text-right" : "sticky right-0 bg-white")}>
                        <button type="button" aria-label="Elimina riga" title="Elimina" className="inline-flex rounded p-1 text-danger-700 hover:bg-danger-50" onClick={() => void remove(index)}>
                          <CloseIcon size={14} />
                        </button>
                      </td>
                    )}
                  </SortableRow>
                ))}
              </SortableContext>
            </tbody>
          </table>
        </div>
      </DndContext>
    </div>
  );
}

const DRAG_INSTRUCTIONS = "Per spostare una riga premi spazio sulla maniglia, poi le frecce su e giù; spazio per lasciarla, Esc per annullare.";

/** The screen reader's words while a row moves (positions counted from 1). */
function announcementsOf(keys: readonly string[]): Announcements {
  const pos = (id: string | number) => keys.indexOf(String(id)) + 1;
  return {
    onDragStart: ({ active }) => `Riga ${pos(active.id)} presa.`,
    onDragOver: ({ active, over }) => (over ? `Riga ${pos(active.id)} sopra la posizione ${pos(over.id)}.` : `Riga ${pos(active.id)} fuori dalla tabella.`),
    onDragEnd: ({ active, over }) => (over ? `Riga ${pos(active.id)} spostata in posizione ${pos(over.id)}.` : `Riga ${pos(active.id)} lasciata al suo posto.`),
    onDragCancel: ({ active }) => `Spostamento annullato: la riga ${pos(active.id)} resta al suo posto.`,
  };
}

/** A row of the table that moves with @dnd-kit; its first cell is the drag handle. */
function SortableRow({ id, draggable, stacked, color, onDoubleClick, children }: { id: string; draggable: boolean; stacked: boolean; color?: string; onDoubleClick: () => void; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !draggable });
  return (
    <tr
      ref={setNodeRef}
      data-row-key={id}
      className={cn(
        "border-b border-gray-100",
        // a phone's row: a card of six columns, its buttons on the first line, the cells under them
        stacked && "max-sm:grid max-sm:grid-cols-6 max-sm:items-center max-sm:gap-x-2 max-sm:gap-y-1 max-sm:rounded-md max-sm:border max-sm:border-border max-sm:p-2",
        isDragging && "relative z-10 bg-primary-50 shadow-md",
      )}
      style={{ backgroundColor: isDragging ? undefined : color, transform: CSS.Translate.toString(transform ? { ...transform, x: 0 } : null), transition }}
      onDoubleClick={onDoubleClick}
    >
      {draggable && (
        // the cell stays a cell (its handle is the button: focus, space and arrows move the row)
        <td className={cn("px-1 text-center select-none", stacked && "align-top max-sm:text-left")} aria-label="Trascina per spostare">
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="inline-flex cursor-grab touch-none rounded p-0.5 text-gray-400 hover:bg-gray-100"
            title="Trascina per spostare"
            {...attributes}
            {...listeners}
            aria-label="Trascina per spostare"
          >
            <DragHandleIcon />
          </button>
        </td>
      )}
      {children}
    </tr>
  );
}
