import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { ServicesGrid } from "@/components/services/services-grid";
import { serviceEntity } from "@/db/queries/services";

export const metadata: Metadata = { title: "Servizi" };

export default function Page() {
  return <EntityPage path="/servizi" entity={serviceEntity} Grid={ServicesGrid} />;
}
