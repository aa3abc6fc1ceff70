"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { LinkCell } from "@/components/grid/grid-cells";
import type { CellRenderer, GridPage, GridRenderers, GridRow, GridRowAction } from "@/components/grid/grid-types";
import { ServerGrid } from "@/components/grid/server-grid";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { apiGet, isAbortError } from "@/lib/client/api";
import { BANK_MOVEMENTS_URL, BANK_STATES, BANK_TEXTS, type BankMovementState } from "./bank-contract";
import { BankImportDialog, type BankAccountOption } from "./bank-import-dialog";
import { BankSuggestionsPanel, MovementStateBadge, panelMovement, SignedAmount, type PanelMovement } from "./bank-suggestions-panel";

const MatchIcon = (
  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1 1" />
    <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1-1" />
  </svg>
);

interface Filters {
  bankAccount: string;
  state: BankMovementState | "";
}

/**
 * /banca (issue 32): the bank movements (GET /api/bank-movements, addedParams { bankAccount, state }) with the filter
 * by bank account and by state, the amounts green in and red out, the state badges ('Da abbinare' amber, 'Abbinato'
 * green, 'Nessun documento' grey) and what each one paid; 'Importa estratto conto' opens the import dialog. A
 * movement's description (or its 'Abbina' / 'Annulla abbinamento' action) opens the side panel of its suggestions.
 * The page starts on every state (a confirmed match stays in view with its 'Abbinato' badge, and its undo one click
 * away); the state filter narrows it to the movements still 'Da abbinare'.
 */
export function BankMovementsGrid({ initial, initialState = "" }: { initial: GridPage; initialState?: BankMovementState | "" }) {
  const [filters, setFilters] = useState<Filters>({ bankAccount: "", state: initialState });
  const [accounts, setAccounts] = useState<BankAccountOption[]>([]);
  const [reloadKey, setReloadKey] = useState(0);
  const [importing, setImporting] = useState(false);
  const [panel, setPanel] = useState<PanelMovement | null>(null);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    apiGet<{ options: { id: number; toString: string }[] }>("/api/bank-accounts/get-filtered-list", { limit: 200, offset: 0 }, { signal: controller.signal })
      .then((r) => setAccounts((r.options ?? []).map((o) => ({ id: o.id, label: o.toString }))))
      .catch((e) => {
        if (!isAbortError(e)) setAccounts([]);
      });
    return () => controller.abort();
  }, []);

  const params = useMemo(() => {
    const p: Record<string, string> = {};
    if (filters.bankAccount) p.bankAccount = filters.bankAccount;
    if (filters.state) p.state = filters.state;
    return p;
  }, [filters]);

  const open = useCallback((row: GridRow) => setPanel(panelMovement(row)), []);

  const renderers = useMemo<GridRenderers>(() => {
    const r: Record<string, CellRenderer> = {};
    r.amount = (v) => <SignedAmount cents={Number(v ?? 0)} euro={false} />;
    r.state = (v) => <MovementStateBadge state={v} />;
    r.description = (v, row) => <LinkCell label={String(v ?? "")} onClick={() => open(row)} title="Apri i suggerimenti di abbinamento" />;
    r.matched = (v) => <span className="truncate" title={String(v ?? "")}>{String(v ?? "")}</span>;
    return r;
  }, [open]);

  const rowActions = useMemo<GridRowAction[]>(
    () => [
      { key: "match", label: "Abbina", icon: MatchIcon, group: "panel", hidden: (row) => row.state !== "Da abbinare", run: (row) => open(row) },
      { key: "unmatch", label: BANK_TEXTS.unmatch, icon: MatchIcon, group: "panel", hidden: (row) => row.state === "Da abbinare", run: (row) => open(row) },
    ],
    [open],
  );

  return (
    <div className="flex min-w-0 flex-col gap-2 [--bank-grid-h:calc(100dvh-22rem)] sm:[--bank-grid-h:calc(100vh-14rem)]">
      <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Filtri rapidi">
        <label className="flex flex-col gap-0.5 text-xs text-gray-600">
          Conto corrente
          <Select
            className="h-8 min-w-44"
            aria-label="Filtra per conto corrente"
            value={filters.bankAccount}
            onChange={(e) => setFilters((f) => ({ ...f, bankAccount: e.target.value }))}
            options={[{ value: "", label: "Tutti i conti" }, ...accounts.map((a) => ({ value: String(a.id), label: a.label }))]}
          />
        </label>
        <label className="flex flex-col gap-0.5 text-xs text-gray-600">
          Stato
          <Select
            className="h-8 min-w-40"
            aria-label="Filtra per stato"
            value={filters.state}
            onChange={(e) => setFilters((f) => ({ ...f, state: e.target.value as BankMovementState | "" }))}
            options={[{ value: "", label: "Tutti" }, ...BANK_STATES.map((s) => ({ value: s, label: s }))]}
          />
        </label>
        <Button type="button" className="ml-auto" onClick={() => setImporting(true)}>
          {BANK_TEXTS.importTitle}
        </Button>
      </div>
      <ServerGrid
        url={BANK_MOVEMENTS_URL}
        exportUrl={`${BANK_MOVEMENTS_URL}/export`}
        initial={initial}
        params={params}
        reloadKey={reloadKey}
        renderers={renderers}
        rowActions={rowActions}
        height="var(--bank-grid-h)"
      />
      {importing && (
        <BankImportDialog
          accounts={accounts}
          initialAccount={filters.bankAccount ? Number(filters.bankAccount) : null}
          onClose={(imported) => {
            setImporting(false);
            if (imported) reload();
          }}
        />
      )}
      {panel && (
        <BankSuggestionsPanel
          movement={panel}
          onClose={() => setPanel(null)}
          onChanged={() => {
            setPanel(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
