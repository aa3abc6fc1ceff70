"use client";

import { useEffect, useState } from "react";
import { StateBadge } from "@/components/grid/grid-cells";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { apiGet, showError } from "@/lib/client/api";
import { formatDate } from "@/lib/format";
import { plannedOperationApi, type PlannedRunJson } from "@/lib/schemas/planned-operation";

export const RUNS_TITLE = "Storico esecuzioni";
export const runsUrl = (id: number) => `${plannedOperationApi.url}/runs/${id}`;

/** 'Storico esecuzioni' of one operation: each occurrence, its outcome and the document made (its PDF). */
export function PlannedRunsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const [runs, setRuns] = useState<PlannedRunJson[] | null>(null);

  useEffect(() => {
    let live = true;
    apiGet<{ runs: PlannedRunJson[] }>(runsUrl(id))
      .then((r) => live && setRuns(r.runs))
      .catch(async (e: unknown) => {
        await showError(e);
        if (live) onClose();
      });
    return () => {
      live = false;
    };
  }, [id, onClose]);

  return (
    <Modal
      open
      onClose={onClose}
      title={RUNS_TITLE}
      size="lg"
      footer={
        <Button type="button" variant="secondary" onClick={onClose}>
          Chiudi
        </Button>
      }
    >
      {runs === null ? (
        <p className="text-sm text-gray-600">Caricamento…</p>
      ) : runs.length === 0 ? (
        <p className="text-sm text-gray-600">Nessuna esecuzione finora.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="planned-runs">
            <thead className="border-b text-xs text-gray-500 uppercase">
              <tr>
                <th className="py-2 pr-3">Data</th>
                <th className="py-2 pr-3">Esito</th>
                <th className="py-2 pr-3">Documento</th>
                <th className="py-2">Messaggio</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className="border-b last:border-0 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDate(r.occurrence)}</td>
                  <td className="py-2 pr-3">
                    <StateBadge tone={r.state === "Errore" ? "red" : "green"} label={r.state} />
                  </td>
                  <td className="py-2 pr-3">
                    {r.document && r.link ? (
                      <a href={r.link} target="_blank" rel="noreferrer" className="text-blue-700 underline">
                        {r.document.toString}
                      </a>
                    ) : (
                      "-"
                    )}
                  </td>
                  <td className="py-2 break-words text-gray-700">{r.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
