"use client";

import { formatDate, formatEuro } from "@/lib/format";

/** A deadline's `bankMovement` (GET /api/deadlines rows, the documents' deadlines): the bank movement that paid it. */
export interface DeadlineBankMovement {
  id: number;
  bookingDate: string;
  description: string;
  amount: number;
}

/** The `bankMovement` of a deadline's JSON, or null (absent, null, or not that shape). */
export function deadlineBankMovement(value: unknown): DeadlineBankMovement | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== "number" || typeof v.bookingDate !== "string") return null;
  return { id: v.id, bookingDate: v.bookingDate, description: String(v.description ?? ""), amount: Number(v.amount ?? 0) };
}

/** The movement of a loaded document's deadline, by the deadline's id (a deadline added in the form has none). */
export function movementOfDeadline(deadlines: readonly unknown[] | undefined, id: unknown): DeadlineBankMovement | null {
  if (typeof id !== "number") return null;
  const found = deadlines?.find((d) => (d as { id?: unknown } | null)?.id === id) as { bankMovement?: unknown } | undefined;
  return deadlineBankMovement(found?.bankMovement);
}

/** 'Pagata con il movimento bancario del 05/03/2026 (€ 1'220,00): BONIFICO …', the Scadenziario's cell in short. */
export function PaidByMovement({ movement, compact = false }: { movement: DeadlineBankMovement; compact?: boolean }) {
  const title = `Movimento bancario del ${formatDate(movement.bookingDate)} (${formatEuro(movement.amount)}): ${movement.description}`;
  if (compact) {
    return (
      <a href="/banca" className="truncate text-primary-700 hover:underline" title={title} data-testid="deadline-bank-movement">
        {formatDate(movement.bookingDate)} · {formatEuro(movement.amount)}
      </a>
    );
  }
  return (
    <p className="text-xs text-gray-700" data-testid="deadline-bank-movement">
      Pagata con il movimento bancario del {formatDate(movement.bookingDate)} ({formatEuro(movement.amount)}):{" "}
      <a href="/banca" className="break-words text-primary-700 hover:underline" title={title}>
        {movement.description}
      </a>
    </p>
  );
}

/** A small bank mark beside a deadline's state: paid by a bank movement (its date, amount and description in the tooltip). */
export function PaidByMovementMark({ movement }: { movement: DeadlineBankMovement }) {
  const title = `Pagata con il movimento bancario del ${formatDate(movement.bookingDate)} (${formatEuro(movement.amount)}): ${movement.description}`;
  return (
    <a href="/banca" title={title} aria-label={title} data-testid="deadline-bank-mark" className="inline-flex shrink-0 rounded p-0.5 text-primary-700 hover:bg-primary-100">
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M3 10h18L12 4 3 10z" />
        <path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />
      </svg>
    </a>
  );
}
