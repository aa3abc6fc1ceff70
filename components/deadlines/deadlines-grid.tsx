"use client";

import { useCallback, useMemo, useState } from "react";
import { DateInput } from "@/components/form/inputs/date-input";
import { formatCell } from "@/components/grid/grid-format";
import { LinkCell } from "@/components/grid/grid-cells";
import type { CellRenderer, GridPage, GridRenderers, GridRow, GridRowAction } from "@/components/grid/grid-types";
import { ServerGrid } from "@/components/grid/server-grid";
import { deadlineBankMovement, PaidByMovement, PaidByMovementMark } from "@/components/bank-movements/paid-by-movement";
import { ExpenseForm } from "@/components/expenses/expense-form";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { cn } from "@/components/ui/cn";
import { confirmDialog } from "@/components/ui/dialogs";
import { Select } from "@/components/ui/select";
import { apiPostEntity, showError, showSuccess } from "@/lib/client/api";
import { DEADLINE_PERIODS, DIRECTION_LABELS, PERIOD_LABELS, deadlineApi, type DeadlineDirection, type DeadlinePeriod } from "@/lib/schemas/deadline";
import { DEADLINE_STATES, type DeadlineState } from "@/lib/schemas/invoice";
import { DeadlineStateBadge, DirectionBadge } from "./deadline-badges";
import { CancelIcon, PaidIcon, ReminderIcon, ReopenIcon } from "./deadline-icons";
import { deadlineParams, NO_QUICK_FILTERS, type DeadlineQuickFilters } from "./deadline-filters";
import { MarkPaidDialog } from "./mark-paid-dialog";
import { ReminderDialog } from "./reminder-dialog";

export const STORNO_CONFIRM = "Confermi lo storno della scadenza? Non sarà più da incassare né da pagare.";
export const REOPEN_CONFIRM = "Riportare la scadenza a 'Da saldare'?";

const isOverdue = (row: GridRow) => Number(row.daysOverdue ?? 0) > 0;

/** Every cell of an overdue row in red (the grid has no row classes): the row stands out whatever columns are shown. */
const overdueText = (row: GridRow, content: React.ReactNode) => (isOverdue(row) ? <span className="truncate font-medium text-red-700">{content}</span> : content);

const plain: CellRenderer = (v, row, col) => overdueText(row, formatCell(col, v));

async function setState(row: GridRow, deadlineState: DeadlineState): Promise<boolean> {
  try {
    const res = await apiPostEntity(`${deadlineApi.url}/set-state/${row.id}`, deadlineApi.field, { deadlineState, paymentDate: null, version: row.version });
    void showSuccess(res);
    return true;
  } catch (e) {
    await showError(e);
    return true;
  }
}

type Opened = { kind: "INVOICE" | "CREDIT_NOTE" | "EXPENSE"; id: number } | null;
type Dialog = { kind: "paid"; row: GridRow } | { kind: "reminder"; row: GridRow } | null;

/**
 * /scadenziario: every deadline to collect and to pay (GET /api/deadlines), the quick filters (direction, state,
 * period: scadute, prossimi 7 / 30 giorni, an interval) as the list's addedParams, the footer's totals of the filtered
 * set (Da incassare, Da pagare, Saldo), overdue rows in red, and per row 'Segna saldato', 'Storna', 'Riapri',
 * 'Sollecito'; the document's link opens its form.
 */
