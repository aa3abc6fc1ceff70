// GET /agenti — Agenti: the grid with its first block rendered on the server (same query as GET /api/agents).
import type { Metadata } from "next";
import { AgentsGrid } from "@/components/agents/agents-grid";
import { loadFirstBlock } from "@/components/grid/load-first-block";
import { ShellPage } from "@/components/shell/shell-page";
import { agentsGrid } from "@/db/queries/agents";

export const metadata: Metadata = { title: "Agenti" };

/** Rendered only once ShellPage has let the user in (it redirects otherwise). */
async function Agenti() {
  return <AgentsGrid initial={await loadFirstBlock(agentsGrid, "ROLE_DOCUMENT")} />;
}

export default function Page() {
  return (
    <ShellPage path="/agenti">
      <Agenti />
    </ShellPage>
  );
}
