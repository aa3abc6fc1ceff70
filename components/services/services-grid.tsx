"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { ServiceForm } from "./service-form";

/** Servizi: the grid of /api/services with 'Nuovo servizio' and the service form. */
export function ServicesGrid({ initial }: { initial: GridPage }) {
  return <EntityGrid apiUrl="/api/services" initial={initial} rowColorTable="services" createLabel="Nuovo servizio" renderForm={(p) => <ServiceForm {...p} />} />;
}
