"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { bankAccountApi } from "@/lib/schemas/bank-account";
import { BankAccountForm } from "./bank-account-form";

/** Conti corrente: the grid of /api/bank-accounts with 'Nuovo conto corrente' and the account form. */
export function BankAccountsGrid({ initial }: { initial: GridPage }) {
  return <EntityGrid api={bankAccountApi} initial={initial} createLabel="Nuovo conto corrente" renderForm={(p) => <BankAccountForm {...p} />} />;
}
