"use client";

import type { GridPage } from "@/components/grid/grid-types";
import { LookupTableGrid } from "@/components/items/lookup-table-grid";
import { VatRateForm } from "./vat-rate-form";

/** Aliquote IVA: the grid of /api/vat-rates with 'Nuova aliquota IVA' and the rate form. */
export function VatRatesGrid({ initial }: { initial: GridPage }) {
  return (
    <LookupTableGrid
      apiUrl="/api/vat-rates"
      initial={initial}
      rowColorTable="vat_rates"
      createLabel="Nuova aliquota IVA"
      renderForm={(p) => <VatRateForm {...p} />}
    />
  );
}
