"use client";

import { StateBadge, type StateTone } from "@/components/grid/grid-cells";
import type { ActivityState } from "@/lib/schemas/activity";

/** Attivo green, Sospeso amber, Concluso grey: the grid, the customer's jobs and the history read alike. */
export const ACTIVITY_STATE_TONES: Readonly<Record<ActivityState, StateTone>> = { Attivo: "green", Sospeso: "amber", Concluso: "gray" };

export function ActivityStateBadge({ state }: { state: unknown }) {
  if (typeof state !== "string" || !state) return null;
  return <StateBadge tone={ACTIVITY_STATE_TONES[state as ActivityState] ?? "gray"} label={state} />;
}
