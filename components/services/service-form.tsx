"use client";

import { EntityForm } from "@/components/form/entity-form";
import { CatalogueFields } from "@/components/items/catalogue-fields";
import type { Loaded } from "@/lib/schemas/entity";
import type { CatalogueFormData } from "@/lib/schemas/item";
import { serviceApi, serviceSchema, type ServiceJson } from "@/lib/schemas/service";

export interface ServiceFormProps {
  /** Edit this service; without it the form creates one. */
  id?: number | null;
  onSaved?: (saved: ServiceJson) => void;
  onClose: () => void;
}

/** 'Inserimento servizio' / 'Modifica servizio': Nome (required), Descrizione in fattura, Importo, Aliquota. */
export function ServiceForm({ id, onSaved, onClose }: ServiceFormProps) {
  return (
    <EntityForm<typeof serviceSchema, Loaded<ServiceJson>, CatalogueFormData>
      api={serviceApi}
      id={id}
      schema={serviceSchema}
      size="md"
      title={(entity) => (entity.id ? "Modifica servizio" : "Inserimento servizio")}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form, formData) => <CatalogueFields form={form} formData={formData} />}
    </EntityForm>
  );
}
