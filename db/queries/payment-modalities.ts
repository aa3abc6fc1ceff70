/** Modalità di pagamento with their instalment rows (saved as one set with the modality). */
import { asc, eq, sql } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { paymentModalities, paymentModalityRows, type PaymentModality, type PaymentModalityRow } from "@/db/schema";
import { defineGrid } from "@/lib/grid/define";
import { escapeLike } from "@/lib/grid/filters";
import { PAYMENT_EXPIRATION_TYPES, PAYMENT_TYPES, type PaymentModalityInput } from "@/lib/schemas/payment-modality";
import { mapConstraintErrors, OPTIONS_PAGE, refId, replaceChildRows, type Option } from "./lookup-support";

export const PAYMENT_MODALITY_NOT_FOUND = "Modalità di pagamento non trovata";
export const PAYMENT_MODALITY_UNKNOWN = "La modalità di pagamento scelta non esiste";

function toRowJson(r: PaymentModalityRow) {
  return {
    id: r.id,
    paymentModalityExpirationType: r.expirationType,
    paymentDay: r.paymentDay,
    monthsAfter: r.monthsAfter,
    amountPercentage: r.amountPercentage,
    version: r.version,
  };
}

export function toPaymentModalityJson(m: PaymentModality, rows: PaymentModalityRow[]) {
  return {
    id: m.id,
    version: m.version,
    name: m.name,
    paymentType: m.paymentType,
    paymentModalityRows: rows.map(toRowJson),
    rowColor: m.rowColor,
    toString: m.name,
  };
}
export type PaymentModalityJson = ReturnType<typeof toPaymentModalityJson>;

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

const formData = () => ({
  paymentTypes: Object.entries(PAYMENT_TYPES).map(([code, label]) => ({ code, label })),
  paymentModalityExpirationTypes: [...PAYMENT_EXPIRATION_TYPES],
});

async function loadModality(scope: TenantScope, m: PaymentModality): Promise<PaymentModalityJson> {
  const rows = await scope.list(paymentModalityRows, {
    where: eq(paymentModalityRows.paymentModalityId, m.id),
    orderBy: [asc(paymentModalityRows.position), asc(paymentModalityRows.id)],
  });
  return toPaymentModalityJson(m, rows);
}

export async function getPaymentModalityFormData(scope: TenantScope, id?: number) {
  if (id === undefined) {
    const paymentModality = {
      id: null,
      version: 0,
      name: "",
      paymentType: "MP05",
      // one instalment of 100% from the invoice date: the form starts valid
      paymentModalityRows: [{ tempId: "new-1", paymentModalityExpirationType: "Dalla data fattura", paymentDay: 0, monthsAfter: 0, amountPercentage: "100.00" }],
      rowColor: null,
      toString: "",
    };
    return { paymentModality, formData: formData() };
  }
  return { paymentModality: await loadModality(scope, await scope.getOrThrow(paymentModalities, id, PAYMENT_MODALITY_NOT_FOUND)), formData: formData() };
}

const rowValues = (r: PaymentModalityInput["paymentModalityRows"][number], position: number) => ({
  position,
  expirationType: r.paymentModalityExpirationType,
  paymentDay: r.paymentDay,
  monthsAfter: r.monthsAfter,
  amountPercentage: r.amountPercentage,
});

export async function createPaymentModality(scope: TenantScope, input: PaymentModalityInput): Promise<PaymentModalityJson> {
  return scope.transaction(async (tx) => {
    const m = await tx.insert(paymentModalities, { name: input.name, paymentType: input.paymentType });
    await replaceChildRows(tx, paymentModalityRows, paymentModalityRows.paymentModalityId, m.id, input.paymentModalityRows.map((r) => ({ ...r, id: undefined })), rowValues);
    return loadModality(tx, m);
  });
}

export async function updatePaymentModality(scope: TenantScope, id: number, version: number, input: PaymentModalityInput): Promise<PaymentModalityJson> {
  return scope.transaction(async (tx) => {
    await tx.getOrThrow(paymentModalities, id, PAYMENT_MODALITY_NOT_FOUND);
    const m = await tx.update(paymentModalities, id, version, { name: input.name, paymentType: input.paymentType });
    await replaceChildRows(tx, paymentModalityRows, paymentModalityRows.paymentModalityId, id, input.paymentModalityRows, rowValues);
    return loadModality(tx, m);
  });
}

/** Deleting the tenant's usual modality clears it in the settings (FK on delete set null). */
export async function deletePaymentModality(scope: TenantScope, id: number): Promise<void> {
  await scope.getOrThrow(paymentModalities, id, PAYMENT_MODALITY_NOT_FOUND);
  await mapConstraintErrors(() => scope.delete(paymentModalities, id), { foreignKey: "La modalità di pagamento è usata da altri documenti: non può essere eliminata" });
}

/** Options of the ajax selects (GET /api/payment-modalities/get-filtered-list), by name. */
export async function listPaymentModalityOptions(scope: TenantScope, opts: { query?: string; offset?: number; limit?: number } = {}): Promise<Option[]> {
  const q = opts.query?.trim();
  const rows = await scope.list(paymentModalities, {
    where: q ? sql`${paymentModalities.name} ilike ${"%" + escapeLike(q) + "%"}` : undefined,
    orderBy: [asc(paymentModalities.name), asc(paymentModalities.id)],
    limit: opts.limit ?? OPTIONS_PAGE,
    offset: opts.offset ?? 0,
  });
  return rows.map((m) => ({ id: m.id, toString: m.name }));
}

export function paymentModalityRefId(scope: TenantScope, ref: { id: number } | null | undefined): Promise<number | null> {
  return refId(scope, paymentModalities, ref, PAYMENT_MODALITY_UNKNOWN);
}

export async function paymentModalityRef(scope: TenantScope, id: number | null): Promise<Option | null> {
  if (id === null) return null;
  const m = await scope.find(paymentModalities, id);
  return m ? { id: m.id, toString: m.name } : null;
}
