import { z } from "zod";
import { centsField, optionalEntityRef, optionalText, text, versionField } from "./fields";

export const NAME_REQUIRED = 'Il campo "Nome" è richiesto';

/** Prodotto / Servizio form: Nome (required), Descrizione in fattura, Importo (cents), Aliquota ({id,toString}). */
const productLike = z.object({
  id: z.number().optional(),
  name: text(NAME_REQUIRED, 200),
  description: optionalText(2000),
  amount: centsField('Il campo "Importo" non è un importo valido').optional().default(0),
  vat: optionalEntityRef,
  version: versionField,
});

/** POST /api/items[/{id}], field "item". */
export const itemSchema = productLike;
/** POST /api/services[/{id}], field "service". */
export const serviceSchema = productLike;
export type ItemInput = z.infer<typeof itemSchema>;
export type ServiceInput = z.infer<typeof serviceSchema>;
