"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiGet, apiPost, showError, showSuccess } from "@/lib/client/api";
import { confirmDialog } from "@/lib/client/dialogs";
import { formatDate, formatEuro } from "@/lib/format";
import { romeDateTime } from "@/lib/rome-time";
import type { SubscriptionOrderJson } from "@/lib/schemas/subscription-order";

export type OperatorOrder = SubscriptionOrderJson & { tenant: { id: number; denomination: string; expireDate: string; isFree: boolean } };

/** The operator's open orders: each transfer received is confirmed here (the tenant's licence moves one year on). */
export function OperatorOrders({ initial }: { initial: OperatorOrder[] }) {
  const [orders, setOrders] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);

  async function confirm(order: OperatorOrder) {
    const yes = await confirmDialog(`Confermi di aver ricevuto ${formatEuro(order.total)} con causale ${order.paymentReference} da ${order.tenant.denomination}?`, { confirmLabel: "Conferma pagamento" });
    if (!yes) return;
    setBusy(order.id);
    try {
      void showSuccess(await apiPost(`/api/platform/orders/${order.id}/confirm`));
    } catch (err) {
      void showError(err);
    } finally {
      setBusy(null);
      try {
        setOrders((await apiGet<{ orders: OperatorOrder[] }>("/api/platform/orders")).orders);
      } catch (err) {
        void showError(err);
      }
    }
  }

  if (!orders.length) return <p className="rounded-lg border border-border bg-white p-6 text-gray-600">Nessun ordine in attesa di pagamento.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {orders.map((o) => (
        <li key={o.id} className="flex flex-col gap-2 rounded-lg border border-border bg-white p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="operator-order">
          <div className="min-w-0 text-sm">
            <p className="font-semibold">
              {o.paymentReference} · {o.tenant.denomination}
            </p>
            <p className="text-gray-600">
              {o.description}, {formatEuro(o.total)} IVA inclusa · ordinato il {romeDateTime(o.createdAt)}
            </p>
            <p className="text-gray-600">
              Intestatario: {o.billing.denomination}
              {o.billing.vat ? `, P. IVA ${o.billing.vat}` : ""}
              {o.billing.fiscalCode ? `, C.F. ${o.billing.fiscalCode}` : ""} · scadenza attuale {formatDate(o.tenant.expireDate)}
              {o.tenant.isFree ? " (prova gratuita)" : ""}
            </p>
          </div>
          <Button type="button" onClick={() => void confirm(o)} loading={busy === o.id} disabled={busy !== null}>
            Conferma pagamento
          </Button>
        </li>
      ))}
    </ul>
  );
}
