import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { VatRatesGrid } from "@/components/vat-rates/vat-rates-grid";
import { vatRateEntity } from "@/db/queries/vat-rates";

export const metadata: Metadata = { title: "Aliquote IVA" };

export default function Page() {
  return <EntityPage path="/aliquote-iva" entity={vatRateEntity} Grid={VatRatesGrid} />;
}
