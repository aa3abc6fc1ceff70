"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Dialog } from "radix-ui";
import type { GridRow } from "@/components/grid/grid-types";
import { StateBadge } from "@/components/grid/grid-cells";
import { Button, Spinner } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { confirmDialog } from "@/components/ui/dialogs";
import { Input } from "@/components/ui/input";
import { useIsPhone } from "@/components/ui/use-is-phone";
import { apiGet, apiPostEntity, apiPost, errorMessage, isAbortError, showError, showSuccess } from "@/lib/client/api";
import { formatDate, formatEuro, formatMoney } from "@/lib/format";
import { BANK_MOVEMENTS_URL, BANK_STATE_TONES, BANK_TEXTS, type BankMovementState, type BankSuggestion, type SuggestedDeadline } from "./bank-contract";

/** The signed amount of a movement, green in, red out ('€ 1'234,56'; without the sign of the euro in the grid's cells, as every grid's figures). */
export function SignedAmount({ cents, className, euro = true }: { cents: number; className?: string; euro?: boolean }) {
  return <span className={cn("font-medium tabular-nums", cents < 0 ? "text-red-700" : "text-green-700", className)}>{euro ? formatEuro(cents) : formatMoney(cents)}</span>;
}

export function MovementStateBadge({ state }: { state: unknown }) {
  const s = String(state ?? "") as BankMovementState;
  return <StateBadge tone={BANK_STATE_TONES[s] ?? "gray"} label={s} />;
}

const scoreLabel = (score: number) => (score >= 100 ? "Certo" : `${Math.round(score)}%`);

