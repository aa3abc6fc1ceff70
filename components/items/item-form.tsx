"use client";

import { EntityForm } from "@/components/form/entity-form";
import type { Loaded } from "@/lib/schemas/entity";
import { itemApi, itemSchema, type CatalogueFormData, type ItemJson } from "@/lib/schemas/item";
import { CatalogueFields } from "./catalogue-fields";

export interface ItemFormProps {
  /** Edit this product; without it the form creates one. */
  id?: number | null;
  onSaved?: (saved: ItemJson) => void;
  onClose: () => void;
}

/** 'Inserimento prodotto' / 'Modifica prodotto' (also for the invoice row's product picker). */
export function ItemForm({ id, onSaved, onClose }: ItemFormProps) {
  return (
    <EntityForm<typeof itemSchema, Loaded<ItemJson>, CatalogueFormData>
      api={itemApi}
      id={id}
      schema={itemSchema}
      size="md"
      title={(entity) => (entity.id ? "Modifica prodotto" : "Inserimento prodotto")}
      onSaved={(saved) => onSaved?.(saved)}
      onClose={onClose}
    >
      {(form, formData) => <CatalogueFields form={form} formData={formData} />}
    </EntityForm>
  );
}
