"use client";

import { Controller } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import { FormField } from "@/components/form/form-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Loaded } from "@/lib/schemas/entity";
import { invoiceSectionalApi, invoiceSectionalSchema, SECTIONAL_TYPOLOGIES, type InvoiceSectionalFormData, type InvoiceSectionalJson } from "@/lib/schemas/invoice-sectional";

/** 'Inserimento sezionale' / 'Modifica sezionale' (spec §2, §5): name, typology, suffix, default flag. */
export function InvoiceSectionalForm({
  id,
  onClose,
  onSaved,
}: {
  /** Sectional to edit; undefined creates one. */
  id?: number;
  onClose: () => void;
  onSaved?: (saved: InvoiceSectionalJson) => void;
}) {
  return (
    <EntityForm<typeof invoiceSectionalSchema, Loaded<InvoiceSectionalJson>, InvoiceSectionalFormData>
      api={invoiceSectionalApi}
      id={id}
      schema={invoiceSectionalSchema}
      title={(entity) => (entity.id ? "Modifica sezionale" : "Inserimento sezionale")}
      size="sm"
      onClose={onClose}
      onSaved={onSaved}
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
    </EntityForm>
  );
}
