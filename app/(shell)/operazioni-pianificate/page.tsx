import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { PlannedOperationsGrid } from "@/components/planned-operations/planned-operations-grid";
import { plannedOperationEntity } from "@/db/queries/planned-operations";

export const metadata: Metadata = { title: "Operazioni pianificate" };

export default function Page() {
  return <EntityPage path="/operazioni-pianificate" entity={plannedOperationEntity} Grid={PlannedOperationsGrid} />;
}
