"use client";

import { useCallback, useState } from "react";
import { ServerGrid } from "@/components/grid/server-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { Button } from "@/components/ui/button";
import { confirmDialog } from "@/components/ui/dialogs";
import { apiDelete, showError, showSuccess, type ApiOk } from "@/lib/client/api";
import { useEntityFormDialog } from "@/lib/client/use-entity-form";
import { PAYMENT_MODALITIES_URL, PaymentModalityForm } from "./payment-modality-form";

/**
 * The Modalità pagamento page body: the server-paged grid (first block from the server component),
 * 'Nuovo metodo di pagamento', the form on double click or the edit icon, and 'Elimina' /
 * 'Cambia colore' among the operations on the selected rows.
 */
export function PaymentModalitiesGrid({ initial }: { initial: GridPage }) {
  const dialog = useEntityFormDialog();
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);

  async function deleteSelected(ids: number[]) {
    if (ids.length === 0 || !(await confirmDialog("Confermi l'eliminazione?"))) return false;
    let last: ApiOk | undefined;
    try {
      for (const id of ids) last = await apiDelete(`${PAYMENT_MODALITIES_URL}/${id}`);
      if (last) await showSuccess(last);
    } catch (e) {
      await showError(e);
    }
    reload();
    return false;
  }

  return (
    <>
      <ServerGrid
        url={PAYMENT_MODALITIES_URL}
        exportUrl={`${PAYMENT_MODALITIES_URL}/export`}
        initial={initial}
        rowColorTable="payment_modalities"
        reloadKey={reloadKey}
        height="calc(100vh - 14rem)"
        onEdit={dialog.openEdit}
        operations={[{ key: "delete", label: "Elimina", run: deleteSelected }]}
        toolbarExtra={
          <Button type="button" size="sm" onClick={dialog.openCreate}>
            Nuovo metodo di pagamento
          </Button>
        }
      />
      {dialog.state && <PaymentModalityForm id={dialog.state.id} onSaved={reload} onClose={dialog.close} />}
    </>
  );
}
