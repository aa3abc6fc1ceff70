"use client";

import type { GridPage } from "@/components/grid/grid-types";
import { LookupTableGrid } from "@/components/items/lookup-table-grid";
import { ServiceForm } from "./service-form";

/** Servizi: the grid of /api/services with 'Nuovo servizio' and the service form. */
export function ServicesGrid({ initial }: { initial: GridPage }) {
  return <LookupTableGrid apiUrl="/api/services" initial={initial} rowColorTable="services" createLabel="Nuovo servizio" renderForm={(p) => <ServiceForm {...p} />} />;
}
