import { z } from "zod";
import { defineApi, recordFields } from "./entity";
import { REQUIRED, text, versionField } from "./fields";

/** Valori delle liste: GET/POST /api/field-values…, JSON field "fieldValue". */
export const fieldValueApi = defineApi({ field: "fieldValue", url: "/api/field-values", table: "field_values" });

/** Names of the value lists: letters, digits, '-', '_' (e.g. "title"). */
export const fieldNameSchema = z
  .string({ error: 'Il parametro "fieldName" è richiesto' })
  .trim()
  .min(1, 'Il parametro "fieldName" è richiesto')
  .max(60, 'Il parametro "fieldName" non è valido')
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'Il parametro "fieldName" non è valido');

/**
 * Field value form ('Inserimento valore' / 'Modifica valore {name}'), POST /api/field-values[/{id}]
 * with the JSON field "fieldValue". fieldName is fixed by the list the value belongs to: it is
 * required on create and ignored on update.
 */
export const fieldValueSchema = z.object({
  fieldName: fieldNameSchema.optional(),
  fieldValue: text(REQUIRED, 255),
  version: versionField,
});
export type FieldValueInput = z.infer<typeof fieldValueSchema>;

/** Create: the list name is required. */
export const fieldValueCreateSchema = fieldValueSchema.extend({ fieldName: fieldNameSchema });
export type FieldValueCreateInput = z.infer<typeof fieldValueCreateSchema>;

/** The grid's own parameter: the list being shown. */
export const fieldValuesGridParams = z.object({ fieldName: fieldNameSchema });

/** A value as the API answers it. */
export const fieldValueResponse = z.object({
  ...recordFields,
  fieldName: z.string(),
  fieldValue: z.string(),
});
export type FieldValueJson = z.infer<typeof fieldValueResponse>;
