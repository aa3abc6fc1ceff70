import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { AgentsGrid } from "@/components/agents/agents-grid";
import { agentEntity } from "@/db/queries/agents";

export const metadata: Metadata = { title: "Agenti" };

export default function Page() {
  return <EntityPage path="/agenti" entity={agentEntity} Grid={AgentsGrid} />;
}
