import type { Metadata } from "next";
import { EntityPage } from "@/components/grid/entity-page";
import { PaymentModalitiesGrid } from "@/components/payment-modalities/payment-modalities-grid";
import { paymentModalityEntity } from "@/db/queries/payment-modalities";

export const metadata: Metadata = { title: "Modalità pagamento" };

export default function Page() {
  return <EntityPage path="/modalita-pagamento" entity={paymentModalityEntity} Grid={PaymentModalitiesGrid} />;
}
