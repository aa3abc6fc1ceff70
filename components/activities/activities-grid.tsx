"use client";

import { useState } from "react";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { FilterModel, GridOperation, GridPage, GridRenderers } from "@/components/grid/grid-types";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { useHasRole } from "@/components/shell/session-roles";
import { useTimeEntriesChanged } from "@/components/time-entries/time-entry-events";
import { alertDialog, confirmDialog } from "@/components/ui/dialogs";
import { apiPost, showError, showSuccess } from "@/lib/client/api";
import { activityApi, UNFINISHED_FILTER } from "@/lib/schemas/activity";
import { ActivityForm } from "./activity-form";
import { useActivityDeleted } from "./activity-events";
import { ActivityStateBadge } from "./activity-state-badge";
import { createFromActivitiesUrl, invoiceSelectionRefusal } from "./create-invoice";

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

export const CREATE_INVOICE_LABEL = "Crea fattura";

export interface ActivitiesGridProps {
  initial: GridPage;
}

/**
 * The /lavori page body: the jobs' server-paged grid (Numero, Nome, Cliente, Stato, Tipo pagamento, Importo,
 * Scadenza prevista, Ore lavorate, Da fatturare, Completato; footer totals) starting on 'non completati',
 * 'Nuovo lavoro', the job form on double click or the pencil; on the selected rows 'Cambia colore', 'Crea
 * fattura' (for ROLE_DOCUMENT: the invoice form with one Lavoro row per job, when they are of one customer) and
 * 'Segna completato', in the spec's order. Jobs are deleted from their form ('Elimina lavoro'), as the spec lists
 * no 'Elimina' among the jobs' row operations.
 */
export function ActivitiesGrid({ initial }: ActivitiesGridProps) {
  const [reloads, setReloads] = useState(0);
  const canInvoice = useHasRole("ROLE_DOCUMENT");
  // the jobs of the invoice being created (its form is open)
  const [invoiceIds, setInvoiceIds] = useState<number[] | null>(null);
  // a job deleted from its form: the grid reads its first block again (and drops the selection)
  useActivityDeleted(() => setReloads((n) => n + 1));
  // hours stopped or saved from the top bar's tracker (or a job's Ore lavorate tab): Ore lavorate and Da fatturare change
  useTimeEntriesChanged(() => setReloads((n) => n + 1));

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

  const createInvoice: GridOperation = {
    key: "create-invoice",
    label: CREATE_INVOICE_LABEL,
    run: async (ids) => {
      try {
        const refusal = await invoiceSelectionRefusal(ids);
        if (refusal) await alertDialog(refusal);
        else setInvoiceIds(ids);
      } catch (e) {
        await showError(e);
      }
      return false;
    },
  };

  return (
    <>
      <EntityGrid
        api={activityApi}
        initial={initial}
        reloadKey={reloads}
        createLabel="Nuovo lavoro"
        defaultFilterModel={DEFAULT_FILTER}
        renderers={RENDERERS}
        canDelete={false}
        operations={canInvoice ? [createInvoice, markFinished] : [markFinished]}
        height="calc(100vh - 14rem)"
        renderForm={(p) => <ActivityForm id={p.id} onSaved={p.onSaved} onClose={p.onClose} />}
      />
      {invoiceIds && (
        <InvoiceForm
          kind="INVOICE"
          createUrl={createFromActivitiesUrl(invoiceIds)}
          // the jobs' Da fatturare changed: the grid reads its first block again (the selection goes too)
          onSaved={() => setReloads((n) => n + 1)}
          onClose={() => setInvoiceIds(null)}
        />
      )}
    </>
  );
}
