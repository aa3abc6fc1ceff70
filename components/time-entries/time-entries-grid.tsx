"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { useMemo } from "react";
import { todayInRome } from "@/lib/rome-time";
import { defaultPeriodFilter, timeEntryApi } from "@/lib/schemas/time-entry";
import { TimeEntryForm } from "./time-entry-form";

/**
 * Lista lavori eseguiti (ROLE_ADMIN): every user's hours, filtered by the columns' own filters (Data as a
 * period, by default from the first day of the previous month, Utente, Cliente, Lavoro, Fatturabile, Fatturato), with the 'Totale' of the filtered set (Ore,
 * Importo; the server's column order keeps them in view) and the toolbar's CSV/XLSX export; 'Nuove ore lavorate' and edit open the entry's form.
 */
export function TimeEntriesGrid({ initial, params }: { initial: GridPage; params?: Record<string, string> }) {
  // the page reads its first block with the same default period (app/(shell)/lista-lavori-eseguiti/page.tsx)
  const period = useMemo(() => defaultPeriodFilter(todayInRome()), []);
  return (
    <EntityGrid
      api={timeEntryApi}
      initial={initial}
      params={params}
      defaultFilterModel={period}
      createLabel="Nuove ore lavorate"
      renderForm={(p) => <TimeEntryForm id={p.id} onSaved={p.onSaved} onDeleted={() => p.onSaved()} onClose={p.onClose} />}
    />
  );
}
