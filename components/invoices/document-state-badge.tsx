"use client";

import { StateBadge } from "@/components/grid/grid-cells";
import type { DocumentState } from "@/lib/schemas/invoice";
import { DOCUMENT_STATE_TONES } from "./invoice-kinds";

export function DocumentStateBadge({ state }: { state: unknown }) {
  if (typeof state !== "string" || !state) return null;
  return <StateBadge tone={DOCUMENT_STATE_TONES[state as DocumentState] ?? "gray"} label={state} />;
}
