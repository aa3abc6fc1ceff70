"use client";

import { formatDateTime } from "@/lib/format";
import type { InvoiceFormData, SdiEventJson } from "@/lib/schemas/invoice";
import { DocumentStateBadge, SdiStateBadge } from "./document-state-badge";

const TH = "border-b border-border px-2 py-1.5 text-left font-medium";
const TD = "px-2 py-1.5";

/** 'Storico': the SDI notifications (issue 31), then every change of state and every e-mail sent (the note), with its time and user. */
export function DocumentHistory({ history, sdiEvents = [], isNew }: { history: InvoiceFormData["history"]; sdiEvents?: SdiEventJson[]; isNew: boolean }) {
  if (isNew) return <p className="py-3 text-sm text-gray-500">Lo storico inizia al salvataggio del documento.</p>;
  return (
    <div className="flex flex-col gap-3">
      {sdiEvents.length > 0 && <SdiEvents events={sdiEvents} />}
      <HistoryTable history={history} />
    </div>
  );
}

/**
 * 'Notifiche SDI': each message SDI sent about the document's files (issue 31), with the signature's result and, for a
 * notifica di scarto, each error with its code and what to correct.
 */
function SdiEvents({ events }: { events: SdiEventJson[] }) {
  return (
    <section aria-label="Notifiche SDI" className="rounded-md border border-border">
      <h3 className="border-b border-border bg-gray-50 px-2 py-1.5 text-sm font-medium">Notifiche SDI</h3>
      <ul className="divide-y divide-gray-100 text-sm">
        {events.map((e) => (
          <li key={e.id} className="flex flex-col gap-1 px-2 py-2" data-testid="sdi-event">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="whitespace-nowrap text-gray-600">{formatDateTime(e.createdAt)}</span>
              <span className="font-medium">{e.label}</span>
              {e.sdiStateAfter && <SdiStateBadge state={e.sdiStateAfter} />}
            </div>
            <div className="break-all text-gray-600">
              {e.fileName} · IdentificativoSdI {e.identificativoSdi} · {e.via === "pec" ? "dalla PEC" : "caricata"}
            </div>
            <div className={e.signatureResult === "valida" ? "text-gray-600" : "text-amber-800"}>
              Firma della notifica: {e.signatureResult}
              {e.signatureDetail ? ` (${e.signatureDetail})` : ""}
            </div>
            {e.errors.length > 0 && (
              <ul className="ml-4 list-disc text-red-800" aria-label="Errori segnalati dallo SDI">
                {e.errors.map((err, i) => (
                  <li key={`${err.code}-${i}`}>
                    <span className="font-mono">{err.code}</span> {err.explanation}
                    {err.explanation !== err.description && <span className="block text-gray-600">SDI: {err.description}</span>}
                    {err.suggestion && <span className="block text-gray-600">Suggerimento: {err.suggestion}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function HistoryTable({ history }: { history: InvoiceFormData["history"] }) {
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
