"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { serviceApi } from "@/lib/schemas/service";
import { ServiceForm } from "./service-form";

/** Servizi: the grid of /api/services with 'Nuovo servizio' and the service form. */
export function ServicesGrid({ initial }: { initial: GridPage }) {
  return <EntityGrid api={serviceApi} initial={initial} createLabel="Nuovo servizio" renderForm={(p) => <ServiceForm {...p} />} />;
}
