"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { vatRateApi } from "@/lib/schemas/vat-rate";
import { VatRateForm } from "./vat-rate-form";

/** Aliquote IVA: the grid of /api/vat-rates with 'Nuova aliquota IVA' and the rate form. */
export function VatRatesGrid({ initial }: { initial: GridPage }) {
  return <EntityGrid api={vatRateApi} initial={initial} createLabel="Nuova aliquota IVA" renderForm={(p) => <VatRateForm {...p} />} />;
}
