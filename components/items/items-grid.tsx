"use client";

import type { GridPage } from "@/components/grid/grid-types";
import { LookupTableGrid } from "./lookup-table-grid";
import { ItemForm } from "./item-form";

/** Prodotti: the grid of /api/items with 'Nuovo prodotto' and the product form. */
export function ItemsGrid({ initial }: { initial: GridPage }) {
  return (
    <LookupTableGrid
      apiUrl="/api/items"
      initial={initial}
      rowColorTable="items"
      createLabel="Nuovo prodotto"
      renderForm={(p) => <ItemForm {...p} />}
    />
  );
}
