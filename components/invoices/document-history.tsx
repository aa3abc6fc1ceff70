"use client";

import { formatDateTime } from "@/lib/format";
import type { InvoiceFormData } from "@/lib/schemas/invoice";
import { DocumentStateBadge } from "./document-state-badge";

const TH = "border-b border-border px-2 py-1.5 text-left font-medium";
const TD = "px-2 py-1.5";

/** 'Storico': every change of state and every e-mail sent (the note), with its time and user. */
export function DocumentHistory({ history, isNew }: { history: InvoiceFormData["history"]; isNew: boolean }) {
  if (isNew) return <p className="py-3 text-sm text-gray-500">Lo storico inizia al salvataggio del documento.</p>;
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full border-collapse text-sm" aria-label="Storico del documento">
        <thead className="bg-gray-50">
          <tr>
            <th className={TH}>Data e ora</th>
            <th className={TH}>Da</th>
            <th className={TH}>A</th>
            <th className={TH}>Nota</th>
            <th className={TH}>Utente</th>
          </tr>
        </thead>
        <tbody>
          {history.length === 0 && (
            <tr>
              <td colSpan={5} className="px-2 py-3 text-gray-500">
                Nessun evento
              </td>
            </tr>
          )}
          {history.map((h, i) => (
            <tr key={`${h.created}-${i}`} className="border-b border-gray-100">
              <td className={`${TD} whitespace-nowrap`}>{formatDateTime(h.created)}</td>
              <td className={TD}>{h.stateBefore === null ? <span className="text-gray-600">Creazione</span> : <DocumentStateBadge state={h.stateBefore} />}</td>
              <td className={TD}>
                <DocumentStateBadge state={h.stateAfter} />
              </td>
              <td className={TD}>{h.note ?? ""}</td>
              <td className={TD}>{h.user ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
