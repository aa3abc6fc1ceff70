import type { Metadata } from "next";
import { loadFirstBlock } from "@/components/grid/load-first-block";
import { ServicesGrid } from "@/components/services/services-grid";
import { ShellPage } from "@/components/shell/shell-page";
import { servicesGrid } from "@/db/queries/items";

export const metadata: Metadata = { title: "Servizi" };

/** Rendered only after ShellPage's role check: the first block never loads for a refused user. */
async function Servizi() {
  return <ServicesGrid initial={await loadFirstBlock(servicesGrid, "ROLE_DOCUMENT")} />;
}

export default function Page() {
  return (
    <ShellPage path="/servizi">
      <Servizi />
    </ShellPage>
  );
}
