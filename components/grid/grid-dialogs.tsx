"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ColorPicker, DEFAULT_COLOR } from "@/components/ui/color-picker";
import { confirmDialog } from "@/components/ui/dialogs";
import { ArrowDownIcon, ArrowUpIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import { apiPost, showError, showSuccess } from "@/lib/client/api";
import { canToggle, moveColumn, setVisible, type GridLayout } from "./grid-layout";
import { RESET_COLUMNS_CONFIRM, type GridColumnMeta } from "./grid-types";

export const COLUMN_CHOOSER_TITLE = "Scegli visualizzazione colonne";
export const EXPORT_TITLE = "Seleziona colonne da esportare";
export const CHANGE_COLOR_TITLE = "Cambia colore";

/** 'Scegli visualizzazione colonne': visibility and order; fixed columns stay put and visible. */
export function ColumnChooserDialog({
  open,
  columns,
  layout,
  onChange,
  onReset,
  onClose,
}: {
  open: boolean;
  columns: readonly GridColumnMeta[];
  layout: GridLayout;
  onChange: (layout: GridLayout) => void;
  onReset: () => void;
  onClose: () => void;
}) {
  const byField = new Map(columns.map((c) => [c.field, c]));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={COLUMN_CHOOSER_TITLE}
      size="sm"
      footer={
        <>
          <Button
            type="button"
            variant="secondary"
            onClick={async () => {
              if (await confirmDialog(RESET_COLUMNS_CONFIRM)) onReset();
            }}
          >
            Ripristina
          </Button>
          <Button type="button" onClick={onClose}>
            Chiudi
          </Button>
        </>
      }
    >
      <ul className="space-y-1">
        {layout.order.map((field, i) => {
          const col = byField.get(field);
          if (!col) return null;
          const togglable = canToggle(col);
          const visible = !layout.hidden.includes(field);
          return (
            <li key={field} className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-primary-50">
              <label className="flex flex-1 items-center gap-2">
                <input
                  type="checkbox"
                  checked={col.fixed || visible}
                  disabled={!togglable}
                  onChange={(e) => onChange(setVisible(columns, layout, field, e.target.checked))}
                />
                <span>{col.header}</span>
                {col.fixed && <span className="text-xs text-gray-500">(fissa)</span>}
              </label>
              {!col.fixed && (
                <>
                  <Button type="button" size="icon" variant="ghost" aria-label={`Sposta su ${col.header}`} disabled={i === 0 || byField.get(layout.order[i - 1]!)?.fixed} onClick={() => onChange(moveColumn(columns, layout, field, -1))}>
                    <ArrowUpIcon />
                  </Button>
                  <Button type="button" size="icon" variant="ghost" aria-label={`Sposta giù ${col.header}`} disabled={i === layout.order.length - 1} onClick={() => onChange(moveColumn(columns, layout, field, 1))}>
                    <ArrowDownIcon />
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

/** 'Seleziona colonne da esportare': columns (default the visible ones) and CSV or XLSX. */
export function ExportDialog({
  open,
  columns,
  initiallySelected,
  onExport,
  onClose,
}: {
  open: boolean;
  columns: readonly GridColumnMeta[];
  initiallySelected: readonly string[];
  onExport: (fields: string[], format: "csv" | "xlsx") => void;
  onClose: () => void;
}) {
  const exportable = columns.filter((c) => c.exportable);
  const [selected, setSelected] = useState<string[]>([]);
  const [format, setFormat] = useState<"csv" | "xlsx">("xlsx");
  useEffect(() => {
    if (open) setSelected(exportable.filter((c) => initiallySelected.includes(c.field)).map((c) => c.field));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selection is reset when the dialog opens only; the parent's column arrays change identity on its renders and must not undo the user's ticks
  }, [open]);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={EXPORT_TITLE}
      size="sm"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="button" disabled={selected.length === 0} onClick={() => onExport(exportable.filter((c) => selected.includes(c.field)).map((c) => c.field), format)}>
            Esporta
          </Button>
        </>
      }
    >
      <div className="mb-3 flex gap-4">
        {(["xlsx", "csv"] as const).map((f) => (
          <label key={f} className="flex items-center gap-1">
            <input type="radio" name="export-format" checked={format === f} onChange={() => setFormat(f)} />
            {f === "xlsx" ? "Excel (XLSX)" : "CSV"}
          </label>
        ))}
      </div>
      <div className="mb-2 flex gap-3 text-sm">
        <button type="button" className="text-primary-700 hover:underline" onClick={() => setSelected(exportable.map((c) => c.field))}>
          Seleziona tutte
        </button>
        <button type="button" className="text-primary-700 hover:underline" onClick={() => setSelected([])}>
          Deseleziona tutte
        </button>
      </div>
      <ul className="space-y-1">
        {exportable.map((c) => (
          <li key={c.field}>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={selected.includes(c.field)} onChange={(e) => setSelected((cur) => (e.target.checked ? [...cur, c.field] : cur.filter((f) => f !== c.field)))} />
              {c.header}
            </label>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** 'Cambia colore' of the selected rows through POST /api/row-colors/change-row-colors. */
export function ChangeColorDialog({
  open,
  table,
  ids,
  onDone,
  onClose,
}: {
  open: boolean;
  table: string;
  ids: readonly number[];
  onDone: (color: string | null) => void;
  onClose: () => void;
}) {
  const [color, setColor] = useState(DEFAULT_COLOR);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setColor(DEFAULT_COLOR);
  }, [open]);
  async function apply() {
    setBusy(true);
    try {
      const fd = new FormData();
      fd.set("table", table);
      fd.set("ids", ids.join(","));
      fd.set("color", color === DEFAULT_COLOR ? "" : color);
      const res = await apiPost("/api/row-colors/change-row-colors", fd);
      await showSuccess(res);
      onDone(color === DEFAULT_COLOR ? null : color);
    } catch (e) {
      await showError(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={busy}
      title={CHANGE_COLOR_TITLE}
      size="sm"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="button" loading={busy} onClick={apply}>
            Applica
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-gray-600">Righe selezionate: {ids.length}</p>
      <ColorPicker value={color} onChange={setColor} aria-label="Colore delle righe" />
    </Modal>
  );
}
