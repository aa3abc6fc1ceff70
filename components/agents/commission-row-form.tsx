"use client";

import { FormField } from "@/components/form/form-field";
import { DecimalInput, MoneyInput } from "@/components/form/inputs";
import { RowFormModal } from "@/components/form/row-form-modal";
import { useZodForm } from "@/lib/client/use-zod-form";
import type { z } from "zod";
import { agentCommissionSchema } from "@/lib/schemas/agent";

/** A commission row as the agent form holds it: the row schema's input (saved rows have id, new ones tempId). */
export type CommissionRow = z.input<typeof agentCommissionSchema> & Record<string, unknown>;

/** Spec §9: a new commission row starts at 0%. */
export const NEW_COMMISSION_ROW: CommissionRow = { fromAmount: 0, currency: "EUR", percentage: "0.00" };

/**
 * The small row form of 'Provvigioni': 'Da importo' (money) and 'Percentuale' (decimal, %),
 * validated with the handler's row schema. OK hands the normalised row back; closing
 * with changes asks 'Non hai salvato. Uscire?'.
 */
export function CommissionRowForm({ row, onDone }: { row: CommissionRow | null; onDone: (row: CommissionRow | null) => void }) {
  const start = row ?? NEW_COMMISSION_ROW;
  const form = useZodForm(agentCommissionSchema, {
    fromAmount: typeof start.fromAmount === "number" ? start.fromAmount : 0,
    percentage: start.percentage === null || start.percentage === undefined ? "0.00" : String(start.percentage),
  });

  return (
    <RowFormModal
      form={form}
      title={row ? "Modifica provvigione" : "Inserimento provvigione"}
      testId="commission-row-form"
      onValid={(values) => onDone({ ...start, fromAmount: values.fromAmount, percentage: values.percentage, currency: "EUR" })}
      onCancel={() => onDone(null)}
    >
      <FormField
        control={form.control}
        name="fromAmount"
        label="Da importo"
        hint="La percentuale si applica dagli importi uguali o superiori"
        render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} onChange={(v) => field.onChange(v ?? undefined)} autoFocus />}
      />
      <FormField
        control={form.control}
        name="percentage"
        label="Percentuale"
        render={(field) => <DecimalInput {...field} value={field.value as string | number | null | undefined} percent />}
      />
    </RowFormModal>
  );
}
