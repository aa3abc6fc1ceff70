import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { TodosGrid } from "@/components/todos/todos-grid";
import { todoEntity } from "@/db/queries/todos";
import { OPEN_TODOS_FILTER } from "@/lib/schemas/todo";

export const metadata: Metadata = { title: "Impegni" };

// the grid starts on done = 0 (TodosGrid's defaultFilterModel): the first block is read with it
const FIRST_BLOCK = { filterModel: JSON.stringify(OPEN_TODOS_FILTER) };

export default function Page() {
  return <EntityPage path="/impegni" entity={todoEntity} Grid={TodosGrid} params={FIRST_BLOCK} />;
}
