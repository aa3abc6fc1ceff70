// GET /modalita-pagamento — Modalità pagamento: the grid with its first block rendered on the server (same query as GET /api/payment-modalities).
import type { Metadata } from "next";
import { loadFirstBlock } from "@/components/grid/load-first-block";
import { PaymentModalitiesGrid } from "@/components/payment-modalities/payment-modalities-grid";
import { ShellPage } from "@/components/shell/shell-page";
import { paymentModalitiesGrid } from "@/db/queries/payment-modalities";

export const metadata: Metadata = { title: "Modalità pagamento" };

/** Rendered only once ShellPage has let the user in (it redirects otherwise). */
async function ModalitaPagamento() {
  return <PaymentModalitiesGrid initial={await loadFirstBlock(paymentModalitiesGrid, "ROLE_DOCUMENT")} />;
}

export default function Page() {
  return (
    <ShellPage path="/modalita-pagamento">
      <ModalitaPagamento />
    </ShellPage>
  );
}
