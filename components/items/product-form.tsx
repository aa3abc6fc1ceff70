"use client";

import { EntityFormModal } from "@/components/form/entity-form-modal";
import { FormField } from "@/components/form/form-field";
import { MoneyInput } from "@/components/form/inputs";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { formDataUrl, saveUrlFor } from "@/lib/client/use-entity-form";
import { itemSchema, serviceSchema } from "@/lib/schemas/item";

interface VatOption {
  id: number;
  toString: string;
}

/** The entity of GET /api/items|services/create-form-data and update-form-data/{id}. */
export interface ProductEntity extends Record<string, unknown> {
  id?: number | null;
  version?: number;
  name?: string;
  description?: string;
  amount?: number;
  vat?: VatOption | null;
}

interface ProductFormData {
  vats?: VatOption[];
}

/** Prodotti and Servizi differ only in URL, JSON field and nouns. */
export const PRODUCT_KINDS = {
  item: { entityName: "item", apiUrl: "/api/items", schema: itemSchema, newTitle: "Inserimento prodotto", editTitle: "Modifica prodotto" },
  service: { entityName: "service", apiUrl: "/api/services", schema: serviceSchema, newTitle: "Inserimento servizio", editTitle: "Modifica servizio" },
} as const;
export type ProductKind = keyof typeof PRODUCT_KINDS;

export interface ProductFormProps {
  kind: ProductKind;
  /** Edit this record; without it the form creates one. */
  id?: number | null;
  onSaved?: (saved: ProductEntity) => void;
  onClose: () => void;
}

/**
 * 'Inserimento prodotto' / 'Modifica prodotto' and 'Inserimento servizio' / 'Modifica servizio':
 * Nome (required), Descrizione in fattura, Importo, Aliquota (formData.vats), hidden version, Salva.
 */
export function ProductForm({ kind, id, onSaved, onClose }: ProductFormProps) {
  const k = PRODUCT_KINDS[kind];
  return (
    <EntityFormModal<typeof itemSchema, ProductEntity, ProductFormData>
      entityName={k.entityName}
      loadUrl={formDataUrl(k.apiUrl, id)}
      saveUrl={(entity) => saveUrlFor(k.apiUrl, entity)}
      schema={k.schema}
      recordId={id ?? undefined}
      size="md"
      title={(entity) => (entity.id ? k.editTitle : k.newTitle)}
      toFormValues={(entity) => ({
        name: entity.name ?? "",
        description: entity.description ?? "",
        amount: entity.amount ?? 0,
        vat: entity.vat ?? null,
        version: entity.version ?? 0,
      })}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form, formData) => {
        const vats = formData.vats ?? [];
        return (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="name"
              label="Nome"
              required
              className="sm:col-span-2"
              render={(field) => <Input {...field} value={(field.value as string) ?? ""} autoFocus maxLength={200} />}
            />
            <FormField
              control={form.control}
              name="description"
              label="Descrizione in fattura"
              hint="Se vuota, in fattura si usa il nome"
              className="sm:col-span-2"
              render={(field) => <Textarea {...field} value={(field.value as string) ?? ""} rows={3} maxLength={2000} />}
            />
            <FormField control={form.control} name="amount" label="Importo" render={(field) => <MoneyInput {...field} value={field.value as number | string | null} />} />
            <FormField
              control={form.control}
              name="vat"
              label="Aliquota"
              render={(field) => {
                const current = field.value as VatOption | null | undefined;
                // a rate deactivated since stays selectable in its own record
                const options = current && !vats.some((v) => v.id === current.id) ? [current, ...vats] : vats;
                return (
                  <Select
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={current ? String(current.id) : ""}
                    onChange={(e) => field.onChange(options.find((v) => String(v.id) === e.target.value) ?? null)}
                    placeholder="-"
                    options={options.map((v) => ({ value: String(v.id), label: v.toString }))}
                  />
                );
              }}
            />
          </div>
        );
      }}
    </EntityFormModal>
  );
}
