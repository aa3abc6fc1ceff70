"use client";

import { useCallback, useState } from "react";
import { StateBadge } from "@/components/grid/grid-cells";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridOperation, GridPage, GridRenderers } from "@/components/grid/grid-types";
import { apiPost, showError, showSuccess } from "@/lib/client/api";
import { plannedOperationApi } from "@/lib/schemas/planned-operation";
import { PlannedOperationForm } from "./planned-operation-form";
import { PlannedRunsDialog, RUNS_TITLE } from "./planned-runs-dialog";

export const RUN_NOW_LABEL = "Esegui ora";
export const runNowUrl = (id: number) => `${plannedOperationApi.url}/run-now/${id}`;

const RENDERERS: GridRenderers = {
  lastResult: (v) => (typeof v === "string" && v ? <StateBadge tone={v.startsWith("Errore") ? "red" : "green"} label={v} /> : null),
};

/**
 * The /operazioni-pianificate page body: the operations' grid (Nome, Documento modello, Frequenza, Prossima
 * esecuzione, Ultimo esito, Attiva, Azione, Eseguite), 'Nuova operazione', the form; on the selected row 'Storico
 * esecuzioni' (the run log with the documents made) and 'Esegui ora' (the next occurrence made now).
 */
export function PlannedOperationsGrid({ initial }: { initial: GridPage }) {
  const [reloads, setReloads] = useState(0);
  const [runsOf, setRunsOf] = useState<number | null>(null);
  const closeRuns = useCallback(() => setRunsOf(null), []);

  const runs: GridOperation = {
    key: "runs",
    label: RUNS_TITLE,
    run: (ids) => {
      if (ids[0] !== undefined) setRunsOf(ids[0]);
      return false;
    },
  };
  const runNow: GridOperation = {
    key: "run-now",
    label: RUN_NOW_LABEL,
    run: async (ids) => {
      for (const id of ids) {
        try {
          void showSuccess(await apiPost(runNowUrl(id)));
        } catch (e) {
          await showError(e);
        }
      }
      setReloads((n) => n + 1);
      return false;
    },
  };

  return (
    <>
      <EntityGrid
        api={plannedOperationApi}
        initial={initial}
        reloadKey={reloads}
        createLabel="Nuova operazione"
        renderers={RENDERERS}
        operations={[runs, runNow]}
        height="calc(100vh - 14rem)"
        renderForm={(p) => <PlannedOperationForm id={p.id} onSaved={p.onSaved} onClose={p.onClose} />}
      />
      {runsOf !== null && <PlannedRunsDialog id={runsOf} onClose={closeRuns} />}
    </>
  );
}
