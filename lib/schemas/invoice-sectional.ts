import { z } from "zod";
import { SECTIONAL_TYPOLOGIES } from "./lookup-enums";
import { defineApi, recordFields } from "./entity";
import { text, versionField } from "./fields";

/** Sezionali fattura: GET/POST /api/invoice-sectionals…, JSON field "invoiceSectional" (the list is not paged). */
export const invoiceSectionalApi = defineApi({ field: "invoiceSectional", url: "/api/invoice-sectionals", table: "invoice_sectionals" });

export const INVOICE_SECTIONAL_MESSAGES = {
  name: 'Il campo "Nome del sezionale" è richiesto',
  typology: 'Il campo "Tipologia di clienti" è richiesto',
  suffix: 'Il campo "Suffisso" può contenere solo lettere, cifre e i segni / - _ (massimo 20 caratteri)',
  duplicateSuffix: "Esiste già un sezionale con questo suffisso",
} as const;

export { SECTIONAL_TYPOLOGIES };

/** Sezionale form (POST /api/invoice-sectionals[/{id}], field "invoiceSectional"). */
export const invoiceSectionalSchema = z.object({
  name: text(INVOICE_SECTIONAL_MESSAGES.name, 100),
  typology: z.enum(SECTIONAL_TYPOLOGIES, { error: INVOICE_SECTIONAL_MESSAGES.typology }),
  suffix: z
    .string({ error: INVOICE_SECTIONAL_MESSAGES.suffix })
    .trim()
    .regex(/^[A-Za-z0-9/_-]{0,20}$/, INVOICE_SECTIONAL_MESSAGES.suffix)
    .optional()
    .default(""),
  defaultSectional: z.boolean({ error: 'Il campo "Predefinito" non è valido' }).optional().default(false),
  disabled: z.boolean({ error: 'Il campo "Disabilitato" non è valido' }).optional(),
  version: versionField,
});
export type InvoiceSectionalInput = z.infer<typeof invoiceSectionalSchema>;

/** A sezionale as the API answers it (toString ends with DISABILITATO when disabled). */
export const invoiceSectionalResponse = z.object({
  ...recordFields,
  name: z.string(),
  typology: z.enum(SECTIONAL_TYPOLOGIES),
  suffix: z.string(),
  defaultSectional: z.boolean(),
  disabled: z.boolean(),
});
export type InvoiceSectionalJson = z.infer<typeof invoiceSectionalResponse>;

export interface InvoiceSectionalFormData {
  typologies: string[];
}
