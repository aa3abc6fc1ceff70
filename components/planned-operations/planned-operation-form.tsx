"use client";

import { Controller, useWatch } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import { FormField } from "@/components/form/form-field";
import { DateInput, IntegerInput, OptionSelect } from "@/components/form/inputs";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ZodForm } from "@/lib/client/use-zod-form";
import type { Loaded, Option } from "@/lib/schemas/entity";
import {
  PLANNED_ACTIONS,
  PLANNED_FREQUENCIES,
  plannedOperationApi,
  plannedOperationSchema,
  type PlannedOperationFormData,
  type PlannedOperationJson,
} from "@/lib/schemas/planned-operation";

export const NEW_PLANNED_OPERATION_TITLE = "Inserimento operazione pianificata";

type PlannedOperationFormApi = ZodForm<typeof plannedOperationSchema>;

export interface PlannedOperationFormProps {
  id?: number | null;
  onSaved?: (saved: PlannedOperationJson) => void;
  onClose: () => void;
}

/**
 * 'Inserimento operazione pianificata' / 'Modifica operazione pianificata {nome}': name, the template (an invoice or
 * a proforma of the tenant), frequency (with N for 'Ogni N mesi'), next run, end date or count, action, Attiva.
 */
export function PlannedOperationForm({ id, onSaved, onClose }: PlannedOperationFormProps) {
  return (
    <EntityForm<typeof plannedOperationSchema, Loaded<PlannedOperationJson>, PlannedOperationFormData>
      api={plannedOperationApi}
      id={id}
      schema={plannedOperationSchema}
      size="md"
      title={(entity) => (entity.id ? `Modifica operazione pianificata ${entity.name}` : NEW_PLANNED_OPERATION_TITLE)}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form, formData, { entity }) => <PlannedOperationFields form={form} formData={formData} isNew={entity.id === null} />}
    </EntityForm>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

function PlannedOperationFields({ form, formData, isNew }: { form: PlannedOperationFormApi; formData: PlannedOperationFormData; isNew: boolean }) {
  const frequency = useWatch({ control: form.control, name: "frequency" });
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
      <FormField
        control={form.control}
        name="name"
        label="Nome"
        required
        className="sm:col-span-2"
        render={(field) => <Input {...field} value={str(field.value)} maxLength={200} autoFocus={isNew} />}
      />
      <FormField
        control={form.control}
        name="templateDocument"
        label="Documento modello"
        required
        hint="Ogni esecuzione ne crea una copia con la data dell'esecuzione"
        className="sm:col-span-2"
        render={(field) => (
          <OptionSelect name={field.name} ref={field.ref} onBlur={field.onBlur} value={field.value as Option | null | undefined} onChange={field.onChange} options={formData.templates ?? []} placeholder="-" />
        )}
      />
      <FormField
        control={form.control}
        name="frequency"
        label="Frequenza"
        required
        render={(field) => <Select {...field} value={str(field.value) || "Mensile"} options={PLANNED_FREQUENCIES.map((f) => ({ value: f, label: f }))} />}
      />
      {frequency === "Ogni N mesi" ? (
        <FormField
          control={form.control}
          name="everyMonths"
          label="Ogni quanti mesi"
          required
          render={(field) => <IntegerInput {...field} value={field.value as number | string | null | undefined} />}
        />
      ) : (
        <div className="hidden sm:block" />
      )}
      <FormField
        control={form.control}
        name="nextDate"
        label="Prossima esecuzione"
        required
        render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />}
      />
      <FormField
        control={form.control}
        name="action"
        label="Azione"
        required
        render={(field) => <Select {...field} value={str(field.value) || "Crea bozza"} options={PLANNED_ACTIONS.map((a) => ({ value: a, label: a }))} />}
      />
      <FormField control={form.control} name="endDate" label="Data fine" hint="Vuota: nessuna" render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />} />
      <FormField
        control={form.control}
        name="maxCount"
        label="Numero massimo di esecuzioni"
        hint="Vuoto: nessun limite"
        render={(field) => <IntegerInput {...field} value={field.value as number | string | null | undefined} />}
      />
      <div className="flex items-end pb-2">
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => <Checkbox name={field.name} checked={field.value === true} onBlur={field.onBlur} onCheckedChange={field.onChange} label="Attiva" />}
        />
      </div>
    </div>
  );
}
