"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { Button, Spinner } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { apiGet, isAbortError, showError } from "@/lib/client/api";
import { fieldValueApi, type FieldValueJson } from "@/lib/schemas/field-value";
import { FieldValueForm } from "./field-value-form";

export interface FieldValueListDialogProps {
  open: boolean;
  /** The list shown (e.g. "title" for the agents' titles). */
  fieldName: string;
  /** Title of the dialog (default 'Valori'). */
  title?: string;
  onClose: () => void;
  /** After any create, update or delete (e.g. to refresh an ajax select). */
  onChanged?: (saved?: FieldValueJson) => void;
}

/**
 * The field value list (extra size): the server-paged grid of one list with 'Crea valore',
 * the 'Righe selezionate' counter and 'Chiudi'. The first block is fetched when it opens (it is
 * a client dialog, not a page, so there is no server component to render it).
 */
export function FieldValueListDialog({ open, fieldName, title = "Valori", onClose, onChanged }: FieldValueListDialogProps) {
  const [initial, setInitial] = useState<GridPage | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
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

  return (
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
        <EntityGrid<FieldValueJson>
          api={fieldValueApi}
          initial={initial}
          params={{ fieldName }}
          createLabel="Crea valore"
          height="50vh"
          onChanged={onChanged}
          onSelectionChange={onSelectionChange}
          toolbarExtra={
            <span className="text-sm text-gray-600" aria-live="polite">
              Righe selezionate: {selected.length}
            </span>
          }
          renderForm={(p) => <FieldValueForm fieldName={fieldName} id={p.id} onSaved={p.onSaved} onClose={p.onClose} />}
        />
      ) : (
        <div className="flex h-40 items-center justify-center">
          <Spinner />
        </div>
      )}
    </Modal>
  );
}
