"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { Input } from "@/components/ui/input";
import { apiPostEntity, showError, showSuccess } from "@/lib/client/api";
import { alertFormErrors, collectErrorMessages, useZodForm } from "@/lib/client/use-zod-form";
import { formatDate, formatEuro } from "@/lib/format";
import { orderBillingSchema, type PurchaseData, type SubscriptionOrderJson } from "@/lib/schemas/subscription-order";
import { PaymentInstructions } from "./payment-instructions";

const FIELDS = [
  { name: "denomination", label: "Ragione sociale", required: true, auto: "organization", wide: true },
  { name: "vat", label: "Partita IVA", auto: "off" },
  { name: "fiscalCode", label: "Codice fiscale", auto: "off" },
  { name: "address", label: "Indirizzo", required: true, auto: "street-address", wide: true },
  { name: "postalCode", label: "CAP", required: true, auto: "postal-code" },
  { name: "city", label: "Città", required: true, auto: "address-level2" },
  { name: "province", label: "Provincia", required: true, auto: "off" },
  { name: "sdiCode", label: "Codice destinatario (SDI)", auto: "off" },
  { name: "pec", label: "PEC", auto: "email", wide: true },
] as const;

/** /acquista/{id}: what is bought, the buyer's billing data, 'Conferma ordine', then the bank transfer's instructions. */
export function PurchaseForm({ data }: { data: PurchaseData }) {
  const [order, setOrder] = useState<SubscriptionOrderJson | null>(data.openOrder);
  const [editing, setEditing] = useState(!data.openOrder);
  const [submitted, setSubmitted] = useState(false);
  const form = useZodForm(orderBillingSchema, data.billing);
  const { register, formState, handleSubmit } = form;
  const errors = submitted ? collectErrorMessages(formState.errors) : [];
  const renewal = data.kind === "renewal";

  const onSubmit = handleSubmit(
    async (billing) => {
      try {
        const res = await apiPostEntity<{ order: SubscriptionOrderJson }>("/api/subscription/orders", "order", { subscriptionId: data.subscriptionId, billing });
        setOrder(res.order);
        setEditing(false);
        void showSuccess(res);
      } catch (err) {
        void showError(err);
      }
    },
    (fieldErrors) => {
      setSubmitted(true);
      void alertFormErrors(fieldErrors);
    },
  );

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <Card title={data.title}>
        <p className="text-gray-700">
          {renewal
            ? "Rinnovi per un anno l'utilizzo del gestionale per tutta la tua azienda, con tutti gli utenti e tutte le funzioni."
            : "Acquisti un anno di utilizzo del gestionale per tutta la tua azienda, con tutti gli utenti e tutte le funzioni."}
        </p>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">{data.description}</dt>
          <dd className="text-right tabular-nums">{formatEuro(data.amount)}</dd>
          <dt className="text-gray-600">IVA {data.vatRate.replace(/\.00$/, "")}%</dt>
          <dd className="text-right tabular-nums">{formatEuro(data.vat)}</dd>
          <dt className="font-semibold">Totale IVA inclusa</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="purchase-total">{formatEuro(data.total)}</dd>
        </dl>
        <p className="mt-3 text-sm text-gray-600">
          Scadenza attuale: {formatDate(data.expireDate)}. Con il pagamento registrato oggi la licenza sarà valida fino al {formatDate(data.renewedExpireDate)}.
        </p>
      </Card>

      {order && !editing ? (
        <PaymentInstructions order={order} vendor={data.vendor} onEdit={() => setEditing(true)} />
      ) : (
        <Card title="Dati di fatturazione">
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
            <FormErrorBanner errors={errors} />
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {FIELDS.map((f) => (
                <Field key={f.name} label={f.label} required={"required" in f} error={formState.errors[f.name]?.message} className={"wide" in f ? "sm:col-span-2" : undefined}>
                  <Input {...register(f.name)} autoComplete={f.auto} />
                </Field>
              ))}
            </div>
            <p className="text-sm text-gray-600">Pagamento: {data.paymentMethod}. Dopo la conferma dell&apos;ordine trovi le coordinate per il bonifico.</p>
            <div className="flex flex-wrap justify-end gap-2">
              {order && (
                <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
                  Annulla
                </Button>
              )}
              <Button type="submit" loading={formState.isSubmitting}>
                Conferma ordine
              </Button>
            </div>
          </form>
        </Card>
      )}
    </div>
  );
}
