import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { ItemsGrid } from "@/components/items/items-grid";
import { itemEntity } from "@/db/queries/items";

export const metadata: Metadata = { title: "Prodotti" };

export default function Page() {
  return <EntityPage path="/prodotti" entity={itemEntity} Grid={ItemsGrid} />;
}