export function DeadlinesGrid({ initial, initialFilters = NO_QUICK_FILTERS }: { initial: GridPage; initialFilters?: DeadlineQuickFilters }) {
  const [filters, setFilters] = useState<DeadlineQuickFilters>(initialFilters);
  const [reloadKey, setReloadKey] = useState(0);
  const [opened, setOpened] = useState<Opened>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  const params = useMemo(() => deadlineParams(filters), [filters]);
  const set = (patch: Partial<DeadlineQuickFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const renderers = useMemo<GridRenderers>(() => {
    const r: Record<string, CellRenderer> = {};
    for (const col of initial.gridData.columns) r[col.field] = plain;
    r.deadlineState = (v, row) => {
      const movement = deadlineBankMovement(row.bankMovement);
      const badge = <DeadlineStateBadge state={v} overdue={isOverdue(row)} />;
      return movement ? (
        <span className="inline-flex min-w-0 items-center gap-1">
          {badge}
          <PaidByMovementMark movement={movement} />
        </span>
      ) : (
        badge
      );
    };
    r.direction = (v) => <DirectionBadge direction={v} />;
    // the bank movement that paid it (issue 32): its date and amount, the description in the tooltip, a link to /banca
    r.bankMovement = (v) => {
      const movement = deadlineBankMovement(v);
      return movement ? <PaidByMovement movement={movement} compact /> : "";
    };
    r.daysOverdue = (v, row) => (isOverdue(row) ? <span className="font-semibold text-red-700">{`${Number(v)} gg`}</span> : "");
    r.document = (v, row) => {
      const label = String(v ?? "");
      const kind = row.documentKind === "EXPENSE" ? "EXPENSE" : row.documentKind === "CREDIT_NOTE" ? "CREDIT_NOTE" : "INVOICE";
      return <LinkCell label={label} onClick={() => setOpened({ kind, id: Number(row.documentId) })} title="Apri il documento" />;
    };
    return r;
  }, [initial.gridData.columns]);

  const rowActions = useMemo<GridRowAction[]>(
    () => [
      { key: "paid", label: "Segna saldato", icon: PaidIcon, group: "state", hidden: (row) => row.deadlineState !== "Da saldare", run: (row) => setDialog({ kind: "paid", row }) },
      {
        key: "storno",
        label: "Storna",
        icon: CancelIcon,
        hidden: (row) => row.deadlineState !== "Da saldare",
        run: async (row) => ((await confirmDialog(STORNO_CONFIRM, { confirmLabel: "Storna", danger: true })) ? setState(row, "Stornato") : false),
      },
      {
        key: "reopen",
        label: "Riapri",
        icon: ReopenIcon,
        // never beside 'Segna saldato' (one is for a deadline Da saldare, the other for one that is not): one place
        group: "state",
        hidden: (row) => row.deadlineState === "Da saldare",
        run: async (row) => ((await confirmDialog(REOPEN_CONFIRM)) ? setState(row, "Da saldare") : false),
      },
      {
        key: "reminder",
        label: "Sollecito",
        icon: ReminderIcon,
        hidden: (row) => !(row.deadlineState === "Da saldare" && row.documentKind === "INVOICE" && isOverdue(row)),
        run: (row) => setDialog({ kind: "reminder", row }),
      },
    ],
    [],
  );

  const periodButton = (p: DeadlinePeriod | "") => (
    <button
      key={p || "all"}
      type="button"
      aria-pressed={filters.period === p}
      onClick={() => set({ period: p })}
      className={cn(
        "h-7 rounded-full border px-3 text-sm whitespace-nowrap",
        filters.period === p ? "border-primary-600 bg-primary-600 text-white" : "border-border bg-white text-gray-800 hover:bg-primary-50",
      )}
    >
      {p ? PERIOD_LABELS[p] : "Tutte le date"}
    </button>
  );

  return (
    // the quick filters wrap onto three lines on a phone: a shorter grid keeps its footer's totals in view
    <div className="flex min-w-0 flex-col gap-2 [--deadlines-grid-h:calc(100dvh-25.5rem)] sm:[--deadlines-grid-h:calc(100vh-17rem)]">
      <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Filtri rapidi">
        <label className="flex flex-col gap-0.5 text-xs text-gray-600">
          Direzione
          <Select
            className="h-8 min-w-36"
            aria-label="Direzione"
            value={filters.direction}
            onChange={(e) => set({ direction: e.target.value as DeadlineDirection | "" })}
            options={[{ value: "", label: "Tutte" }, ...(["IN", "OUT"] as const).map((d) => ({ value: d, label: DIRECTION_LABELS[d] }))]}
          />
        </label>
        <label className="flex flex-col gap-0.5 text-xs text-gray-600">
          Stato
          <Select
            className="h-8 min-w-36"
            aria-label="Stato"
            value={filters.state}
            onChange={(e) => set({ state: e.target.value as DeadlineState | "" })}
            options={[{ value: "", label: "Tutti" }, ...DEADLINE_STATES.map((s) => ({ value: s, label: s }))]}
          />
        </label>
        <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Periodo">
          {periodButton("")}
          {DEADLINE_PERIODS.map((p) => periodButton(p))}
        </div>
        {filters.period === "range" && (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-0.5 text-xs text-gray-600">
              Dal
              <DateInput aria-label="Dal" value={filters.from} onChange={(v) => set({ from: v })} className="w-28" />
            </label>
            <label className="flex flex-col gap-0.5 text-xs text-gray-600">
              Al
              <DateInput aria-label="Al" value={filters.to} onChange={(v) => set({ to: v })} className="w-28" />
            </label>
          </div>
        )}
      </div>
      <ServerGrid
        url={deadlineApi.url}
        exportUrl={`${deadlineApi.url}/export`}
        initial={initial}
        params={params}
        reloadKey={reloadKey}
        renderers={renderers}
        rowActions={rowActions}
        height="var(--deadlines-grid-h)"
      />
      {dialog?.kind === "paid" && (
        <MarkPaidDialog
          deadline={{ id: dialog.row.id, version: dialog.row.version, amount: dialog.row.amount, deadlineDate: dialog.row.deadlineDate, document: dialog.row.document }}
          onDone={() => {
            setDialog(null);
            reload();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "reminder" && (
        <ReminderDialog
          deadlineId={dialog.row.id}
          onSent={() => {
            setDialog(null);
            reload();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {opened?.kind === "EXPENSE" && <ExpenseForm id={opened.id} onSaved={reload} onClose={() => setOpened(null)} />}
      {opened && opened.kind !== "EXPENSE" && <InvoiceForm id={opened.id} kind={opened.kind} onSaved={reload} onClose={() => setOpened(null)} />}
    </div>
  );
}
