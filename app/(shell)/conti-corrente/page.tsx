import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { BankAccountsGrid } from "@/components/bank-accounts/bank-accounts-grid";
import { bankAccountEntity } from "@/db/queries/bank-accounts";

export const metadata: Metadata = { title: "Conti corrente" };

export default function Page() {
  return <EntityPage path="/conti-corrente" entity={bankAccountEntity} Grid={BankAccountsGrid} />;
}
