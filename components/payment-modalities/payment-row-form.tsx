"use client";

import { FormField } from "@/components/form/form-field";
import { DecimalInput, IntegerInput } from "@/components/form/inputs";
import { RowFormModal } from "@/components/form/row-form-modal";
import { Select } from "@/components/ui/select";
import { useZodForm } from "@/lib/client/use-zod-form";
import type { z } from "zod";
import { PAYMENT_EXPIRATION_TYPES, paymentModalityRowSchema, type PaymentModalityRowInput } from "@/lib/schemas/payment-modality";

/**
 * A payment row as the form holds it: the row schema's input (saved rows have id, new ones tempId);
 * a new row's 'Scadenza pagamento' starts empty, for the user to choose.
 */
export type PaymentRow = Omit<z.input<typeof paymentModalityRowSchema>, "paymentModalityExpirationType"> & {
  paymentModalityExpirationType?: z.input<typeof paymentModalityRowSchema>["paymentModalityExpirationType"] | "";
} & Record<string, unknown>;

/** Spec §9: a new payment row is 100% of the amount. */
export const NEW_PAYMENT_ROW: PaymentRow = { paymentModalityExpirationType: "", paymentDay: 0, monthsAfter: 0, amountPercentage: "100.00" };

const toInteger = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? v : undefined);

/**
 * The row form of 'Righe pagamento': 'Scadenza pagamento', 'Dopo quanti giorni', 'Dopo quanti mesi',
 * 'Percentuale pagamento', validated with the handler's row schema. OK hands the normalised row back.
 */
export function PaymentRowForm({ row, onDone }: { row: PaymentRow | null; onDone: (row: PaymentRow | null) => void }) {
  const start = row ?? NEW_PAYMENT_ROW;
  const form = useZodForm(paymentModalityRowSchema, {
    paymentModalityExpirationType: (start.paymentModalityExpirationType ?? "") as PaymentModalityRowInput["paymentModalityExpirationType"],
    paymentDay: toInteger(start.paymentDay),
    monthsAfter: toInteger(start.monthsAfter),
    amountPercentage: start.amountPercentage === null || start.amountPercentage === undefined ? "100.00" : String(start.amountPercentage),
  });

  return (
    <RowFormModal
      form={form}
      title={row ? "Modifica riga pagamento" : "Inserimento riga pagamento"}
      testId="payment-row-form"
      onValid={(values) =>
        onDone({
          ...start,
          paymentModalityExpirationType: values.paymentModalityExpirationType,
          paymentDay: values.paymentDay,
          monthsAfter: values.monthsAfter,
          amountPercentage: values.amountPercentage,
        })
      }
      onCancel={() => onDone(null)}
    >
      <FormField
        control={form.control}
        name="paymentModalityExpirationType"
        label="Scadenza pagamento"
        required
        render={(field) => (
          <Select {...field} value={(field.value as string) ?? ""} placeholder="-" autoFocus options={PAYMENT_EXPIRATION_TYPES.map((t) => ({ value: t, label: t }))} />
        )}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          control={form.control}
          name="paymentDay"
          label="Dopo quanti giorni"
          render={(field) => <IntegerInput {...field} value={field.value as number | string | null | undefined} onChange={(v) => field.onChange(v ?? undefined)} />}
        />
        <FormField
          control={form.control}
          name="monthsAfter"
          label="Dopo quanti mesi"
          render={(field) => <IntegerInput {...field} value={field.value as number | string | null | undefined} onChange={(v) => field.onChange(v ?? undefined)} />}
        />
      </div>
      <FormField
        control={form.control}
        name="amountPercentage"
        label="Percentuale pagamento"
        render={(field) => <DecimalInput {...field} value={field.value as string | number | null | undefined} percent />}
      />
    </RowFormModal>
  );
}
