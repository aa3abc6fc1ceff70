"use client";

import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/form/form-field";
import { AjaxSelect, DecimalInput, MoneyInput, type SelectableEntity } from "@/components/form/inputs";
import { RowFormModal } from "@/components/form/row-form-modal";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { confirmDialog } from "@/components/ui/dialogs";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { apiGet, showError } from "@/lib/client/api";
import { formDataUrl } from "@/lib/client/use-entity-form";
import { useZodForm } from "@/lib/client/use-zod-form";
import { invoiceRowSchema, type DocumentRowType } from "@/lib/schemas/invoice";
import { itemApi } from "@/lib/schemas/item";
import { serviceApi } from "@/lib/schemas/service";

/** A row as the form holds it (saved rows have id, new ones tempId). */
export type InvoiceRow = z.input<typeof invoiceRowSchema> & Record<string, unknown>;

export const ROW_TYPE_LABELS: Readonly<Record<DocumentRowType, string>> = {
  LAVORO: "Lavoro",
  PRODOTTO: "Prodotto",
  SERVIZIO: "Servizio",
  GENERICA: "Riga generica",
  SEZIONE: "Sezione",
};

export const ACTIVITY_OPTIONS_URL = "/api/activities/get-filtered-list";
export const VAT_OPTIONS_URL = "/api/vat-rates/get-filtered-list";
export const DELETE_ROW_LABEL = "Elimina riga";

/** The catalogue picker of a Prodotto or Servizio row: its field, label and the entity it reads. */
const CATALOGUE = {
  PRODOTTO: { name: "item", label: "Prodotto", api: itemApi },
  SERVIZIO: { name: "service", label: "Servizio", api: serviceApi },
} as const;

const NEW_ROW: InvoiceRow = { rowType: "GENERICA", description: "", hideAmount: false, quantity: "1", amount: 0, vat: null, advance: false, withholding: true };

