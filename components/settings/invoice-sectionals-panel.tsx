"use client";

import { useCallback, useEffect, useState } from "react";
import { Button, Spinner } from "@/components/ui/button";
import { confirmDialog } from "@/components/ui/dialogs";
import { apiGet, apiPost, isAbortError, showError, showSuccess } from "@/lib/client/api";
import { useEntityFormDialog } from "@/lib/client/use-entity-form";
import { invoiceSectionalApi, type InvoiceSectionalJson } from "@/lib/schemas/invoice-sectional";
import { InvoiceSectionalForm } from "./invoice-sectional-form";

export const DISABLED_LABEL = "DISABILITATO";

/** Confirmation before disabling (spec §4: no invoices of that kind until re-enabled). */
export function disableSectionalMessage(name: string): string {
  return `Disabilitando il sezionale "${name}" non sarà più possibile creare fatture di questo tipo finché non verrà abilitato di nuovo. Continuare?`;
}

/**
 * The invoice sectionals of the 'Impostazioni fatturazione' tab: list with
 * the DISABILITATO label, create / edit forms, disable (confirmed) and enable.
 */
export function InvoiceSectionalsPanel() {
  const [rows, setRows] = useState<InvoiceSectionalJson[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [reloadSeq, setReloadSeq] = useState(0);
  const dialog = useEntityFormDialog();
  const reload = useCallback(() => setReloadSeq((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    apiGet<{ data: InvoiceSectionalJson[] }>(invoiceSectionalApi.url, undefined, { signal: controller.signal })
      .then((response) => {
        setRows(Array.isArray(response.data) ? response.data : []);
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setFailed(true);
        setRows([]);
      });
    return () => controller.abort();
  }, [reloadSeq]);

  const toggle = async (row: InvoiceSectionalJson) => {
    if (row.id === undefined) return;
    if (!row.disabled && !(await confirmDialog(disableSectionalMessage(row.name), { danger: true, confirmLabel: "Disabilita" }))) return;
    setBusyId(row.id);
    try {
      const response = await apiPost(`${invoiceSectionalApi.url}/${row.disabled ? "enable" : "disable"}/${row.id}`);
      void showSuccess(response);
      reload();
    } catch (error) {
      void showError(error);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="flex flex-col gap-2" aria-labelledby="invoice-sectionals-title" data-testid="invoice-sectionals">
      <div className="flex items-center justify-between gap-2">
        <h3 id="invoice-sectionals-title" className="font-semibold text-primary-900">
          Sezionali delle fatture
        </h3>
        <Button variant="secondary" size="sm" onClick={dialog.openCreate}>
          Nuovo sezionale
        </Button>
      </div>
      {rows === null ? (
        <p className="flex items-center gap-2 text-sm text-gray-500">
          <Spinner /> Caricamento...
        </p>
      ) : failed ? (
        <p className="text-sm text-danger-700">Errore nella lettura dei dati</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-gray-500">Nessun sezionale</p>
      ) : (
        // on a phone (below sm) each sectional is a card: its name, then its fields with their labels, then the
        // buttons — nothing scrolls sideways, in the table or in the dialog
        <div className="overflow-x-auto" data-testid="invoice-sectionals-table">
          <table className="w-full text-sm sm:min-w-[30rem]">
            <thead className="max-sm:hidden">
              <tr className="border-b border-border text-left text-gray-600">
                <th className="py-1 pr-2 font-medium">Nome</th>
                <th className="py-1 pr-2 font-medium">Tipologia di clienti</th>
                <th className="py-1 pr-2 font-medium">Suffisso</th>
                <th className="py-1 pr-2 font-medium">Predefinito</th>
                <th className="py-1" />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-border/60 max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-3 max-sm:py-2" data-testid="invoice-sectional-row">
                  <td className="py-1.5 pr-2 max-sm:w-full max-sm:py-0 max-sm:font-medium">
                    <span className={row.disabled ? "text-gray-500" : undefined}>{row.name}</span>
                    {row.disabled && (
                      <span className="ml-2 rounded bg-gray-200 px-1.5 py-0.5 text-xs font-semibold text-gray-700">{DISABLED_LABEL}</span>
                    )}
                  </td>
                  <td className="py-1.5 pr-2 max-sm:py-0">
                    <span className="text-gray-600 sm:hidden">Tipologia di clienti </span>
                    {row.typology}
                  </td>
                  {row.suffix ? (
                    <td className="py-1.5 pr-2 max-sm:py-0">
                      <span className="text-gray-600 sm:hidden">Suffisso </span>
                      {row.suffix}
                    </td>
                  ) : (
                    <td className="py-1.5 pr-2 max-sm:hidden" />
                  )}
                  <td className={row.defaultSectional ? "py-1.5 pr-2 max-sm:py-0" : "py-1.5 pr-2 max-sm:hidden"}>
                    {row.defaultSectional && (
                      <>
                        <span className="sm:hidden">Predefinito</span>
                        <span className="max-sm:hidden">Sì</span>
                      </>
                    )}
                  </td>
                  <td className="py-1.5 text-right whitespace-nowrap max-sm:ml-auto max-sm:w-full max-sm:py-0">
                    <Button variant="ghost" size="sm" aria-label={`Modifica ${row.name}`} onClick={() => row.id !== undefined && dialog.openEdit(row.id)}>
                      Modifica
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={busyId === row.id}
                      aria-label={`${row.disabled ? "Abilita" : "Disabilita"} ${row.name}`}
                      onClick={() => void toggle(row)}
                    >
                      {row.disabled ? "Abilita" : "Disabilita"}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog.state && <InvoiceSectionalForm id={dialog.state.id} onClose={dialog.close} onSaved={reload} />}
    </section>
  );
}
