"use client";

import { Controller } from "react-hook-form";
import { EntityFormModal } from "@/components/form/entity-form-modal";
import { FormField } from "@/components/form/form-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formDataUrl, saveUrlFor } from "@/lib/client/use-entity-form";
import { invoiceSectionalSchema, SECTIONAL_TYPOLOGIES } from "@/lib/schemas/invoice-sectional";

export const INVOICE_SECTIONALS_URL = "/api/invoice-sectionals";

export interface InvoiceSectional {
  [key: string]: unknown;
  id?: number;
  name: string;
  typology: string;
  suffix: string;
  defaultSectional: boolean;
  disabled?: boolean;
  version?: number;
  toString?: string;
}

/** 'Inserimento sezionale' / 'Modifica sezionale' (spec §2, §5): name, typology, suffix, default flag. */
export function InvoiceSectionalForm({
  id,
  onClose,
  onSaved,
}: {
  /** Sectional to edit; undefined creates one. */
  id?: number;
  onClose: () => void;
  onSaved?: (saved: InvoiceSectional) => void;
}) {
  return (
    <EntityFormModal<typeof invoiceSectionalSchema, InvoiceSectional>
      entityName="invoiceSectional"
      loadUrl={formDataUrl(INVOICE_SECTIONALS_URL, id)}
      saveUrl={(entity) => saveUrlFor(INVOICE_SECTIONALS_URL, entity)}
      schema={invoiceSectionalSchema}
      recordId={id}
      title={(entity) => (entity.id ? "Modifica sezionale" : "Inserimento sezionale")}
      size="sm"
      onClose={onClose}
      onSaved={onSaved}
      toFormValues={(entity) => ({
        ...entity,
        name: entity.name ?? "",
        typology: (entity.typology || "Tutti") as (typeof SECTIONAL_TYPOLOGIES)[number],
        suffix: entity.suffix ?? "",
        defaultSectional: Boolean(entity.defaultSectional),
      })}
    >
      {(form) => (
        <div className="flex flex-col gap-3">
          <FormField
            control={form.control}
            name="name"
            label="Nome del sezionale"
            required
            render={(field) => <Input {...field} value={field.value ?? ""} maxLength={100} />}
          />
          <FormField
            control={form.control}
            name="typology"
            label="Tipologia di clienti"
            required
            render={(field) => (
              <Select
                {...field}
                value={field.value ?? ""}
                placeholder="-"
                options={SECTIONAL_TYPOLOGIES.map((t) => ({ value: t, label: t }))}
              />
            )}
          />
          <FormField
            control={form.control}
            name="suffix"
            label="Suffisso"
            hint="Aggiunto al numero delle fatture del sezionale (es. 1/A)"
            render={(field) => <Input {...field} value={field.value ?? ""} maxLength={20} />}
          />
          <Controller
            control={form.control}
            name="defaultSectional"
            render={({ field }) => (
              <Checkbox checked={Boolean(field.value)} onCheckedChange={field.onChange} onBlur={field.onBlur} label="Sezionale predefinito" />
            )}
          />
        </div>
      )}
    </EntityFormModal>
  );
}
