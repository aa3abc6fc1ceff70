/** Modalità di pagamento with their instalment rows (saved as one set with the modality). */
import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { defineEntity, byText } from "@/db/entity";
import type { TenantScope } from "@/db/scope";
import { paymentModalities, paymentModalityRows, type PaymentModalityRow } from "@/db/schema";
import { defineGrid } from "@/lib/grid/define";
import {
  PAYMENT_EXPIRATION_TYPES,
  PAYMENT_TYPES,
  paymentModalityApi,
  paymentModalityResponse,
  paymentModalitySchema,
  type PaymentModalityFormData,
  type PaymentModalityRowInput,
} from "@/lib/schemas/payment-modality";

export const PAYMENT_MODALITY_NOT_FOUND = "Modalità di pagamento non trovata";
export const PAYMENT_MODALITY_UNKNOWN = "La modalità di pagamento scelta non esiste";

/** Modalità di pagamento grid (GET /api/payment-modalities). */
export const paymentModalitiesGrid = defineGrid({
  name: "payment-modalities",
  table: paymentModalities,
  defaultSort: [{ colId: "name", sort: "asc" }],
  exportFileName: "modalita-pagamento",
  columns: [
    { field: "id", header: "Id", type: "integer", sql: paymentModalities.id, hidden: true, width: 80 },
    { field: "name", header: "Nome", type: "text", sql: paymentModalities.name, searchable: true, fixed: true, width: 280 },
    { field: "paymentType", header: "Tipo pagamento", type: "text", sql: paymentModalities.paymentType, searchable: true, width: 140 },
    {
      field: "rowsCount",
      header: "Rate",
      type: "integer",
      sql: sql`(select count(*)::int from ${paymentModalityRows} where ${paymentModalityRows.paymentModalityId} = ${paymentModalities.id} and ${paymentModalityRows.tenantId} = ${paymentModalities.tenantId})`,
      width: 90,
    },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: paymentModalities.createdAt, hidden: true, width: 160 },
  ],
});

export const paymentModalityEntity = defineEntity({
  api: paymentModalityApi,
  role: "ROLE_DOCUMENT",
  table: paymentModalities,
  input: paymentModalitySchema,
  response: paymentModalityResponse,
  grid: paymentModalitiesGrid,
  label: (m) => m.name,
  // deleting the tenant's usual modality clears it in the settings (FK on delete set null)
  messages: { notFound: PAYMENT_MODALITY_NOT_FOUND, inUse: "La modalità di pagamento è usata da altri documenti: non può essere eliminata" },
  children: {
    paymentModalityRows: {
      table: paymentModalityRows,
      parent: paymentModalityRows.paymentModalityId,
      orderBy: [paymentModalityRows.position, paymentModalityRows.id],
      values: (r: PaymentModalityRowInput, position: number) => ({
        position,
        expirationType: r.paymentModalityExpirationType,
        paymentDay: r.paymentDay,
        monthsAfter: r.monthsAfter,
        amountPercentage: r.amountPercentage,
      }),
      json: (r: PaymentModalityRow) => ({
        id: r.id,
        paymentModalityExpirationType: r.expirationType,
        paymentDay: r.paymentDay,
        monthsAfter: r.monthsAfter,
        amountPercentage: r.amountPercentage,
        version: r.version,
      }),
    },
  },
  values: (i) => ({ name: i.name, paymentType: i.paymentType }),
  json: (m, { children }) => ({
    id: m.id,
    version: m.version,
    name: m.name,
    paymentType: m.paymentType,
    paymentModalityRows: children.paymentModalityRows as never,
    rowColor: m.rowColor,
    toString: m.name,
  }),
  draft: () => ({
    name: "",
    paymentType: "MP05",
    // one instalment of 100% from the invoice date: the form starts valid
    paymentModalityRows: [{ tempId: "new-1", paymentModalityExpirationType: "Dalla data fattura", paymentDay: 0, monthsAfter: 0, amountPercentage: "100.00" }],
  }),
  formData: (): PaymentModalityFormData => ({
    paymentTypes: Object.entries(PAYMENT_TYPES).map(([code, label]) => ({ code, label })),
    paymentModalityExpirationTypes: [...PAYMENT_EXPIRATION_TYPES],
  }),
  selectable: { search: (t) => sql`${paymentModalities.name} ilike ${t.contains}`, orderBy: [byText(paymentModalities.name)] },
  example: { name: "Bonifico 30 gg", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese", paymentDay: 30 }] },
});

/** The rows of a modality, for computing deadlines (documents, purchase invoices). */
export function listPaymentModalityRows(scope: TenantScope, modalityId: number): Promise<PaymentModalityRow[]> {
  return scope.list(paymentModalityRows, { where: eq(paymentModalityRows.paymentModalityId, modalityId), orderBy: [asc(paymentModalityRows.position), asc(paymentModalityRows.id)] });
}
