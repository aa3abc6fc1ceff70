import { z } from "zod";
import { REQUIRED, text, versionField } from "./fields";

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

/** GET /api/field-values/get-filtered-list/{fieldName}: query, offset, limit (default 100). */
export const filteredListQuerySchema = z.object({
  query: z.string().trim().max(200, "Ricerca troppo lunga").optional().default(""),
  offset: z.coerce.number({ error: 'Parametro "offset" non valido' }).int('Parametro "offset" non valido').min(0, 'Parametro "offset" non valido').max(1_000_000, 'Parametro "offset" non valido').optional().default(0),
  limit: z.coerce.number({ error: 'Parametro "limit" non valido' }).int('Parametro "limit" non valido').min(1, 'Parametro "limit" non valido').max(1000, 'Parametro "limit" non valido').optional().default(100),
});

/** What the API returns for one value. */
export interface FieldValueDto {
  id: number;
  version: number;
  fieldName: string;
  fieldValue: string;
  rowColor: string | null;
  toString: string;
}
