"use client";

import { useState } from "react";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { FilterModel, GridOperation, GridPage, GridRenderers } from "@/components/grid/grid-types";
import { alertDialog, confirmDialog } from "@/components/ui/dialogs";
import { apiPost, showError, showSuccess } from "@/lib/client/api";
import { activityApi, UNFINISHED_FILTER } from "@/lib/schemas/activity";
import { ActivityForm } from "./activity-form";
import { useActivityDeleted } from "./activity-events";
import { ActivityStateBadge } from "./activity-state-badge";

export const MARK_FINISHED_CONFIRM = "Confermi di segnare come completati i lavori selezionati?";
export const MARK_FINISHED_URL = `${activityApi.url}/mark-finished`;

/** 'non completati': the grid starts with it, and the page reads its first block with it (app/(shell)/lavori/page.tsx). */
const DEFAULT_FILTER: FilterModel = UNFINISHED_FILTER;

const RENDERERS: GridRenderers = {
  activityState: (v) => <ActivityStateBadge state={v} />,
  // 'A corpo' / 'A ore' in the narrow column (the full wording is the header's and the form's), so Ore lavorate
  // and Da fatturare stay in view at 1366 px
  paymentType: (v) => (v === "Lavoro pagato a corpo" ? "A corpo" : v === "Lavoro pagato a ore" ? "A ore" : (v as string | null)),
};

/**
 * The slot of 'Crea fattura' (spec §2 row operations for jobs) until the sales documents exist: the
 * invoices issue passes its own operation through `extraOperations` (from the /lavori page) instead.
 */
export const CREATE_INVOICE_PLACEHOLDER: GridOperation = {
  key: "create-invoice",
  label: "Crea fattura (in arrivo con i documenti di vendita)",
  run: async () => {
    await alertDialog("La fattura dei lavori selezionati si potrà creare quando saranno disponibili i documenti di vendita.");
    return false;
  },
};

export interface ActivitiesGridProps {
  initial: GridPage;
  /**
   * Operations on the selected jobs after 'Cambia colore' and 'Segna completato': the slot of 'Crea fattura',
   * which the sales documents fill (default: CREATE_INVOICE_PLACEHOLDER, which says it is on its way).
   */
  extraOperations?: readonly GridOperation[];
}

/**
 * The /lavori page body: the jobs' server-paged grid (Numero, Nome, Cliente, Stato, Tipo pagamento, Importo,
 * Scadenza prevista, Ore lavorate, Da fatturare, Completato; footer totals) starting on 'non completati',
 * 'Nuovo lavoro', the job form on double click or the pencil; on the selected rows 'Cambia colore', 'Segna
 * completato' and 'Crea fattura'. Jobs are deleted from their form ('Elimina lavoro'), as the spec lists no
 * 'Elimina' among the jobs' row operations.
 */
export function ActivitiesGrid({ initial, extraOperations = [CREATE_INVOICE_PLACEHOLDER] }: ActivitiesGridProps) {
  const [reloads, setReloads] = useState(0);
  // a job deleted from its form: the grid reads its first block again (and drops the selection)
  useActivityDeleted(() => setReloads((n) => n + 1));

  const markFinished: GridOperation = {
    key: "mark-finished",
    label: "Segna completato",
    run: async (ids) => {
      if (ids.length === 0 || !(await confirmDialog(MARK_FINISHED_CONFIRM))) return false;
      const body = new FormData();
      body.set("ids", ids.join(","));
      try {
        void showSuccess(await apiPost(MARK_FINISHED_URL, body));
      } catch (e) {
        await showError(e);
      }
      // through reloadKey: the selection goes too (the finished rows leave the 'non completati' set)
      setReloads((n) => n + 1);
      return false;
    },
  };

  return (
    <EntityGrid
      api={activityApi}
      initial={initial}
      reloadKey={reloads}
      createLabel="Nuovo lavoro"
      defaultFilterModel={DEFAULT_FILTER}
      renderers={RENDERERS}
      canDelete={false}
      operations={[markFinished, ...extraOperations]}
      height="calc(100vh - 14rem)"
      renderForm={(p) => <ActivityForm id={p.id} onSaved={p.onSaved} onClose={p.onClose} />}
    />
  );
}
