"use client";

import type { z } from "zod";
import { formDataUrl, saveUrlFor } from "@/lib/client/use-entity-form";
import type { FormSchema } from "@/lib/client/use-zod-form";
import type { EntityApi } from "@/lib/schemas/entity";
import { EntityFormModal, type EntityFormModalProps } from "./entity-form-modal";

type AnyEntity = Record<string, unknown>;

export interface EntityFormProps<TSchema extends FormSchema, TEntity extends AnyEntity, TFormData>
  extends Omit<EntityFormModalProps<TSchema, TEntity, TFormData>, "entityName" | "loadUrl" | "saveUrl" | "recordId"> {
  /** The entity's API (lib/schemas/<entity>.ts): create-form-data / update-form-data/{id}, POST url or url/{id}, JSON field. */
  api: EntityApi;
  /** The record to edit; without it the form creates one. */
  id?: number | null;
  /** create-form-data with parameters (e.g. the field-value list); default none. */
  createQuery?: Record<string, string>;
  /** A new record's form data from another URL of the same shape (e.g. /api/invoices/create-from-activities?ids=…). */
  createUrl?: string;
}

/**
 * An entity's modal form from its API declaration: the load and save URLs, the JSON field and the
 * record claim come from `api` and `id`, so a form body states only its fields.
 */
export function EntityForm<TSchema extends FormSchema, TEntity extends AnyEntity = z.input<TSchema> & AnyEntity, TFormData = Record<string, unknown>>({
  api,
  id,
  createQuery,
  createUrl,
  ...props
}: EntityFormProps<TSchema, TEntity, TFormData>) {
  const base = formDataUrl(api.url, id);
  const loadUrl = id == null && createUrl ? createUrl : id == null && createQuery ? `${base}?${new URLSearchParams(createQuery)}` : base;
  return (
    <EntityFormModal<TSchema, TEntity, TFormData>
      {...props}
      entityName={api.field}
      loadUrl={loadUrl}
      saveUrl={(entity) => saveUrlFor(api.url, entity)}
      recordId={id ?? undefined}
    />
  );
}
