"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ServerGrid } from "@/components/grid/server-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { Button, Spinner } from "@/components/ui/button";
import { confirmDialog } from "@/components/ui/dialogs";
import { Modal } from "@/components/ui/modal";
import { apiDelete, apiGet, isAbortError, showError, showSuccess } from "@/lib/client/api";
import type { FieldValueDto } from "@/lib/schemas/field-value";
import { FieldValueForm } from "./field-value-form";

export interface FieldValueListDialogProps {
  open: boolean;
  /** The list shown (e.g. "title" for the agents' titles). */
  fieldName: string;
  /** Title of the dialog (default 'Valori'). */
  title?: string;
  onClose: () => void;
  /** After any create, update or delete (e.g. to refresh an ajax select). */
  onChanged?: (saved?: FieldValueDto) => void;
}

/**
 * The field value list (extra size): the server-paged grid of one list with 'Crea valore',
 * the 'Righe selezionate' counter and 'Chiudi'. The first block is fetched when it opens (it is
 * a client dialog, not a page, so there is no server component to render it).
 */
export function FieldValueListDialog({ open, fieldName, title = "Valori", onClose, onChanged }: FieldValueListDialogProps) {
  const [initial, setInitial] = useState<GridPage | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) {
      setInitial(null);
      setSelected([]);
      return;
    }
    const ctrl = new AbortController();
    apiGet<GridPage>("/api/field-values", { fieldName }, { signal: ctrl.signal })
      .then(setInitial)
      .catch(async (e) => {
        if (isAbortError(e)) return;
        await showError(e);
        onCloseRef.current();
      });
    return () => ctrl.abort();
  }, [open, fieldName]);

  const onSelectionChange = useCallback((ids: number[]) => setSelected(ids), []);

  const changed = (saved?: FieldValueDto) => {
    setReloadKey((k) => k + 1);
    onChanged?.(saved);
  };

  async function deleteSelected(ids: number[]) {
    if (!(await confirmDialog("Confermi l'eliminazione?"))) return false;
    try {
      let last: Awaited<ReturnType<typeof apiDelete>> | undefined;
      for (const id of ids) last = await apiDelete(`/api/field-values/${id}`);
      if (last) await showSuccess(last);
    } catch (e) {
      await showError(e);
    }
    changed();
    return false;
  }

  return (
    <>
      <Modal
        open={open}
        onClose={onClose}
        title={title}
        size="xl"
        footer={
          <Button type="button" variant="secondary" onClick={onClose}>
            Chiudi
          </Button>
        }
      >
        {initial ? (
          <ServerGrid
            url="/api/field-values"
            exportUrl="/api/field-values/export"
            initial={initial}
            params={{ fieldName }}
            rowColorTable="field_values"
            reloadKey={reloadKey}
            height="50vh"
            onEdit={(id) => setEditing({ id })}
            onSelectionChange={onSelectionChange}
            operations={[{ key: "delete", label: "Elimina", run: deleteSelected }]}
            toolbarExtra={
              <>
                <Button type="button" size="sm" onClick={() => setEditing({ id: null })}>
                  Crea valore
                </Button>
                <span className="text-sm text-gray-600" aria-live="polite">
                  Righe selezionate: {selected.length}
                </span>
              </>
            }
          />
        ) : (
          <div className="flex h-40 items-center justify-center">
            <Spinner />
          </div>
        )}
      </Modal>
      {editing && (
        <FieldValueForm
          fieldName={fieldName}
          id={editing.id}
          onSaved={(saved) => changed(saved)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
