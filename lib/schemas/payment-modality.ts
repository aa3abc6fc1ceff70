import { z } from "zod";
import { PAYMENT_EXPIRATION_TYPES } from "./lookup-enums";
import { defineApi, recordFields } from "./entity";
import { decimalString, integerString, rowIdentity, text, versionField } from "./fields";

/** Modalità pagamento: GET/POST /api/payment-modalities…, JSON field "paymentModality". */
export const paymentModalityApi = defineApi({ field: "paymentModality", url: "/api/payment-modalities", table: "payment_modalities" });
import { MODALITA_PAGAMENTO } from "@/lib/fiscal/codes";

export const PAYMENT_MODALITY_MESSAGES = {
  name: 'Il campo "Nome" è richiesto',
  paymentType: 'Il campo "Tipo pagamento" è richiesto',
  expirationType: 'Il campo "Scadenza pagamento" è richiesto',
  integer: "Il campo deve essere un numero intero",
  percentage: 'Il campo "Percentuale pagamento" non è un numero decimale corretto',
  percentageRange: 'Il campo "Percentuale pagamento" deve essere maggiore di 0 e al massimo 100',
  paymentDayRange: 'Il campo "Dopo quanti giorni" deve essere compreso tra 0 e 365',
  monthsAfterRange: 'Il campo "Dopo quanti mesi" deve essere compreso tra 0 e 120',
  sum: "La somma delle percentuali delle righe di pagamento deve essere 100%",
  tooManyRows: "Troppe righe di pagamento (massimo 100)",
} as const;

/**
 * FatturaPA ModalitaPagamento codes offered by the form: MP01…MP22 (spec section 3), labels from the
 * one code list in lib/fiscal/codes.ts; MP23 (PagoPA) is valid in the XML but not offered here.
 */
const { MP23: _pagoPa, ...PAYMENT_TYPES_OFFERED } = MODALITA_PAGAMENTO;
export const PAYMENT_TYPES = PAYMENT_TYPES_OFFERED;
export type PaymentType = keyof typeof PAYMENT_TYPES;
const PAYMENT_TYPE_CODES = Object.keys(PAYMENT_TYPES) as [PaymentType, ...PaymentType[]];

export { PAYMENT_EXPIRATION_TYPES };

/** One instalment row: expiration type, after how many days / months, share of the total. */
export const paymentModalityRowSchema = z.object({
  ...rowIdentity,
  paymentModalityExpirationType: z.enum(PAYMENT_EXPIRATION_TYPES, { error: PAYMENT_MODALITY_MESSAGES.expirationType }),
  paymentDay: integerString(PAYMENT_MODALITY_MESSAGES.integer, { empty: 0, min: 0, max: 365, rangeMessage: PAYMENT_MODALITY_MESSAGES.paymentDayRange }).optional().default(0),
  monthsAfter: integerString(PAYMENT_MODALITY_MESSAGES.integer, { empty: 0, min: 0, max: 120, rangeMessage: PAYMENT_MODALITY_MESSAGES.monthsAfterRange }).optional().default(0),
  amountPercentage: decimalString(PAYMENT_MODALITY_MESSAGES.percentage, { empty: "100.00", min: 0.01, max: 100, rangeMessage: PAYMENT_MODALITY_MESSAGES.percentageRange }).optional().default("100.00"),
});

/** Modalità di pagamento form (POST /api/payment-modalities[/{id}], field "paymentModality"). */
export const paymentModalitySchema = z
  .object({
    name: text(PAYMENT_MODALITY_MESSAGES.name, 200),
    paymentType: z.enum(PAYMENT_TYPE_CODES, { error: PAYMENT_MODALITY_MESSAGES.paymentType }),
    paymentModalityRows: z.array(paymentModalityRowSchema, { error: "Righe di pagamento non valide" }).max(100, PAYMENT_MODALITY_MESSAGES.tooManyRows).optional().default([]),
    version: versionField,
  })
  .superRefine((v, ctx) => {
    // cents of a percent, as integers: "33.33" → 3333
    const total = v.paymentModalityRows.reduce((sum, r) => sum + Math.round(Number(r.amountPercentage) * 100), 0);
    if (total !== 10000) ctx.addIssue({ code: "custom", message: PAYMENT_MODALITY_MESSAGES.sum, path: ["paymentModalityRows"] });
  });
export type PaymentModalityInput = z.infer<typeof paymentModalitySchema>;
export type PaymentModalityRowInput = z.infer<typeof paymentModalityRowSchema>;

/** A modalità di pagamento as the API answers it, with its instalment rows. */
export const paymentModalityResponse = z.object({
  ...recordFields,
  name: z.string(),
  paymentType: z.string(),
  paymentModalityRows: z.array(
    z.object({
      id: z.number().int(),
      version: z.number().int(),
      paymentModalityExpirationType: z.enum(PAYMENT_EXPIRATION_TYPES),
      paymentDay: z.number().int(),
      monthsAfter: z.number().int(),
      amountPercentage: z.string(),
    }),
  ),
});
export type PaymentModalityJson = z.infer<typeof paymentModalityResponse>;

export interface PaymentModalityFormData {
  paymentTypes: { code: string; label: string }[];
  paymentModalityExpirationTypes: string[];
}
