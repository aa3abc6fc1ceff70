import type { Metadata } from "next";
import { AuditEventsGrid } from "@/components/audit-events/audit-events-grid";
import { loadFirstBlock } from "@/components/grid/load-first-block";
import { ShellPage } from "@/components/shell/shell-page";
import { AUDIT_EVENTS_ROLE, auditEventsGrid } from "@/db/queries/audit-events";

export const metadata: Metadata = { title: "Sicurezza" };

/** The first block after ShellPage's navigation check (never for a refused user), read as GET /api/audit-events reads it. */
async function FirstBlock() {
  return <AuditEventsGrid initial={await loadFirstBlock(auditEventsGrid, AUDIT_EVENTS_ROLE)} />;
}

export default function Page() {
  return (
    <ShellPage path="/sicurezza">
      <FirstBlock />
    </ShellPage>
  );
}
