import type { Metadata } from "next";
import { DeadlinesGrid } from "@/components/deadlines/deadlines-grid";
import { loadFirstBlock } from "@/components/grid/load-first-block";
import { ShellPage } from "@/components/shell/shell-page";
import { DEADLINES_ROLE, deadlinesGrid } from "@/db/queries/deadlines";

export const metadata: Metadata = { title: "Scadenziario" };

/** The first block after ShellPage's navigation check (never for a refused user), read as GET /api/deadlines reads it. */
async function FirstBlock() {
  return <DeadlinesGrid initial={await loadFirstBlock(deadlinesGrid, DEADLINES_ROLE)} />;
}

export default function Page() {
  return (
    <ShellPage path="/scadenziario">
      <FirstBlock />
    </ShellPage>
  );
}
