"use client";

import { StateBadge, type StateTone } from "@/components/grid/grid-cells";
import type { DeadlineState } from "@/lib/schemas/invoice";

/** Da saldare amber (red when overdue), Saldato green, Stornato grey. */
export const DEADLINE_STATE_TONES: Readonly<Record<DeadlineState, StateTone>> = { "Da saldare": "amber", Saldato: "green", Stornato: "gray" };

export function DeadlineStateBadge({ state, overdue = false }: { state: unknown; overdue?: boolean }) {
  if (typeof state !== "string" || !state) return null;
  const tone = overdue && state === "Da saldare" ? "red" : (DEADLINE_STATE_TONES[state as DeadlineState] ?? "gray");
  return <StateBadge tone={tone} label={state} title={overdue ? "Scaduta" : undefined} />;
}

/** 'Da incassare' blue, 'Da pagare' violet. */
export function DirectionBadge({ direction }: { direction: unknown }) {
  if (typeof direction !== "string" || !direction) return null;
  return <StateBadge tone={direction === "Da incassare" ? "blue" : "violet"} label={direction} />;
}
