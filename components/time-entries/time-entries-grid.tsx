"use client";

import { useMemo } from "react";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { timeEntryApi } from "@/lib/schemas/time-entry";
import { TimeEntryForm } from "./time-entry-form";

/** Ore and Importo next to the job, Descrizione last: the columns with a total stay in view on a 1366 px screen. */
const LEAD_FIELDS = ["id", "date", "startTime", "endTime", "user", "contact", "activity", "hours", "amount", "billable", "invoiced"];

export function withTotalsInView(initial: GridPage): GridPage {
  const rank = (field: string) => {
    const i = LEAD_FIELDS.indexOf(field);
    return i < 0 ? LEAD_FIELDS.length : i;
  };
  const columns = [...initial.gridData.columns].sort((a, b) => rank(a.field) - rank(b.field));
  return { ...initial, gridData: { ...initial.gridData, columns } };
}

/**
 * Lista lavori eseguiti (ROLE_ADMIN): every user's hours, filtered by the columns' own filters (Data as a
 * period, Utente, Cliente, Lavoro, Fatturabile, Fatturato), with the 'Totale' of the filtered set (Ore,
 * Importo) and the toolbar's CSV/XLSX export; 'Nuove ore lavorate' and edit open the entry's form.
 */
export function TimeEntriesGrid({ initial, params }: { initial: GridPage; params?: Record<string, string> }) {
  const page = useMemo(() => withTotalsInView(initial), [initial]);
  return (
    <EntityGrid
      api={timeEntryApi}
      initial={page}
      params={params}
      createLabel="Nuove ore lavorate"
      renderForm={(p) => <TimeEntryForm id={p.id} onSaved={p.onSaved} onDeleted={() => p.onSaved()} onClose={p.onClose} />}
    />
  );
}
