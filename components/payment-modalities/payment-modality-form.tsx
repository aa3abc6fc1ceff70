"use client";

import { useCallback, useState } from "react";
import { Controller } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import { FormField } from "@/components/form/form-field";
import { RowsGrid, type RowsGridColumn } from "@/components/grid/rows-grid";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formatDecimalText } from "@/lib/client/input-values";
import type { ZodForm } from "@/lib/client/use-zod-form";
import type { Loaded } from "@/lib/schemas/entity";
import { PAYMENT_TYPES, paymentModalityApi, paymentModalitySchema, type PaymentModalityFormData, type PaymentModalityJson, type PaymentType } from "@/lib/schemas/payment-modality";
import { PaymentRowForm, type PaymentRow } from "./payment-row-form";

type PaymentModalityForm = ZodForm<typeof paymentModalitySchema>;

/** MP01…MP22 with the spec's names ("MP05 - Bonifico"). */
const PAYMENT_TYPE_OPTIONS = (Object.entries(PAYMENT_TYPES) as [PaymentType, string][]).map(([code, label]) => ({ value: code, label: `${code} - ${label}` }));

export interface PaymentModalityFormProps {
  /** The modality to edit; without it the form creates one. */
  id?: number;
  onSaved?: (saved: PaymentModalityJson) => void;
  onClose: () => void;
}

/**
 * 'Inserimento metodo di pagamento' / 'Modifica metodo di pagamento': cards 'Dati principali'
 * (Nome, Tipo pagamento) and 'Righe pagamento' (the instalments, which must add up to 100%).
 */
export function PaymentModalityForm({ id, onSaved, onClose }: PaymentModalityFormProps) {
  return (
    <EntityForm<typeof paymentModalitySchema, Loaded<PaymentModalityJson>, PaymentModalityFormData>
      api={paymentModalityApi}
      id={id}
      schema={paymentModalitySchema}
      size="lg"
      title={(entity) => (entity.id ? "Modifica metodo di pagamento" : "Inserimento metodo di pagamento")}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form) => <PaymentModalityFormBody form={form} />}
    </EntityForm>
  );
}

function PaymentModalityFormBody({ form }: { form: PaymentModalityForm }) {
  return (
    <div className="flex flex-col gap-3">
      <Card title="Dati principali" bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField control={form.control} name="name" label="Nome" required render={(field) => <Input {...field} value={(field.value as string) ?? ""} maxLength={200} autoFocus />} />
        <FormField
          control={form.control}
          name="paymentType"
          label="Tipo pagamento"
          required
          render={(field) => <Select {...field} value={(field.value as string) ?? ""} placeholder="-" options={PAYMENT_TYPE_OPTIONS} />}
        />
      </Card>
      <Card title="Righe pagamento">
        <PaymentRowsField form={form} />
      </Card>
    </div>
  );
}

/** "7.50" -> "7,5%", "100.00" -> "100%" (as the grids show percentages). */
function percentText(value: string | number): string {
  const text = formatDecimalText(value, 2);
  return `${text.includes(",") ? text.replace(/0+$/, "").replace(/,$/, "") : text}%`;
}

const integerText = (v: unknown) => (v === null || v === undefined || v === "" ? "0" : String(v));

const PAYMENT_ROW_COLUMNS: readonly RowsGridColumn<PaymentRow>[] = [
  { key: "paymentModalityExpirationType", header: "Scadenza pagamento" },
  { key: "paymentDay", header: "Dopo quanti giorni", width: 150, type: "integer", render: (row) => integerText(row.paymentDay) },
  { key: "monthsAfter", header: "Dopo quanti mesi", width: 150, type: "integer", render: (row) => integerText(row.monthsAfter) },
  { key: "amountPercentage", header: "Percentuale pagamento", width: 180, type: "percentage", render: (row) => percentText(row.amountPercentage ?? "100") },
];

/** The payment rows (RowsGrid) with their row form; the list is the form's paymentModalityRows. */
function PaymentRowsField({ form }: { form: PaymentModalityForm }) {
  const [editing, setEditing] = useState<{ row: PaymentRow | null; resolve: (row: PaymentRow | null) => void } | null>(null);
  const editRow = useCallback((row: PaymentRow | null) => new Promise<PaymentRow | null>((resolve) => setEditing({ row, resolve })), []);
  // the schema's "must add up to 100%" sits on the list itself
  const listError = form.formState.isSubmitted ? form.formState.errors.paymentModalityRows : undefined;
  const listMessage = listError?.message ?? listError?.root?.message;

  return (
    <>
      <Controller
        control={form.control}
        name="paymentModalityRows"
        render={({ field }) => (
          <RowsGrid<PaymentRow>
            rows={(field.value as PaymentRow[] | undefined) ?? []}
            onChange={(rows) => field.onChange(rows)}
            columns={PAYMENT_ROW_COLUMNS}
            editRow={editRow}
            emptyText="Nessuna riga di pagamento"
          />
        )}
      />
      {listMessage && (
        <p role="alert" className="mt-2 text-xs font-medium text-danger-700">
          {listMessage}
        </p>
      )}
      {editing && (
        <PaymentRowForm
          row={editing.row}
          onDone={(row) => {
            editing.resolve(row);
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
