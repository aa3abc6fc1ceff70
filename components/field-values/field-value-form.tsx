"use client";

import { EntityForm } from "@/components/form/entity-form";
import { FormField } from "@/components/form/form-field";
import { Input } from "@/components/ui/input";
import type { Loaded } from "@/lib/schemas/entity";
import { fieldValueApi, fieldValueSchema, type FieldValueJson } from "@/lib/schemas/field-value";

export interface FieldValueFormProps {
  /** The list a new value goes into (e.g. "title"). */
  fieldName: string;
  /** Edit this value; without it the form creates one. */
  id?: number | null;
  onSaved?: (saved: FieldValueJson) => void;
  onClose: () => void;
}

/** 'Inserimento valore' / 'Modifica valore {name}' on the shared entity form and the handler's schema. */
export function FieldValueForm({ fieldName, id, onSaved, onClose }: FieldValueFormProps) {
  return (
    <EntityForm<typeof fieldValueSchema, Loaded<FieldValueJson>>
      api={fieldValueApi}
      id={id}
      createQuery={{ fieldName }}
      schema={fieldValueSchema}
      size="sm"
      title={(entity) => (entity.id ? `Modifica valore ${entity.fieldValue}` : "Inserimento valore")}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form) => (
        <FormField control={form.control} name="fieldValue" label="Valore" required render={(field) => <Input {...field} value={(field.value as string) ?? ""} autoFocus maxLength={255} />} />
      )}
    </EntityForm>
  );
}
