"use client";

import { useCallback, useEffect, useState, type ComponentType } from "react";
import type { GridPage, GridRow } from "@/components/grid/grid-types";
import { Button, Spinner } from "@/components/ui/button";
import { EditIcon } from "@/components/ui/icons";
import { apiGet, errorMessage, isAbortError } from "@/lib/client/api";
import { formatMoney } from "@/lib/format";
import { activityApi, type ActivityJson } from "@/lib/schemas/activity";
import type { ContactJson } from "@/lib/schemas/contact";
import type { Loaded } from "@/lib/schemas/entity";
import { ActivityStateBadge } from "./activity-state-badge";
import { useActivityDeleted } from "./activity-events";

export const ADD_JOB_LABEL = "Aggiungi lavoro";
export const SAVE_CONTACT_FIRST = "Salvare il cliente per aggiungere lavori";

/** What the tab needs of the job form (ActivityForm's props; passed in, see activity-form.tsx). */
export interface JobFormProps {
  id?: number | null;
  contact?: { id: number; toString: string } | null;
  onSaved?: (saved: ActivityJson) => void;
  onClose: () => void;
}

/** A job as the list answers it (GET /api/activities, columns of the 'activities' grid). */
type JobRow = GridRow & {
  activityNumber?: number;
  name?: string;
  activityState?: string;
  paymentType?: string;
  /** Cents. */
  toInvoice?: number | null;
  finished?: boolean;
};

const JOB_COLUMNS = "activityNumber,name,activityState,paymentType,toInvoice,finished";
const JOBS_LIMIT = 1000;
const TH = "border-b border-border px-2 py-1.5 text-left font-medium whitespace-nowrap";
const TD = "px-2 py-1.5";

/**
 * The customer form's Lavori tab (spec §2 Grids): the customer's jobs as client-side rows (Numero, Nome,
 * Stato, Tipo pagamento, Da fatturare, Completato) from GET /api/activities with addedParams { contactId };
 * 'Aggiungi lavoro' opens the job form with the customer fixed, double click or the pencil opens a job, and
 * the list reloads after a save or a deletion. The jobs are saved on their own, not with the contact.
 */
export function ContactJobsTab({ contact, JobForm }: { contact: Loaded<ContactJson>; JobForm: ComponentType<JobFormProps> }) {
  const contactId = contact.id;
  const [rows, setRows] = useState<JobRow[] | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [open, setOpen] = useState<{ id?: number } | null>(null);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  useActivityDeleted(reload);

  useEffect(() => {
    if (contactId === null) return;
    const controller = new AbortController();
    apiGet<GridPage>(activityApi.url, { addedParams: { contactId }, startRow: 0, limit: JOBS_LIMIT, columns: JOB_COLUMNS }, { signal: controller.signal })
      .then((res) => {
        setRows(res.data as JobRow[]);
        setCount(res.count);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!isAbortError(e)) setError(errorMessage(e));
      });
    return () => controller.abort();
  }, [contactId, reloads]);

  if (contactId === null) return <p className="py-6 text-center text-gray-500">{SAVE_CONTACT_FIRST}</p>;
  if (contact.isCustomer === false && rows?.length === 0) {
    return <p className="py-6 text-center text-gray-500">I lavori sono dei clienti: segnare il contatto come Cliente e salvarlo per aggiungerne.</p>;
  }

  const fixed = { id: contactId, toString: contact.toString };
  const edit = (id: number) => setOpen({ id });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <Button type="button" size="sm" onClick={() => setOpen({})} disabled={contact.isCustomer === false}>
          {ADD_JOB_LABEL}
        </Button>
        {rows && <span className="text-sm text-gray-500">{rows.length === 1 ? "1 lavoro" : `${rows.length} lavori`}</span>}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
      {!rows && !error && (
        <div role="status" className="flex items-center gap-2 py-4 text-gray-500">
          <Spinner /> Caricamento...
        </div>
      )}
      {rows && (
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full border-collapse text-sm" aria-label="Lavori del cliente">
            <thead className="bg-gray-50">
              <tr>
                <th className="w-8 border-b border-border" aria-label="Modifica" />
                <th className={`${TH} text-right`}>Numero</th>
                <th className={TH}>Nome</th>
                <th className={TH}>Stato</th>
                <th className={TH}>Tipo pagamento</th>
                <th className={`${TH} text-right`}>Da fatturare</th>
                <th className={TH}>Completato</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="px-2 py-3 text-gray-500">
                    Nessun lavoro
                  </td>
                </tr>
              )}
              {rows.map((r) => (
                <tr
                  key={r.id}
                  data-row-key={r.id}
                  className="cursor-default border-b border-gray-100 hover:bg-primary-50/50"
                  style={r.rowColor ? { backgroundColor: r.rowColor } : undefined}
                  onDoubleClick={() => edit(r.id)}
                >
                  <td className="text-center">
                    <button type="button" aria-label={`Modifica lavoro ${r.name ?? ""}`.trim()} title="Modifica" className="inline-flex rounded p-1 text-primary-700 hover:bg-primary-100" onClick={() => edit(r.id)}>
                      <EditIcon size={14} />
                    </button>
                  </td>
                  <td className={`${TD} text-right`}>{r.activityNumber}</td>
                  <td className={`${TD} min-w-40`}>{r.name}</td>
                  <td className={TD}>
                    <ActivityStateBadge state={r.activityState} />
                  </td>
                  <td className={`${TD} whitespace-nowrap`}>{r.paymentType}</td>
                  <td className={`${TD} text-right whitespace-nowrap`}>{formatMoney(r.toInvoice ?? 0)}</td>
                  <td className={TD}>{r.finished ? "Sì" : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {count !== null && rows && count > rows.length && <p className="text-xs text-gray-500">Mostrati gli ultimi {rows.length} lavori di {count}: gli altri sono in Lavori.</p>}
      {open && <JobForm id={open.id} contact={fixed} onSaved={reload} onClose={() => setOpen(null)} />}
    </div>
  );
}
