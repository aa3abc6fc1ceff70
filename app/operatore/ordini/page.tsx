import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isPlatformOperator } from "@/app/api/platform/_lib/operator";
import { OperatorOrders } from "@/components/subscription/operator-orders";
import { getDb } from "@/db/client";
import { listOpenOrders } from "@/db/queries/subscription-orders";
import { getCurrentUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Ordini da confermare" };

// GET /operatore/ordini — the platform operator's open subscription orders, outside the tenant shell. The proxy sends
// a visitor without a session to /login; anyone but an operator (users.platform_operator, granted by `npm run operator`) gets the not-found page.
export default async function OperatorOrdersPage() {
  const user = await getCurrentUser();
  if (!isPlatformOperator(user)) notFound();
  const orders = await listOpenOrders(await getDb());
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold text-primary-900">Ordini in attesa di pagamento</h1>
        <p className="text-sm text-gray-600">Operatore: {user.email}</p>
      </header>
      <OperatorOrders initial={orders} />
    </main>
  );
}
