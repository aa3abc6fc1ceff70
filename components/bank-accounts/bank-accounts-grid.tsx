"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { BankAccountForm } from "./bank-account-form";

/** Conti corrente: the grid of /api/bank-accounts with 'Nuovo conto corrente' and the account form. */
export function BankAccountsGrid({ initial }: { initial: GridPage }) {
  return <EntityGrid apiUrl="/api/bank-accounts" initial={initial} rowColorTable="bank_accounts" createLabel="Nuovo conto corrente" renderForm={(p) => <BankAccountForm {...p} />} />;
}
