/**
 * Column layout of a grid (visibility, order, widths), saved per grid in localStorage and
 * restored with sorts cleared (sorts are never saved). Fixed columns stay first and visible;
 * "id" and "globalSearch" keep their default visibility.
 */
import type { GridColumnMeta } from "./grid-types";

export interface GridLayout {
  order: string[];
  hidden: string[];
  widths: Record<string, number>;
}

export const NOT_TOGGLABLE = new Set(["id", "globalSearch"]);
export const MIN_WIDTH = 50;
export const MAX_WIDTH = 1200;
export const DEFAULT_WIDTH = 150;

export function layoutKey(gridName: string): string {
  return `grid-layout:v1:${gridName}`;
}

export function defaultLayout(columns: readonly GridColumnMeta[]): GridLayout {
  return {
    order: columns.map((c) => c.field),
    hidden: columns.filter((c) => c.hidden).map((c) => c.field),
    widths: {},
  };
}

export function canToggle(col: GridColumnMeta): boolean {
  return !col.fixed && !NOT_TOGGLABLE.has(col.field);
}

/** Makes a (possibly stale or tampered) saved layout consistent with the grid's columns. */
export function normalizeLayout(columns: readonly GridColumnMeta[], saved: Partial<GridLayout> | null | undefined): GridLayout {
  const base = defaultLayout(columns);
  if (!saved || typeof saved !== "object") return base;
  const known = new Map(columns.map((c) => [c.field, c]));
  const fixed = columns.filter((c) => c.fixed).map((c) => c.field);
  const savedOrder = Array.isArray(saved.order) ? saved.order.filter((f) => typeof f === "string" && known.has(f) && !known.get(f)!.fixed) : [];
  const rest = columns.filter((c) => !c.fixed && !savedOrder.includes(c.field)).map((c) => c.field);
  const order = [...fixed, ...new Set(savedOrder), ...rest];
  const savedHidden = new Set(Array.isArray(saved.hidden) ? saved.hidden : []);
  const hidden = columns
    .filter((c) => (canToggle(c) ? savedHidden.has(c.field) : c.hidden && !c.fixed))
    .map((c) => c.field);
  const widths: Record<string, number> = {};
  if (saved.widths && typeof saved.widths === "object") {
    for (const [f, w] of Object.entries(saved.widths)) {
      if (known.has(f) && typeof w === "number" && Number.isFinite(w)) widths[f] = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(w)));
    }
  }
  return { order, hidden, widths };
}

export function loadLayout(gridName: string, columns: readonly GridColumnMeta[], storage: Storage | undefined = globalThis.localStorage): GridLayout {
  try {
    const raw = storage?.getItem(layoutKey(gridName));
    return normalizeLayout(columns, raw ? (JSON.parse(raw) as Partial<GridLayout>) : null);
  } catch {
    return defaultLayout(columns);
  }
}

export function saveLayout(gridName: string, layout: GridLayout, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(layoutKey(gridName), JSON.stringify(layout));
  } catch {
    // storage full or disabled: the layout just is not remembered
  }
}

export function clearLayout(gridName: string, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(layoutKey(gridName));
  } catch {
    // ignore
  }
}

/** Moves a non-fixed column one step (delta -1 / +1) among the non-fixed ones. */
export function moveColumn(columns: readonly GridColumnMeta[], layout: GridLayout, field: string, delta: number): GridLayout {
  const fixed = new Set(columns.filter((c) => c.fixed).map((c) => c.field));
  if (fixed.has(field)) return layout;
  const order = [...layout.order];
  const i = order.indexOf(field);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= order.length || fixed.has(order[j]!)) return layout;
  [order[i], order[j]] = [order[j]!, order[i]!];
  return { ...layout, order };
}

export function setVisible(columns: readonly GridColumnMeta[], layout: GridLayout, field: string, visible: boolean): GridLayout {
  const col = columns.find((c) => c.field === field);
  if (!col || !canToggle(col)) return layout;
  const hidden = new Set(layout.hidden);
  if (visible) hidden.delete(field);
  else hidden.add(field);
  return { ...layout, hidden: [...hidden] };
}
