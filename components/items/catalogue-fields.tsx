"use client";

import { FormField } from "@/components/form/form-field";
import { MoneyInput, OptionSelect } from "@/components/form/inputs";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { ZodForm } from "@/lib/client/use-zod-form";
import type { Option } from "@/lib/schemas/entity";
import type { CatalogueFormData, itemSchema } from "@/lib/schemas/item";

/**
 * The fields of the product and service forms (the two have the same shape): Nome (required),
 * Descrizione in fattura, Importo, Aliquota (formData.vats).
 */
export function CatalogueFields({ form, formData }: { form: ZodForm<typeof itemSchema>; formData: CatalogueFormData }) {
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
        // a rate deactivated since stays selectable in its own record
        render={(field) => <OptionSelect name={field.name} ref={field.ref} onBlur={field.onBlur} value={field.value as Option | null | undefined} onChange={field.onChange} placeholder="-" options={vats} />}
      />
    </div>
  );
}
