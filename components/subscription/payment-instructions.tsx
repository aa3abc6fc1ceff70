"use client";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatEuro } from "@/lib/format";
import { romeDateTime } from "@/lib/rome-time";
import type { PurchaseData, SubscriptionOrderJson } from "@/lib/schemas/subscription-order";

/** The order's state and what to write on the bank transfer (the causale is how the vendor matches the payment). */
export function PaymentInstructions({ order, vendor, onEdit }: { order: SubscriptionOrderJson; vendor: PurchaseData["vendor"]; onEdit?: () => void }) {
  const rows: [string, string][] = [
    ["Beneficiario", vendor.beneficiary],
    ["IBAN", vendor.iban],
    ["Banca", vendor.bank],
    ["Importo", formatEuro(order.total)],
    ["Causale", order.paymentReference],
  ];
  return (
    <Card title={`Ordine ${order.paymentReference}`} data-testid="payment-instructions">
      <p className="text-sm">
        Stato: <span className="font-semibold" data-testid="order-state">{order.state}</span>
        <span className="text-gray-500"> · registrato il {romeDateTime(order.createdAt)}</span>
      </p>
      {order.state === "In attesa di pagamento" && (
        <>
          <p className="mt-3 text-gray-700">Effettua un bonifico bancario con questi dati. La licenza si attiva quando riceviamo il pagamento.</p>
          <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 rounded-md border border-border bg-gray-50 p-3 text-sm sm:grid-cols-[auto_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-gray-600">{label}</dt>
                <dd className="mb-1 font-mono break-all select-all sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-gray-600">Fattura intestata a: {order.billing.denomination}, {order.billing.address}, {order.billing.postalCode} {order.billing.city} ({order.billing.province}).</p>
          {onEdit && (
            <div className="mt-3 flex justify-end">
              <Button type="button" variant="secondary" onClick={onEdit}>
                Modifica i dati di fatturazione
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
