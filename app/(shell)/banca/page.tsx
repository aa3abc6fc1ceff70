import type { Metadata } from "next";
import { BankMovementsGrid } from "@/components/bank-movements/bank-movements-grid";
import { loadFirstBlock } from "@/components/grid/load-first-block";
import { ShellPage } from "@/components/shell/shell-page";
import { BANK_MOVEMENTS_ROLE, bankMovementsGrid } from "@/db/queries/bank-movements";

export const metadata: Metadata = { title: "Banca" };

/** The first block after ShellPage's navigation check (never for a refused user), read as GET /api/bank-movements reads it. */
async function FirstBlock() {
  return <BankMovementsGrid initial={await loadFirstBlock(bankMovementsGrid, BANK_MOVEMENTS_ROLE)} />;
}

export default function Page() {
  return (
    <ShellPage path="/banca">
      <FirstBlock />
    </ShellPage>
  );
}
