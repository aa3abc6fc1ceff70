"use client";

import { Controller, useWatch } from "react-hook-form";
import { EntityForm } from "@/components/form/entity-form";
import { CustomerJobFields } from "@/components/form/customer-job-fields";
import { FormField } from "@/components/form/form-field";
import { DateInput, IntegerInput, OptionSelect } from "@/components/form/inputs";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { ZodForm } from "@/lib/client/use-zod-form";
import type { Loaded, Option } from "@/lib/schemas/entity";
import { ALERT_TYPES, DAYS_BEFORE, FIXED_DATE, TODO_PRIORITIES, todoApi, todoSchema, type TodoFormData, type TodoJson } from "@/lib/schemas/todo";

export const NEW_TODO_TITLE = "Inserimento impegno";
export const NO_ALERT = "Nessun avviso";

type TodoFormApi = ZodForm<typeof todoSchema>;

export interface TodoFormProps {
  /** The to-do to edit; without it the form creates one. */
  id?: number | null;
  onSaved?: (saved: TodoJson) => void;
  onClose: () => void;
}

/**
 * 'Inserimento impegno' / 'Modifica impegno {titolo}': title, description, customer and job (the customer's jobs
 * once a customer is chosen), assignee (the tenant's users), due date, priority, the alert ('Giorni prima della
 * scadenza' with the days, 'Data fissa' with its date: the reminder's e-mail and notification go out on that day)
 * and Svolto with its date.
 */
export function TodoForm({ id, onSaved, onClose }: TodoFormProps) {
  return (
    <EntityForm<typeof todoSchema, Loaded<TodoJson>, TodoFormData>
      api={todoApi}
      id={id}
      schema={todoSchema}
      size="md"
      title={(entity) => (entity.id ? `Modifica impegno ${entity.title}` : NEW_TODO_TITLE)}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form, formData, { entity }) => <TodoFields form={form} formData={formData} isNew={entity.id === null} />}
    </EntityForm>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

function TodoFields({ form, formData, isNew }: { form: TodoFormApi; formData: TodoFormData; isNew: boolean }) {
  const [alertType, done] = useWatch({ control: form.control, name: ["alertType", "done"] });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
      <FormField
        control={form.control}
        name="title"
        label="Titolo"
        required
        className="sm:col-span-2"
        render={(field) => <Input {...field} value={str(field.value)} maxLength={200} autoFocus={isNew} />}
      />
      <CustomerJobFields form={form} />
      <FormField
        control={form.control}
        name="assignee"
        label="Assegnato a"
        render={(field) => (
          <OptionSelect name={field.name} ref={field.ref} onBlur={field.onBlur} value={field.value as Option | null | undefined} onChange={field.onChange} options={formData.users ?? []} placeholder="-" />
        )}
      />
      <FormField
        control={form.control}
        name="priority"
        label="Priorità"
        render={(field) => <Select {...field} value={str(field.value) || "Normale"} options={TODO_PRIORITIES.map((p) => ({ value: p, label: p }))} />}
      />
      <FormField control={form.control} name="dueDate" label="Data scadenza" render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />} />
      <FormField
        control={form.control}
        name="alertType"
        label="Tipo avviso"
        render={(field) => <Select {...field} value={str(field.value)} placeholder={NO_ALERT} options={ALERT_TYPES.map((t) => ({ value: t, label: t }))} />}
      />
      {alertType === DAYS_BEFORE && (
        <FormField
          control={form.control}
          name="alertDays"
          label="Giorni prima della scadenza"
          required
          hint="Il promemoria parte questo numero di giorni prima della data di scadenza"
          render={(field) => <IntegerInput {...field} value={field.value as number | string | null | undefined} />}
        />
      )}
      {alertType === FIXED_DATE && (
        <FormField
          control={form.control}
          name="alertDate"
          label="Data avviso"
          required
          hint="Il promemoria parte in questa data"
          render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />}
        />
      )}
      <FormField
        control={form.control}
        name="description"
        label="Descrizione"
        className="sm:col-span-2"
        render={(field) => <Textarea {...field} value={str(field.value)} rows={3} maxLength={5000} />}
      />
      <div className="flex items-end pb-2">
        <Controller
          control={form.control}
          name="done"
          render={({ field }) => <Checkbox name={field.name} checked={field.value === true} onBlur={field.onBlur} onCheckedChange={field.onChange} label="Svolto" />}
        />
      </div>
      {done === true && (
        <FormField
          control={form.control}
          name="doneDate"
          label="Data svolgimento"
          hint="Vuota: oggi"
          render={(field) => <DateInput {...field} value={field.value as string | null | undefined} />}
        />
      )}
    </div>
  );
}
