import type { Metadata } from "next";
import { ItemsGrid } from "@/components/items/items-grid";
import { loadFirstBlock } from "@/components/grid/load-first-block";
import { ShellPage } from "@/components/shell/shell-page";
import { itemsGrid } from "@/db/queries/items";

export const metadata: Metadata = { title: "Prodotti" };

/** Rendered only after ShellPage's role check: the first block never loads for a refused user. */
async function Prodotti() {
  return <ItemsGrid initial={await loadFirstBlock(itemsGrid, "ROLE_DOCUMENT")} />;
}

export default function Page() {
  return (
    <ShellPage path="/prodotti">
      <Prodotti />
    </ShellPage>
  );
}
