import type { Metadata } from "next";
import { ShellPage } from "@/components/shell/shell-page";
import { PurchaseForm } from "@/components/subscription/purchase-form";
import { getPurchaseData } from "@/db/queries/subscription-orders";
import { authorize } from "@/lib/api/route";
import { getCurrentUser, hasRole } from "@/lib/auth/current-user";
import { licenceOffer } from "@/lib/subscription";

export const metadata: Metadata = { title: "Acquista" };

// GET /acquista/{subscriptionId} — the licence purchase (free tenant) or renewal: price, billing data, bank transfer.
export default async function PurchasePage({ params }: { params: Promise<{ subscriptionId: string }> }) {
  const { subscriptionId } = await params;
  const id = /^\d{1,10}$/.test(subscriptionId) ? Number(subscriptionId) : 0;
  const user = await getCurrentUser();
  const isAdmin = hasRole(user, "ROLE_ADMIN");
  const data = isAdmin && licenceOffer(id) ? await getPurchaseData((await authorize(user, "ROLE_ADMIN")).scope, id) : null;
  return (
    <ShellPage path={`/acquista/${subscriptionId}`}>
      {data ? (
        <PurchaseForm data={data} />
      ) : (
        <div className="max-w-xl rounded-lg border border-border bg-white p-6 text-gray-600">
          {!licenceOffer(id) ? "Abbonamento non trovato." : "L'acquisto e il rinnovo della licenza sono riservati agli amministratori dell'azienda."}
        </div>
      )}
    </ShellPage>
  );
}
