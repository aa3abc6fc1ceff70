// GET /modalita-pagamento — Modalità pagamento: the grid with its first block rendered on the server (same query as GET /api/payment-modalities).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PaymentModalitiesGrid } from "@/components/payment-modalities/payment-modalities-grid";
import { ShellPage } from "@/components/shell/shell-page";
import { getDb } from "@/db/client";
import { paymentModalitiesGrid } from "@/db/queries/payment-modalities";
import { TenantScope } from "@/db/scope";
import { getCurrentUser } from "@/lib/auth/current-user";
import { listGrid } from "@/lib/grid/define";

export const metadata: Metadata = { title: "Modalità pagamento" };

export default function Page() {
  return (
    <ShellPage path="/modalita-pagamento">
      <PaymentModalitiesFirstBlock />
    </ShellPage>
  );
}

/** Rendered only once ShellPage has let the user in (it redirects otherwise). */
async function PaymentModalitiesFirstBlock() {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  const initial = await listGrid(new TenantScope(await getDb(), user.tenantId), paymentModalitiesGrid, {});
  return <PaymentModalitiesGrid initial={initial} />;
}
