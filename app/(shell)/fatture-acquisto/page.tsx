import type { Metadata } from "next";
import { ExpensesGrid } from "@/components/expenses/expenses-grid";
import { EntityPage } from "@/components/grid/entity-page";
import { expenseEntity } from "@/db/queries/expenses";

export const metadata: Metadata = { title: "Fatture d'acquisto" };

export default function Page() {
  return <EntityPage path="/fatture-acquisto" entity={expenseEntity} Grid={ExpensesGrid} />;
}
