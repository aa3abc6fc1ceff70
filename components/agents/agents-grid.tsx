"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { agentApi } from "@/lib/schemas/agent";
import { AgentForm } from "./agent-form";

/**
 * The Agenti page body: the server-paged grid (first block from the server component),
 * 'Nuovo agente', the form on double click or the edit icon, and 'Elimina' / 'Cambia colore'
 * among the operations on the selected rows.
 */
export function AgentsGrid({ initial }: { initial: GridPage }) {
  return (
    <EntityGrid
      api={agentApi}
      initial={initial}
      createLabel="Nuovo agente"
      height="calc(100vh - 14rem)"
      renderForm={(p) => <AgentForm {...p} />}
    />
  );
}
