"use client";

import { StateBadge, type StateTone } from "@/components/grid/grid-cells";
import type { DocumentState, SdiState } from "@/lib/schemas/invoice";
import { DOCUMENT_STATE_TONES } from "./invoice-kinds";

/** The SDI state's badge colours (issue 31): delivered and accepted green, not delivered amber, refused and discarded red. */
const SDI_STATE_TONES: Readonly<Record<SdiState, StateTone>> = {
  "Inviata allo SDI": "violet",
  Consegnata: "green",
  "Mancata consegna": "amber",
  Scartata: "red",
  Accettata: "green",
  Rifiutata: "red",
  "Decorrenza termini": "blue",
};

/** 'Stato SDI' (grid column and form): nothing while the document was never sent. */
export function SdiStateBadge({ state }: { state: unknown }) {
  if (typeof state !== "string" || !state) return null;
  return <StateBadge tone={SDI_STATE_TONES[state as SdiState] ?? "gray"} label={state} />;
}

export function DocumentStateBadge({ state }: { state: unknown }) {
  if (typeof state !== "string" || !state) return null;
  return <StateBadge tone={DOCUMENT_STATE_TONES[state as DocumentState] ?? "gray"} label={state} />;
}