interface CatalogueEntry {
  name?: string;
  description?: string;
  amount?: number;
  vat?: SelectableEntity | null;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * 'Inserimento riga' / 'Modifica riga' (spec §2 Invoice row form): Tipo riga decides the fields — Lavoro (the
 * customer's jobs), Prodotto, Servizio (choosing one fills description, amount and VAT), Riga generica (with
 * 'Nascondi importo'), Sezione (a heading: its description only). 'Elimina riga' (confirmed) on an existing row.
 */
export function InvoiceRowForm({
  row,
  contactId,
  onDone,
  onDelete,
}: {
  row: InvoiceRow | null;
  /** The document's customer: the Lavoro picker lists its jobs. */
  contactId: number | null;
  onDone: (row: InvoiceRow | null) => void;
  /** Set on an existing row: 'Elimina riga'. */
  onDelete?: () => void;
}) {
  const start = row ?? NEW_ROW;
  const form = useZodForm(invoiceRowSchema, {
    rowType: start.rowType,
    activity: start.activity ?? null,
    item: start.item ?? null,
    service: start.service ?? null,
    description: start.description ?? "",
    hideAmount: start.hideAmount ?? false,
    quantity: start.quantity ?? "1",
    amount: start.amount ?? 0,
    vat: start.vat ?? null,
    advance: start.advance ?? false,
    withholding: start.withholding ?? false,
  });
  const [rowType, hideAmount] = useWatch({ control: form.control, name: ["rowType", "hideAmount"] });
  const [loading, setLoading] = useState(false);
  const isSection = rowType === "SEZIONE";
  const showAmounts = !isSection && !(rowType === "GENERICA" && hideAmount);

  /** A product or service chosen: its description, price and VAT fill the row. */
  async function fillFrom(url: string, field: string, value: SelectableEntity | null) {
    if (!value?.id) return;
    setLoading(true);
    try {
      const res = await apiGet<Record<string, CatalogueEntry>>(formDataUrl(url, Number(value.id)));
      const entry = res[field];
      if (entry) {
        form.setValue("description", entry.description || entry.name || value.toString || "", { shouldDirty: true });
        if (typeof entry.amount === "number") form.setValue("amount", entry.amount, { shouldDirty: true });
        if (entry.vat) form.setValue("vat", { id: Number(entry.vat.id), toString: entry.vat.toString }, { shouldDirty: true });
      }
    } catch (e) {
      await showError(e);
    } finally {
      setLoading(false);
    }
  }

  return (
    <RowFormModal
      form={form}
      title={row ? "Modifica riga" : "Inserimento riga"}
      testId="invoice-row-form"
      onValid={(values) => onDone({ ...start, ...values })}
      onCancel={() => onDone(null)}
    >
      <FormField
        control={form.control}
        name="rowType"
        label="Tipo riga"
        required
        render={(field) => (
          <Select {...field} value={str(field.value)} autoFocus options={Object.entries(ROW_TYPE_LABELS).map(([value, label]) => ({ value, label }))} />
        )}
      />
      {rowType === "LAVORO" && (
        <FormField
          control={form.control}
          name="activity"
          label="Lavoro"
          required
          render={(field) => (
            <AjaxSelect
              url={ACTIVITY_OPTIONS_URL}
              params={contactId ? { contactId } : undefined}
              value={field.value as SelectableEntity | null | undefined}
              onChange={(v) => {
                field.onChange(v);
                if (v && !form.getValues("description")) form.setValue("description", v.toString ?? "", { shouldDirty: true });
              }}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
      )}
      {(rowType === "PRODOTTO" || rowType === "SERVIZIO") && (
        <FormField
          // one field per type: switching type mounts the other picker
          key={rowType}
          control={form.control}
          name={CATALOGUE[rowType].name}
          label={CATALOGUE[rowType].label}
          required
          render={(field) => (
            <AjaxSelect
              url={`${CATALOGUE[rowType].api.url}/get-filtered-list`}
              value={field.value as SelectableEntity | null | undefined}
              onChange={(v) => {
                field.onChange(v);
                void fillFrom(CATALOGUE[rowType].api.url, CATALOGUE[rowType].api.field, v);
              }}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              disabled={loading}
            />
          )}
        />
      )}
      <FormField
        control={form.control}
        name="description"
        label={isSection ? "Titolo sezione" : "Descrizione in fattura"}
        required={rowType === "GENERICA" || isSection}
        render={(field) => <Textarea {...field} value={str(field.value)} rows={3} maxLength={5000} />}
      />
      {rowType === "GENERICA" && (
        <Controller
          control={form.control}
          name="hideAmount"
          render={({ field }) => <Checkbox name={field.name} checked={field.value === true} onBlur={field.onBlur} onCheckedChange={field.onChange} label="Nascondi importo" />}
        />
      )}
      {showAmounts && (
        <>
          <div className="grid grid-cols-2 gap-3">
            <FormField
              control={form.control}
              name="quantity"
              label="Quantità"
              render={(field) => <DecimalInput {...field} value={field.value as string | number | null | undefined} />}
            />
            <FormField control={form.control} name="amount" label="Importo" render={(field) => <MoneyInput {...field} value={field.value as number | string | null | undefined} />} />
          </div>
          <FormField
            control={form.control}
            name="vat"
            label="Aliquota"
            required
            render={(field) => (
              <AjaxSelect url={VAT_OPTIONS_URL} value={field.value as SelectableEntity | null | undefined} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
            )}
          />
          <Controller
            control={form.control}
            name="advance"
            render={({ field }) => (
              <Checkbox name={field.name} checked={field.value === true} onBlur={field.onBlur} onCheckedChange={field.onChange} label="Non imponibile (per anticipazione)" />
            )}
          />
          <Controller
            control={form.control}
            name="withholding"
            render={({ field }) => (
              <Checkbox name={field.name} checked={field.value === true} onBlur={field.onBlur} onCheckedChange={field.onChange} label="Applicare ritenuta d'acconto e contributi" />
            )}
          />
        </>
      )}
      {onDelete && (
        <div>
          <Button
            type="button"
            variant="danger"
            size="sm"
            onClick={() =>
              void confirmDialog("Confermi l'eliminazione?").then((yes) => {
                if (yes) onDelete();
              })
            }
          >
            {DELETE_ROW_LABEL}
          </Button>
        </div>
      )}
    </RowFormModal>
  );
}
