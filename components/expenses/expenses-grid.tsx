"use client";

import { useState } from "react";
import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { expenseApi, type ExpenseJson } from "@/lib/schemas/expense";
import { ExpenseForm } from "./expense-form";
import { ImportExpensesButton } from "./import-expenses";

/**
 * The body of /fatture-acquisto: GET /api/expenses (Numero, Data, Tipo documento, Fornitore, Imponibile, IVA, Ritenute,
 * Totale, Pagata, Prossima scadenza; footer totals of the filtered set), 'Nuova fattura di acquisto', the form on double
 * click or the pencil, and 'Importa fatture elettroniche' in the toolbar (its import reloads the rows).
 */
export function ExpensesGrid({ initial }: { initial: GridPage }) {
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey((k) => k + 1);
  // an imported invoice's number in the import report opens it here
  const [opened, setOpened] = useState<number | null>(null);
  return (
    // a phone's toolbar wraps onto more lines: a shorter grid keeps its footer's totals in view (as the Scadenziario)
    <div className="min-w-0 [--expenses-grid-h:calc(100dvh-21rem)] sm:[--expenses-grid-h:calc(100vh-14rem)]">
    <EntityGrid<ExpenseJson>
      api={expenseApi}
      initial={initial}
      createLabel="Nuova fattura di acquisto"
      height="var(--expenses-grid-h)"
      reloadKey={reloadKey}
      // 'Importa fatture elettroniche' (components/expenses/import-expenses.tsx): an import reloads the rows
      toolbarExtra={<ImportExpensesButton onImported={reload} onOpen={setOpened} />}
      renderForm={(p) => <ExpenseForm id={p.id} onSaved={(saved) => p.onSaved(saved)} onClose={p.onClose} />}
    />
    {opened !== null && <ExpenseForm id={opened} onSaved={reload} onClose={() => setOpened(null)} />}
    </div>
  );
}
