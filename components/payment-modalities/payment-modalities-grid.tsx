"use client";

import { EntityGrid } from "@/components/grid/entity-grid";
import type { GridPage } from "@/components/grid/grid-types";
import { paymentModalityApi } from "@/lib/schemas/payment-modality";
import { PaymentModalityForm } from "./payment-modality-form";

/**
 * The Modalità pagamento page body: the server-paged grid (first block from the server component),
 * 'Nuovo metodo di pagamento', the form on double click or the edit icon, and 'Elimina' /
 * 'Cambia colore' among the operations on the selected rows.
 */
export function PaymentModalitiesGrid({ initial }: { initial: GridPage }) {
  return (
    <EntityGrid
      api={paymentModalityApi}
      initial={initial}
      createLabel="Nuovo metodo di pagamento"
      height="calc(100vh - 14rem)"
      renderForm={(p) => <PaymentModalityForm {...p} />}
    />
  );
}
