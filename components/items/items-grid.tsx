"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { itemApi } from "@/lib/schemas/item";
import { ItemForm } from "./item-form";

/** Prodotti: the grid of /api/items with 'Nuovo prodotto' and the product form. */
export function ItemsGrid({ initial }: { initial: GridPage }) {
  return <EntityGrid api={itemApi} initial={initial} createLabel="Nuovo prodotto" renderForm={(p) => <ItemForm {...p} />} />;
}
