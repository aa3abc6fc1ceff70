"use client";

import { useEffect, useRef, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/form/form-field";
import { AjaxSelect, DecimalInput, MoneyInput, type SelectableEntity } from "@/components/form/inputs";
import { RowFormModal } from "@/components/form/row-form-modal";
import { ItemForm } from "@/components/items/item-form";
import { ServiceForm } from "@/components/services/service-form";
import { useIsDemo } from "@/components/shell/session-roles";
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

export const ACTIVITY_URL = "/api/activities";
export const ACTIVITY_OPTIONS_URL = `${ACTIVITY_URL}/get-filtered-list`;
export const VAT_OPTIONS_URL = "/api/vat-rates/get-filtered-list";
export const DELETE_ROW_LABEL = "Elimina riga";

/** The catalogue picker of a Prodotto or Servizio row: its field, label, the entity it reads and its form. */
export const CATALOGUE = {
  PRODOTTO: { name: "item", label: "Prodotto", api: itemApi, Form: ItemForm, view: "Visualizza prodotto", create: "Nuovo prodotto" },
  SERVIZIO: { name: "service", label: "Servizio", api: serviceApi, Form: ServiceForm, view: "Visualizza servizio", create: "Nuovo servizio" },
} as const;

/** The spec's hint in the demo (§1 Demo mode). */
export const DEMO_VAT_HINT = "Altre aliquote IVA si possono attivare in Tabelle - Aliquote IVA";

const NEW_ROW: InvoiceRow = { rowType: "GENERICA", description: "", hideAmount: false, quantity: "1", amount: null, vat: null, advance: false, withholding: false };

/** A new row (the grid's empty one, the dialog's start): a Riga generica on the tenant's usual rate, its ritenuta by rowWithholdsByDefault. */
export const newInvoiceRow = (defaultVat: { id: number; toString: string } | null, documentWithholds: boolean): InvoiceRow => ({
  ...NEW_ROW,
  vat: defaultVat,
  withholding: rowWithholdsByDefault(NEW_ROW.rowType, documentWithholds),
});

/**
 * Whether a new row starts with 'Applicare ritenuta d'acconto e contributi' ticked (issue 30). The ritenuta and the
 * cassa fall on a professional's fee, not on goods: a fee row — Riga generica, Servizio, Lavoro — starts ticked when
 * the document applies the ritenuta (its 'Applica ritenuta', from the tenant's withholdingTaxApply); a Prodotto (goods
 * sold, a refund of materials) and a Sezione never do. The user may still tick or untick it on any row.
 */
export const rowWithholdsByDefault = (rowType: DocumentRowType, documentWithholds: boolean): boolean =>
  documentWithholds && (rowType === "GENERICA" || rowType === "SERVIZIO" || rowType === "LAVORO");

interface CatalogueEntry {
  name?: string;
  description?: string;
  amount?: number;
  vat?: SelectableEntity | null;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** What a chosen product or service puts in its row: its description (else its name), price and VAT. */
export async function catalogueRowValues(type: keyof typeof CATALOGUE, value: SelectableEntity): Promise<Partial<Pick<InvoiceRow, "description" | "amount" | "vat">>> {
  const { api } = CATALOGUE[type];
  const res = await apiGet<Record<string, CatalogueEntry>>(formDataUrl(api.url, Number(value.id)));
  const entry = res[api.field];
  if (!entry) return {};
  return {
    description: entry.description || entry.name || value.toString || "",
    ...(typeof entry.amount === "number" ? { amount: entry.amount } : {}),
    ...(entry.vat ? { vat: { id: Number(entry.vat.id), toString: entry.vat.toString } } : {}),
  };
}

/** What a chosen job puts in its row: what it has to invoice (Da fatturare: fixed price, or uninvoiced hours × rate). */
export async function jobRowValues(value: SelectableEntity): Promise<Partial<Pick<InvoiceRow, "amount">>> {
  const res = await apiGet<{ activity: { toInvoice?: number } }>(formDataUrl(ACTIVITY_URL, Number(value.id)));
  return typeof res.activity.toInvoice === "number" ? { amount: res.activity.toInvoice } : {};
}

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
  defaultVat = null,
  documentWithholds = false,
}: {
  row: InvoiceRow | null;
  /** A new row's Aliquota: the tenant's usual rate (formData.defaultVat); a product's or service's own rate replaces it. */
  defaultVat?: { id: number; toString: string } | null;
  /** The document applies the ritenuta: a new fee row starts with it ticked (rowWithholdsByDefault). */
  documentWithholds?: boolean;
  /** The document's customer: the Lavoro picker lists its jobs. */
  contactId: number | null;
  onDone: (row: InvoiceRow | null) => void;
  /** Set on an existing row: 'Elimina riga'. */
  onDelete?: () => void;
}) {
  const start = row ?? newInvoiceRow(defaultVat, documentWithholds);
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
  // the product or service form opened from the picker ('+' a new one, 'Visualizza' the chosen one)
  const [catalogueForm, setCatalogueForm] = useState<{ type: keyof typeof CATALOGUE; id: number | null } | null>(null);
  const isDemo = useIsDemo();
  const isSection = rowType === "SEZIONE";
  const showAmounts = !isSection && !(rowType === "GENERICA" && hideAmount);
  // the ritenuta follows the row's type (a Prodotto starts without) until the user ticks or unticks it, here or before
  // (a row whose check differs from its type's default was set by hand); opening a row changes nothing
  const withholdingByHand = useRef(row !== null && row.withholding !== rowWithholdsByDefault(row.rowType, documentWithholds));
  useEffect(() => {
    if (withholdingByHand.current) return;
    form.setValue("withholding", row !== null && rowType === row.rowType ? row.withholding === true : rowWithholdsByDefault(rowType, documentWithholds));
  }, [row, rowType, documentWithholds, form]);

  /** A product or service chosen: its description, price and VAT fill the row. */
  async function fillFrom(type: keyof typeof CATALOGUE, value: SelectableEntity | null) {
    if (!value?.id) return;
    setLoading(true);
    try {
      const values = await catalogueRowValues(type, value);
      for (const [name, v] of Object.entries(values)) form.setValue(name as "description" | "amount" | "vat", v as never, { shouldDirty: true });
    } catch (e) {
      await showError(e);
    } finally {
      setLoading(false);
    }
  }

  /** A job chosen: its label and what it has to invoice (Da fatturare: fixed price, or uninvoiced hours × rate). */
  async function fillFromActivity(value: SelectableEntity | null) {
    if (!value?.id) return;
    setLoading(true);
    try {
      const { amount } = await jobRowValues(value);
      if (!form.getValues("description")) form.setValue("description", value.toString ?? "", { shouldDirty: true });
      if (amount !== undefined) form.setValue("amount", amount, { shouldDirty: true });
    } catch (e) {
      await showError(e);
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
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
                void fillFromActivity(v);
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
                void fillFrom(rowType, v);
              }}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              disabled={loading}
              onCreate={() => setCatalogueForm({ type: rowType, id: null })}
              createLabel={CATALOGUE[rowType].create}
              onView={(v) => setCatalogueForm({ type: rowType, id: Number(v.id) })}
              viewLabel={CATALOGUE[rowType].view}
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
          {isDemo && <p className="text-xs text-gray-600">{DEMO_VAT_HINT}</p>}
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
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onBlur={field.onBlur}
                onCheckedChange={(checked) => {
                  withholdingByHand.current = true;
                  field.onChange(checked);
                }}
                label="Applicare ritenuta d'acconto e contributi"
              />
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
    {catalogueForm && (
      <CatalogueEntityForm
        type={catalogueForm.type}
        id={catalogueForm.id}
        onClose={() => setCatalogueForm(null)}
        onSaved={(saved) => {
          const option = { id: saved.id, toString: saved.toString };
          form.setValue(CATALOGUE[catalogueForm.type].name, option, { shouldDirty: true });
          void fillFrom(catalogueForm.type, option);
        }}
      />
    )}
    </>
  );
}

/** The product or service form over the row form; a saved one becomes the row's choice. */
function CatalogueEntityForm({ type, id, onSaved, onClose }: { type: keyof typeof CATALOGUE; id: number | null; onSaved: (saved: { id: number; toString: string }) => void; onClose: () => void }) {
  const { Form } = CATALOGUE[type];
  return <Form id={id} onSaved={(saved) => onSaved(saved)} onClose={onClose} />;
}
