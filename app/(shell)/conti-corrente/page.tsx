import type { Metadata } from "next";
import { BankAccountsGrid } from "@/components/bank-accounts/bank-accounts-grid";
import { loadFirstBlock } from "@/components/grid/load-first-block";
import { ShellPage } from "@/components/shell/shell-page";
import { bankAccountsGrid } from "@/db/queries/bank-accounts";

export const metadata: Metadata = { title: "Conti corrente" };

/** Rendered only after ShellPage's role check: the first block never loads for a refused user. */
async function ContiCorrente() {
  return <BankAccountsGrid initial={await loadFirstBlock(bankAccountsGrid, "ROLE_DOCUMENT")} />;
}

export default function Page() {
  return (
    <ShellPage path="/conti-corrente">
      <ContiCorrente />
    </ShellPage>
  );
}
