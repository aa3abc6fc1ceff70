// GET /agenti — Agenti: the grid with its first block rendered on the server (same query as GET /api/agents).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AgentsGrid } from "@/components/agents/agents-grid";
import { ShellPage } from "@/components/shell/shell-page";
import { getDb } from "@/db/client";
import { agentsGrid } from "@/db/queries/agents";
import { TenantScope } from "@/db/scope";
import { getCurrentUser } from "@/lib/auth/current-user";
import { listGrid } from "@/lib/grid/define";

export const metadata: Metadata = { title: "Agenti" };

export default function Page() {
  return (
    <ShellPage path="/agenti">
      <AgentsFirstBlock />
    </ShellPage>
  );
}

/** Rendered only once ShellPage has let the user in (it redirects otherwise). */
async function AgentsFirstBlock() {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  const initial = await listGrid(new TenantScope(await getDb(), user.tenantId), agentsGrid, {});
  return <AgentsGrid initial={initial} />;
}
