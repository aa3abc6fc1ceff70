"use client";

import { EntityFormModal } from "@/components/form/entity-form-modal";
import { FormField } from "@/components/form/form-field";
import { Input } from "@/components/ui/input";
import { formDataUrl, saveUrlFor } from "@/lib/client/use-entity-form";
import { fieldValueSchema, type FieldValueDto } from "@/lib/schemas/field-value";

export interface FieldValueFormProps {
  /** The list a new value goes into (e.g. "title"). */
  fieldName: string;
  /** Edit this value; without it the form creates one. */
  id?: number | null;
  onSaved?: (saved: FieldValueDto) => void;
  onClose: () => void;
}

/** 'Inserimento valore' / 'Modifica valore {name}' on the shared EntityFormModal and the handler's schema. */
export function FieldValueForm({ fieldName, id, onSaved, onClose }: FieldValueFormProps) {
  const loadUrl = id ? formDataUrl("/api/field-values", id) : `${formDataUrl("/api/field-values")}?fieldName=${encodeURIComponent(fieldName)}`;
  return (
    <EntityFormModal<typeof fieldValueSchema, FieldValueDto & Record<string, unknown>>
      entityName="fieldValue"
      loadUrl={loadUrl}
      saveUrl={(entity) => saveUrlFor("/api/field-values", entity)}
      schema={fieldValueSchema}
      recordId={id ?? undefined}
      size="sm"
      title={(entity) => (entity.id ? `Modifica valore ${entity.fieldValue}` : "Inserimento valore")}
      toFormValues={(entity) => ({ fieldName: entity.fieldName || fieldName, fieldValue: entity.fieldValue ?? "", version: entity.version ?? 0 })}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form) => (
        <FormField control={form.control} name="fieldValue" label="Valore" required render={(field) => <Input {...field} value={(field.value as string) ?? ""} autoFocus maxLength={255} />} />
      )}
    </EntityFormModal>
  );
}
