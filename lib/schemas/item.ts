import { z } from "zod";
import { defineApi, optionSchema, recordFields, type Option } from "./entity";
import { centsField, optionalEntityRef, optionalText, text, versionField } from "./fields";

export const NAME_REQUIRED = 'Il campo "Nome" è richiesto';

/** Prodotti: GET/POST /api/items…, JSON field "item", rows recoloured as "items". */
export const itemApi = defineApi({ field: "item", url: "/api/items", table: "items" });

/** Prodotto form: Nome (required), Descrizione in fattura, Importo (cents), Aliquota ({id,toString}). */
export const itemSchema = z.object({
  name: text(NAME_REQUIRED, 200),
  description: optionalText(2000),
  amount: centsField('Il campo "Importo" non è un importo valido').optional().default(0),
  vat: optionalEntityRef,
  version: versionField,
});
export type ItemInput = z.infer<typeof itemSchema>;

/** A prodotto as the API answers it. */
export const itemResponse = z.object({
  ...recordFields,
  name: z.string(),
  description: z.string(),
  amount: z.number().int(),
  vat: optionSchema.nullable(),
});
export type ItemJson = z.infer<typeof itemResponse>;

/** formData of the product and service forms: the active VAT rates. */
export interface CatalogueFormData {
  vats: Option[];
}
