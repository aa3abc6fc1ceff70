"use client";

import { Controller } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import { FormField } from "@/components/form/form-field";
import { DecimalInput } from "@/components/form/inputs";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Loaded } from "@/lib/schemas/entity";
import { NATURA_OPTIONS, vatRateApi, vatRateSchema, type VatRateFormData, type VatRateJson } from "@/lib/schemas/vat-rate";

export interface VatRateFormProps {
  /** Edit this rate; without it the form creates one. */
  id?: number | null;
  onSaved?: (saved: VatRateJson) => void;
  onClose: () => void;
}

/**
 * 'Inserimento aliquota IVA' / 'Modifica aliquota IVA': Aliquota (%), Descrizione, Natura (the
 * FatturaPA code, required for 0% rates only — the schema says so) and the Attiva flag (an
 * inactive rate leaves the product and invoice selects but stays on the records using it).
 */
export function VatRateForm({ id, onSaved, onClose }: VatRateFormProps) {
  return (
    <EntityForm<typeof vatRateSchema, Loaded<VatRateJson>, VatRateFormData>
      api={vatRateApi}
      id={id}
      schema={vatRateSchema}
      size="md"
      title={(entity) => (entity.id ? "Modifica aliquota IVA" : "Inserimento aliquota IVA")}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form, formData) => {
        const naturas = formData.naturas?.length ? formData.naturas : NATURA_OPTIONS;
        return (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_1fr]">
            <FormField
              control={form.control}
              name="rate"
              label="Aliquota"
              required
              render={(field) => <DecimalInput {...field} value={field.value as string | number | null} percent autoFocus />}
            />
            <FormField
              control={form.control}
              name="description"
              label="Descrizione"
              render={(field) => <Input {...field} value={(field.value as string) ?? ""} maxLength={200} />}
            />
            <FormField
              control={form.control}
              name="natura"
              label="Natura"
              hint="Obbligatoria per le aliquote allo 0%"
              className="sm:col-span-2"
              render={(field) => (
                <Select
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={(field.value as string | null) ?? ""}
                  onChange={(e) => field.onChange(e.target.value || null)}
                  placeholder="-"
                  options={naturas.map((n) => ({ value: n.code, label: `${n.code} - ${n.label}` }))}
                />
              )}
            />
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Checkbox className="sm:col-span-2" checked={field.value !== false} onCheckedChange={field.onChange} onBlur={field.onBlur} label="Attiva" />
              )}
            />
          </div>
        );
      }}
    </EntityForm>
  );
}
