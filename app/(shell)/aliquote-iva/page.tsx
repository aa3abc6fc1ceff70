import type { Metadata } from "next";
import { loadFirstBlock } from "@/components/grid/load-first-block";
import { ShellPage } from "@/components/shell/shell-page";
import { VatRatesGrid } from "@/components/vat-rates/vat-rates-grid";
import { vatRatesGrid } from "@/db/queries/vat-rates";

export const metadata: Metadata = { title: "Aliquote IVA" };

/** Rendered only after ShellPage's role check: the first block never loads for a refused user. */
async function AliquoteIva() {
  return <VatRatesGrid initial={await loadFirstBlock(vatRatesGrid, "ROLE_DOCUMENT")} />;
}

export default function Page() {
  return (
    <ShellPage path="/aliquote-iva">
      <AliquoteIva />
    </ShellPage>
  );
}
