"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { timeEntryApi } from "@/lib/schemas/time-entry";
import { TimeEntryForm } from "./time-entry-form";

/**
 * Lista lavori eseguiti (ROLE_ADMIN): every user's hours, filtered by the columns' own filters (Data as a
 * period, Utente, Cliente, Lavoro, Fatturabile, Fatturato), with the 'Totale' of the filtered set (Ore,
 * Importo; the server's column order keeps them in view) and the toolbar's CSV/XLSX export; 'Nuove ore lavorate' and edit open the entry's form.
 */
export function TimeEntriesGrid({ initial, params }: { initial: GridPage; params?: Record<string, string> }) {
  return (
    <EntityGrid
      api={timeEntryApi}
      initial={initial}
      params={params}
      createLabel="Nuove ore lavorate"
      renderForm={(p) => <TimeEntryForm id={p.id} onSaved={p.onSaved} onDeleted={() => p.onSaved()} onClose={p.onClose} />}
    />
  );
}
