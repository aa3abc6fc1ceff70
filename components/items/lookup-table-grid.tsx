"use client";

import { useCallback, useState, type ReactNode } from "react";
import { ServerGrid } from "@/components/grid/server-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { Button } from "@/components/ui/button";
import { confirmDialog } from "@/components/ui/dialogs";
import { apiDelete, showError, showSuccess } from "@/lib/client/api";
import { useEntityFormDialog } from "@/lib/client/use-entity-form";

export const DELETE_CONFIRM = "Confermi l'eliminazione?";

/** What a Tabelle grid hands to its form: create (no id) or edit (id). */
export interface LookupFormProps {
  id?: number;
  onSaved: () => void;
  onClose: () => void;
}

export interface LookupTableGridProps {
  /** API base of the entity, e.g. "/api/items": list GET, `/export`, DELETE `/{id}`. */
  apiUrl: string;
  /** The first block, rendered on the server with listGrid. */
  initial: GridPage;
  /** Row colour registry name (lib/grid/row-color-tables.ts), e.g. "items". */
  rowColorTable: string;
  /** Label of the create button, e.g. 'Nuovo prodotto'. */
  createLabel: string;
  /** The entity's modal form (EntityFormModal), opened for create or edit. */
  renderForm: (props: LookupFormProps) => ReactNode;
}

/**
 * The page body of a lookup table (Amministrazione > Tabelle): the server-paged grid with a create
 * button, edit on double click or the pencil, and 'Elimina' among the operations on the selected rows
 * ('Confermi l'eliminazione?', then DELETE {apiUrl}/{id} for each and a reload).
 */
export function LookupTableGrid({ apiUrl, initial, rowColorTable, createLabel, renderForm }: LookupTableGridProps) {
  const dialog = useEntityFormDialog();
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);

  async function deleteSelected(ids: number[]) {
    if (ids.length === 0 || !(await confirmDialog(DELETE_CONFIRM))) return false;
    try {
      let last: Awaited<ReturnType<typeof apiDelete>> | undefined;
      for (const id of ids) last = await apiDelete(`${apiUrl}/${id}`);
      if (last) void showSuccess(last);
    } catch (e) {
      await showError(e);
    }
    // a reload also clears the selection (some rows may have gone before a refusal)
    reload();
    return false;
  }

  return (
    <>
      <ServerGrid
        url={apiUrl}
        exportUrl={`${apiUrl}/export`}
        initial={initial}
        rowColorTable={rowColorTable}
        reloadKey={reloadKey}
        height="calc(100vh - 15rem)"
        onEdit={dialog.openEdit}
        operations={[{ key: "delete", label: "Elimina", run: deleteSelected }]}
        toolbarExtra={
          <Button type="button" size="sm" onClick={dialog.openCreate}>
            {createLabel}
          </Button>
        }
      />
      {dialog.state && renderForm({ id: dialog.state.id, onSaved: reload, onClose: dialog.close })}
    </>
  );
}
