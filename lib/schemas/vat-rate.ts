import { z } from "zod";
import { NATURE, isCode } from "@/lib/fiscal/codes";
import { defineApi, recordFields } from "./entity";
import { decimalString, optionalText, versionField } from "./fields";

/** Aliquote IVA: GET/POST /api/vat-rates…, JSON field "vatRate". */
export const vatRateApi = defineApi({ field: "vatRate", url: "/api/vat-rates", table: "vat_rates" });

export const VAT_RATE_MESSAGES = {
  rateRequired: 'Il campo "Aliquota" è richiesto',
  rateDecimal: 'Il campo "Aliquota" non è un numero decimale corretto',
  rateRange: 'Il campo "Aliquota" deve essere compreso tra 0 e 100',
  naturaRequired: 'Il campo "Natura" è richiesto per le aliquote allo 0%',
  naturaOnlyZero: 'Il campo "Natura" va indicato solo per le aliquote allo 0%',
  naturaInvalid: 'Il campo "Natura" non contiene un codice valido',
} as const;

/** The natura codes accepted for 0% rates (the SDI refuses the generic N2, N3, N6). */
export const NATURA_OPTIONS = Object.entries(NATURE).map(([code, label]) => ({ code, label }));

/** Aliquota IVA form (POST /api/vat-rates[/{id}], field "vatRate"). rate → "22.00". */
export const vatRateSchema = z
  .object({
    rate: decimalString(VAT_RATE_MESSAGES.rateDecimal, { required: VAT_RATE_MESSAGES.rateRequired, min: 0, max: 100, rangeMessage: VAT_RATE_MESSAGES.rateRange }),
    description: optionalText(200),
    natura: z
      .string({ error: VAT_RATE_MESSAGES.naturaInvalid })
      .trim()
      .refine((v) => v === "" || isCode(NATURE, v), VAT_RATE_MESSAGES.naturaInvalid)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    active: z.boolean({ error: 'Il campo "Attiva" non è valido' }).optional().default(true),
    version: versionField,
  })
  .superRefine((v, ctx) => {
    const zero = Number(v.rate) === 0;
    if (zero && !v.natura) ctx.addIssue({ code: "custom", message: VAT_RATE_MESSAGES.naturaRequired, path: ["natura"] });
    if (!zero && v.natura) ctx.addIssue({ code: "custom", message: VAT_RATE_MESSAGES.naturaOnlyZero, path: ["natura"] });
  });
export type VatRateInput = z.infer<typeof vatRateSchema>;

/** An aliquota as the API answers it. */
export const vatRateResponse = z.object({
  ...recordFields,
  rate: z.string(),
  description: z.string(),
  natura: z.string().nullable(),
  active: z.boolean(),
});
export type VatRateJson = z.infer<typeof vatRateResponse>;

export interface VatRateFormData {
  naturas: { code: string; label: string }[];
}
