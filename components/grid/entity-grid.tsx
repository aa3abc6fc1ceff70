"use client";

import { useCallback, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { confirmDialog } from "@/components/ui/dialogs";
import { apiDelete, showError, showSuccess } from "@/lib/client/api";
import { useEntityFormDialog } from "@/lib/client/use-entity-form";
import type { EntityApi } from "@/lib/schemas/entity";
import type { FilterModel, GridOperation, GridPage, GridRenderers, GridRowAction } from "./grid-types";
import { ServerGrid } from "./server-grid";

export const DELETE_CONFIRM = "Confermi l'eliminazione?";

/** What an entity grid hands to its form: create (no id) or edit (id). */
export interface EntityGridFormProps<TSaved = unknown> {
  id?: number;
  /** Reloads the grid and hands the saved entity to the grid's onChanged. */
  onSaved: (saved?: TSaved) => void;
  onClose: () => void;
}

export interface EntityGridProps<TSaved = unknown> {
  /** The entity's API (lib/schemas/<entity>.ts): list GET {url}, {url}/export, DELETE {url}/{id}, row colours of api.table. */
  api: EntityApi;
  /** The first block, rendered on the server with listGrid (or fetched by a dialog). */
  initial: GridPage;
  /** Label of the create button, e.g. 'Nuovo prodotto'. */
  createLabel: string;
  /** The entity's modal form (EntityFormModal), opened for create or edit. */
  renderForm: (props: EntityGridFormProps<TSaved>) => ReactNode;
  /** The grid's own list parameters (e.g. { fieldName }). */
  params?: Record<string, string>;
  /** CSS height of the grid (default: the page body under the shell's header). */
  height?: string;
  /** After a save (with the saved entity) or a deletion (the grid reloads itself). */
  onChanged?: (saved?: TSaved) => void;
  onSelectionChange?: (ids: number[]) => void;
  /** More toolbar content after the create button. */
  toolbarExtra?: ReactNode;
  /** Cell renderers by column field (state badges, links…); see ServerGridProps.renderers. */
  renderers?: GridRenderers;
  /** Buttons at the right edge of each row; the edit pencil and double click stay (see ServerGridProps.rowActions). */
  rowActions?: readonly GridRowAction[];
  /** 'Elimina' among the operations on the selected rows (default true; users are disabled instead). */
  canDelete?: boolean;
  /** 'Cambia colore' among the operations (default true; false for a table without row colours). */
  canChangeColor?: boolean;
  /** Change it to reload the rows after a change made outside the grid's own form (e.g. an import). */
  reloadKey?: number | string;
  /** More operations on the selected rows, after 'Cambia colore' and before 'Elimina' (e.g. 'Segna completato'). */
  operations?: readonly GridOperation[];
  /** Filters the grid starts with (see ServerGridProps.defaultFilterModel); the first block must be read with them. */
  defaultFilterModel?: FilterModel;
}

/**
 * The body of an entity's grid (the Tabelle pages, the value list dialog): the server-paged grid with
 * a create button, edit on double click or the pencil, and 'Elimina' among the operations on the
 * selected rows ('Confermi l'eliminazione?', then DELETE {apiUrl}/{id} for each and a reload).
 */
export function EntityGrid<TSaved = unknown>({
  api,
  initial,
  createLabel,
  renderForm,
  params,
  height = "calc(100vh - 15rem)",
  onChanged,
  onSelectionChange,
  toolbarExtra,
  renderers,
  rowActions,
  canDelete = true,
  canChangeColor = true,
  reloadKey: outsideReloads = 0,
  operations = [],
  defaultFilterModel,
}: EntityGridProps<TSaved>) {
  const apiUrl = api.url;
  const dialog = useEntityFormDialog();
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(
    (saved?: TSaved) => {
      setReloadKey((k) => k + 1);
      onChanged?.(saved);
    },
    [onChanged],
  );

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
        params={params}
        rowColorTable={canChangeColor ? api.table : undefined}
        reloadKey={`${reloadKey}:${outsideReloads}`}
        height={height}
        onEdit={dialog.openEdit}
        onSelectionChange={onSelectionChange}
        renderers={renderers}
        rowActions={rowActions}
        defaultFilterModel={defaultFilterModel}
        operations={[...operations, ...(canDelete ? [{ key: "delete", label: "Elimina", run: deleteSelected }] : [])]}
        toolbarExtra={
          <>
            <Button type="button" size="sm" onClick={dialog.openCreate}>
              {createLabel}
            </Button>
            {toolbarExtra}
          </>
        }
      />
      {dialog.state && renderForm({ id: dialog.state.id, onSaved: reload, onClose: dialog.close })}
    </>
  );
}
