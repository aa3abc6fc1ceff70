"use client";

import { StateBadge } from "@/components/grid/grid-cells";
import type { GridPage, GridRenderers } from "@/components/grid/grid-types";
import { ServerGrid } from "@/components/grid/server-grid";
import { AUDIT_EVENT_LABELS, AUDIT_EVENT_TONES, AUDIT_EVENTS_URL, type AuditEventType } from "@/lib/schemas/audit-event";

/** The tone of an event by the name the server sends (the grid's rows carry the Italian name). */
const TONE_BY_LABEL = new Map(Object.entries(AUDIT_EVENT_TONES).map(([k, tone]) => [AUDIT_EVENT_LABELS[k as AuditEventType], tone]));

const renderers: GridRenderers = {
  event: (v) => <StateBadge tone={TONE_BY_LABEL.get(String(v ?? "")) ?? "gray"} label={String(v ?? "")} />,
};

/**
 * Impostazioni › Sicurezza (/sicurezza, ROLE_ADMIN): the tenant's audit log of security events (GET /api/audit-events),
 * newest first, read-only; filters, search and the export like every grid.
 */
export function AuditEventsGrid({ initial }: { initial: GridPage }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <p className="text-sm text-gray-600">Accessi, password, utenti, esportazioni e modifiche alle impostazioni dell&apos;azienda degli ultimi 12 mesi.</p>
      <ServerGrid url={AUDIT_EVENTS_URL} exportUrl={`${AUDIT_EVENTS_URL}/export`} initial={initial} renderers={renderers} height="calc(100dvh - 14rem)" />
    </div>
  );
}
