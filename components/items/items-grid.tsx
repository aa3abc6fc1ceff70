"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { ItemForm } from "./item-form";

/** Prodotti: the grid of /api/items with 'Nuovo prodotto' and the product form. */
export function ItemsGrid({ initial }: { initial: GridPage }) {
  return <EntityGrid apiUrl="/api/items" initial={initial} rowColorTable="items" createLabel="Nuovo prodotto" renderForm={(p) => <ItemForm {...p} />} />;
}