/** One line per deadline of a suggestion: document number, counterparty, due date, amount (and what stays open). */
function DeadlineLines({ deadlines }: { deadlines: readonly SuggestedDeadline[] }) {
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-sm text-gray-800">
      {deadlines.map((d) => (
        <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="min-w-0">
            <span className="font-medium">{d.document || (d.documentNumber ? `Documento ${d.documentNumber}` : `Scadenza ${d.id}`)}</span>
            {d.contact ? <span className="text-gray-600"> · {d.contact}</span> : null}
            {d.deadlineDate ? <span className="text-gray-600"> · scade il {formatDate(d.deadlineDate)}</span> : null}
          </span>
          <span className="tabular-nums">
            {formatEuro(d.amount)}
            {d.open != null && d.open !== d.amount ? <span className="text-xs text-gray-500"> di {formatEuro(d.open)}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** An open deadline from the Scadenziario's list (GET /api/deadlines), for the manual choice. */
interface OpenDeadline {
  id: number;
  amount: number;
  document: string;
  contact: string;
  deadlineDate: string;
}

function toOpenDeadline(r: GridRow): OpenDeadline {
  const contact = r.contact as { toString?: string } | string | null | undefined;
  return {
    id: Number(r.id),
    amount: Number(r.amount),
    document: String(r.document ?? ""),
    contact: typeof contact === "object" && contact !== null ? String(contact.toString ?? "") : String(contact ?? ""),
    deadlineDate: String(r.deadlineDate ?? ""),
  };
}

/**
 * The manual choice when no suggestion fits: a searchable list of the open deadlines of the movement's direction
 * (a credit: 'Da incassare'; a debit: 'Da pagare'), read from the Scadenziario's own list call; the chosen ones are
 * paid in the order chosen, each with what is left of the movement (the last may be paid in part).
 */
function ManualChoice({ movement, busy, onConfirm }: { movement: { amount: number }; busy: boolean; onConfirm: (deadlines: { id: number; amount: number }[]) => void }) {
  const [search, setSearch] = useState("");
  const [rows, setRows] = useState<OpenDeadline[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<OpenDeadline[]>([]);
  const total = Math.abs(movement.amount);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<{ data: GridRow[] }>(
        "/api/deadlines",
        { direction: movement.amount < 0 ? "OUT" : "IN", state: "Da saldare", search: search.trim() || undefined, startRow: 0, limit: 30, offset: 0, sortModel: [{ colId: "deadlineDate", sort: "asc" }] },
        { signal: controller.signal },
      )
        .then((res) => {
          setRows((res.data ?? []).map(toOpenDeadline));
          setError(null);
        })
        .catch((e) => {
          if (!isAbortError(e)) setError(errorMessage(e));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, movement.amount]);

  // each chosen deadline takes what is left of the movement, up to its own open amount
  const allocation = useMemo(() => {
    let left = total;
    return chosen.map((d) => {
      const amount = Math.min(d.amount, left);
      left -= amount;
      return { id: d.id, amount };
    });
  }, [chosen, total]);
  const usable = allocation.filter((a) => a.amount > 0);
  const toggle = (d: OpenDeadline) => setChosen((c) => (c.some((x) => x.id === d.id) ? c.filter((x) => x.id !== d.id) : [...c, d]));

  return (
    <section aria-label={BANK_TEXTS.manual} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-gray-800">{BANK_TEXTS.manual}</h3>
      <Input aria-label="Cerca scadenze aperte" placeholder="Cerca per documento, cliente o fornitore…" value={search} onChange={(e) => setSearch(e.target.value)} />
      {error && (
        <p role="alert" className="text-sm text-danger-800">
          {error}
        </p>
      )}
      <ul className="max-h-56 overflow-auto rounded-md border border-border" aria-label="Scadenze aperte">
        {rows === null && (
          <li className="flex items-center gap-2 px-2 py-2 text-sm text-gray-600">
            <Spinner /> Caricamento...
          </li>
        )}
        {rows?.length === 0 && <li className="px-2 py-2 text-sm text-gray-600">{BANK_TEXTS.manualEmpty}</li>}
        {rows?.map((d) => {
          const on = chosen.some((x) => x.id === d.id);
          return (
            <li key={d.id} className="border-b border-gray-100 last:border-b-0">
              <label className={cn("flex cursor-pointer items-start gap-2 px-2 py-1.5 text-sm", on && "bg-primary-50")}>
                <input type="checkbox" className="mt-1" checked={on} onChange={() => toggle(d)} aria-label={`Scadenza ${d.document} del ${formatDate(d.deadlineDate)}`} />
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{d.document}</span>
                  <span className="text-gray-600"> · {d.contact}</span>
                  <span className="block text-xs text-gray-600">scade il {formatDate(d.deadlineDate)}</span>
                </span>
                <span className="tabular-nums">{formatEuro(d.amount)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {usable.length > 0 && (
        <p className="text-xs text-gray-700">
          Abbinati {formatEuro(usable.reduce((s, a) => s + a.amount, 0))} su {formatEuro(total)}
          {usable.some((a, i) => a.amount < chosen[i].amount) ? " (l'ultima scadenza resta aperta per la differenza)" : ""}
        </p>
      )}
      <div>
        <Button type="button" size="sm" variant="secondary" disabled={busy || usable.length === 0} onClick={() => onConfirm(usable)}>
          Abbina le scadenze scelte
        </Button>
      </div>
    </section>
  );
}

export interface PanelMovement {
  id: number;
  bookingDate: string;
  description: string;
  counterpartyName: string | null;
  amount: number;
  state: BankMovementState;
  documents: string;
}

export function panelMovement(row: GridRow): PanelMovement {
  return {
    id: Number(row.id),
    bookingDate: String(row.bookingDate ?? ""),
    description: String(row.description ?? ""),
    counterpartyName: row.counterpartyName == null ? null : String(row.counterpartyName),
    amount: Number(row.amount ?? 0),
    state: String(row.state ?? "Da abbinare") as BankMovementState,
    documents: String(row.matched ?? ""),
  };
}

/**
 * The side panel of a movement (a drawer from the bottom on a phone): its suggestions (GET
 * /api/bank-movements/suggestions/{id}), best first, each with its reason, score and deadlines (document number,
 * counterparty, due date, amount). The first suggestion takes the focus: Enter on a focused suggestion, or its
 * 'Conferma abbinamento', matches (POST match/{id}); a manual choice among the open deadlines when none fits;
 * 'Nessun documento' for bank fees and the like; 'Annulla abbinamento' (POST unmatch/{id}) on a matched or
 * 'Nessun documento' movement. onChanged after each change (the grid reloads and the panel closes).
 */
export function BankSuggestionsPanel({ movement, onClose, onChanged }: { movement: PanelMovement; onClose: () => void; onChanged: () => void }) {
  const phone = useIsPhone();
  const [suggestions, setSuggestions] = useState<BankSuggestion[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLLIElement>(null);
  const open = movement.state === "Da abbinare";

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setSuggestions(null);
    setLoadError(null);
    apiGet<{ suggestions: BankSuggestion[] }>(`${BANK_MOVEMENTS_URL}/suggestions/${movement.id}`, undefined, { signal: controller.signal })
      .then((res) => setSuggestions(res.suggestions ?? []))
      .catch((e) => {
        if (!isAbortError(e)) setLoadError(errorMessage(e));
      });
    return () => controller.abort();
  }, [movement.id, open]);

  // the best suggestion takes the focus: Enter confirms it
  useEffect(() => {
    if (suggestions && suggestions.length > 0) first.current?.focus();
  }, [suggestions]);

  const run = useCallback(
    async (call: () => Promise<{ message?: string | null }>) => {
      setBusy(true);
      try {
        void showSuccess(await call());
        onChanged();
      } catch (e) {
        await showError(e);
      } finally {
        setBusy(false);
      }
    },
    [onChanged],
  );

  const match = (deadlines: readonly { id: number; amount: number }[]) =>
    run(() => apiPostEntity(`${BANK_MOVEMENTS_URL}/match/${movement.id}`, "match", { deadlines: deadlines.map((d) => ({ id: d.id, amount: d.amount })) }));
  const noDocument = () => run(() => apiPost(`${BANK_MOVEMENTS_URL}/no-document/${movement.id}`));
  const unmatch = async () => {
    if (movement.state === "Abbinato" && !(await confirmDialog(BANK_TEXTS.unmatchConfirm, { confirmLabel: BANK_TEXTS.unmatch }))) return;
    await run(() => apiPost(`${BANK_MOVEMENTS_URL}/unmatch/${movement.id}`));
  };

  const onKey = (e: KeyboardEvent<HTMLLIElement>, s: BankSuggestion) => {
    if (e.key === "Enter" && e.target === e.currentTarget && !busy) {
      e.preventDefault();
      void match(s.deadlines);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-modal) bg-gray-950/30" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="bank-panel"
          onOpenAutoFocus={(e) => {
            // the first suggestion takes the focus when it arrives (not the close button)
            if (open) e.preventDefault();
          }}
          className={cn(
            "fixed z-(--z-modal) flex flex-col bg-surface shadow-2xl outline-none",
            phone ? "inset-x-0 bottom-0 max-h-[88dvh] rounded-t-xl" : "top-0 right-0 h-dvh w-[28rem] max-w-[calc(100vw-2rem)]",
          )}
        >
          <header className={cn("flex shrink-0 items-center justify-between gap-3 border-b border-border bg-primary-50 px-4 py-3", phone && "rounded-t-xl")}>
            <Dialog.Title className="truncate text-base font-semibold text-primary-900">{BANK_TEXTS.panelTitle}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" disabled={busy} aria-label="Chiudi" title="Chiudi" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-primary-100">
                <svg viewBox="0 0 16 16" className="h-4 w-4" fill="none" aria-hidden="true">
                  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
            </Dialog.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-auto overscroll-contain p-4" aria-busy={busy || undefined}>
            <section aria-label="Movimento" className="mb-4 rounded-md border border-border bg-gray-50 px-3 py-2 text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="text-gray-700">{formatDate(movement.bookingDate)}</span>
                <SignedAmount cents={movement.amount} className="text-base" />
              </div>
              <p className="mt-1 break-words text-gray-900">{movement.description}</p>
              {movement.counterpartyName && <p className="text-gray-600">{movement.counterpartyName}</p>}
              <div className="mt-1.5">
                <MovementStateBadge state={movement.state} />
              </div>
            </section>

            {!open && (
              <div className="flex flex-col gap-3">
                {movement.state === "Abbinato" && (
                  <p className="text-sm text-gray-800">
                    Ha pagato: <span className="font-medium">{movement.documents || "—"}</span>
                  </p>
                )}
                {movement.state === "Nessun documento" && <p className="text-sm text-gray-800">Il movimento non riguarda documenti (commissioni, spese bancarie…).</p>}
                <div>
                  <Button type="button" variant="danger" loading={busy} disabled={busy} onClick={() => void unmatch()}>
                    {BANK_TEXTS.unmatch}
                  </Button>
                </div>
              </div>
            )}

            {open && (
              <div className="flex flex-col gap-4">
                <section aria-label="Suggerimenti" className="flex flex-col gap-2">
                  <h3 className="text-sm font-semibold text-gray-800">Suggerimenti</h3>
                  {loadError && (
                    <p role="alert" className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800">
                      {loadError}
                    </p>
                  )}
                  {!loadError && suggestions === null && (
                    <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
                      <Spinner /> Ricerca delle scadenze corrispondenti...
                    </p>
                  )}
                  {suggestions?.length === 0 && <p className="text-sm text-gray-600">{BANK_TEXTS.noSuggestions}</p>}
                  {suggestions && suggestions.length > 0 && (
                    <ul className="flex flex-col gap-2" aria-label="Scadenze suggerite">
                      {suggestions.map((s, i) => (
                        <li
                          key={s.deadlines.map((d) => `${d.id}:${d.amount}`).join(",")}
                          ref={i === 0 ? first : undefined}
                          tabIndex={0}
                          data-testid="bank-suggestion"
                          aria-label={`${s.reason}: premi Invio per confermare`}
                          onKeyDown={(e) => onKey(e, s)}
                          className="rounded-md border border-border p-3 outline-none focus:border-primary-600 focus:bg-primary-50/40 focus:ring-2 focus:ring-primary-300"
                        >
                          <div className="flex items-start justify-between gap-2">
                            <p className="text-sm font-medium text-gray-900">{s.reason}</p>
                            <StateBadge tone={s.certain || s.score >= 100 ? "green" : s.score >= 60 ? "blue" : "gray"} label={s.certain ? "Certo" : scoreLabel(s.score)} title={`Affidabilità ${s.certain ? "Certo" : scoreLabel(s.score)}`} className="shrink-0" />
                          </div>
                          <DeadlineLines deadlines={s.deadlines} />
                          <div className="mt-2 flex justify-end">
                            <Button type="button" size="sm" disabled={busy} onClick={() => void match(s.deadlines)}>
                              {BANK_TEXTS.confirm}
                            </Button>
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                <ManualChoice movement={movement} busy={busy} onConfirm={(d) => void match(d)} />
                <section aria-label="Altro" className="flex flex-col gap-1 border-t border-border pt-3">
                  <p className="text-xs text-gray-600">Commissioni, spese bancarie, giroconti: movimenti senza un documento da saldare.</p>
                  <div>
                    <Button type="button" variant="secondary" disabled={busy} onClick={() => void noDocument()}>
                      {BANK_TEXTS.noDocument}
                    </Button>
                  </div>
                </section>
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
