import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { items, services, vatRates, type VatRate } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { defineGrid } from "@/lib/grid/define";
import { escapeLike } from "@/lib/grid/filters";
import { NATURA_OPTIONS, type VatRateInput } from "@/lib/schemas/vat-rate";
import { isReferenceViolation, OPTIONS_PAGE, percentText, pgErrorCode, refId, type Option } from "./lookup-support";

export const VAT_RATE_NOT_FOUND = "Aliquota IVA non trovata";
export const VAT_RATE_IN_USE = "L'aliquota IVA è usata da prodotti o servizi: non può essere eliminata (disattivala)";
export const VAT_RATE_UNKNOWN = "L'aliquota IVA scelta non esiste";

/** "22% - Aliquota ordinaria", "0% N4 - Esente art. 10": what selects and references show. */
export function vatRateToString(r: Pick<VatRate, "rate" | "description" | "natura">): string {
  const head = `${percentText(r.rate)}%${r.natura ? ` ${r.natura}` : ""}`;
  return r.description ? `${head} - ${r.description}` : head;
}

/** SQL twin of vatRateToString for grid and join labels. */
export const vatRateLabelSql = sql<string>`(trim(trailing ',' from trim(trailing '0' from replace(${vatRates.rate}::text, '.', ','))) || '%' || coalesce(' ' || ${vatRates.natura}, '') || case when ${vatRates.description} <> '' then ' - ' || ${vatRates.description} else '' end)`;

export function toVatRateJson(r: VatRate) {
  return {
    id: r.id,
    version: r.version,
    rate: r.rate,
    description: r.description,
    natura: r.natura,
    active: r.active,
    rowColor: r.rowColor,
    toString: vatRateToString(r),
  };
}
export type VatRateJson = ReturnType<typeof toVatRateJson>;

/** Aliquote IVA grid (GET /api/vat-rates). Percentages travel as scaled integers (22% = 2200). */
export const vatRatesGrid = defineGrid({
  name: "vat-rates",
  table: vatRates,
  defaultSort: [{ colId: "rate", sort: "desc" }],
  exportFileName: "aliquote-iva",
  columns: [
    { field: "id", header: "Id", type: "integer", sql: vatRates.id, hidden: true, width: 80 },
    { field: "rate", header: "Aliquota", type: "percentage", scale: 2, sql: sql`round(${vatRates.rate} * 100)::bigint`, fixed: true, width: 110 },
    { field: "natura", header: "Natura", type: "text", sql: sql`coalesce(${vatRates.natura}, '')`, searchable: true, width: 100 },
    { field: "description", header: "Descrizione", type: "text", sql: vatRates.description, searchable: true, width: 320 },
    { field: "active", header: "Attiva", type: "boolean", sql: vatRates.active, width: 90 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: vatRates.createdAt, hidden: true, width: 160 },
  ],
});

const formData = () => ({ naturas: NATURA_OPTIONS });

export async function getVatRateFormData(scope: TenantScope, id?: number) {
  if (id === undefined) {
    return { vatRate: { id: null, version: 0, rate: "", description: "", natura: null, active: true, rowColor: null, toString: "" }, formData: formData() };
  }
  return { vatRate: toVatRateJson(await scope.getOrThrow(vatRates, id, VAT_RATE_NOT_FOUND)), formData: formData() };
}

export async function createVatRate(scope: TenantScope, input: VatRateInput): Promise<VatRateJson> {
  const row = await scope.insert(vatRates, { rate: input.rate, description: input.description, natura: input.natura, active: input.active });
  return toVatRateJson(row);
}

export async function updateVatRate(scope: TenantScope, id: number, version: number, input: VatRateInput): Promise<VatRateJson> {
  const row = await scope.update(vatRates, id, version, { rate: input.rate, description: input.description, natura: input.natura, active: input.active });
  return toVatRateJson(row);
}

/** A rate used by a product or a service stays (409): deactivate it instead. */
export async function deleteVatRate(scope: TenantScope, id: number): Promise<void> {
  await scope.getOrThrow(vatRates, id, VAT_RATE_NOT_FOUND);
  const used = (await scope.count(items, eq(items.vatRateId, id))) + (await scope.count(services, eq(services.vatRateId, id)));
  if (used > 0) throw new ApiError(409, VAT_RATE_IN_USE);
  try {
    await scope.delete(vatRates, id);
  } catch (err) {
    // a product saved between the check and the delete: the FK (restrict) refuses
    if (isReferenceViolation(pgErrorCode(err))) throw new ApiError(409, VAT_RATE_IN_USE);
    throw err;
  }
}

/**
 * Active rates for the VAT selects (formData.vats, get-filtered-list), highest rate first.
 * `includeId` keeps a record's current rate in its own form even when it was deactivated since.
 */
export async function listVatOptions(scope: TenantScope, opts: { query?: string; offset?: number; limit?: number; includeId?: number | null } = {}): Promise<Option[]> {
  const q = opts.query?.trim();
  const active = opts.includeId ? or(eq(vatRates.active, true), eq(vatRates.id, opts.includeId)) : eq(vatRates.active, true);
  const rows = await scope.list(vatRates, {
    where: and(active, q ? sql`(${vatRates.description} ilike ${"%" + escapeLike(q) + "%"} or ${vatRates.rate}::text like ${escapeLike(q.replace(",", ".").replace("%", "")) + "%"} or coalesce(${vatRates.natura}, '') ilike ${escapeLike(q) + "%"})` : undefined),
    orderBy: [desc(vatRates.rate), asc(vatRates.natura), asc(vatRates.id)],
    limit: opts.limit ?? OPTIONS_PAGE,
    offset: opts.offset ?? 0,
  });
  return rows.map((r) => ({ id: r.id, toString: vatRateToString(r) }));
}

/** The id of the VAT rate chosen in a product or service form (unknown or foreign → 400). */
export function vatRefId(scope: TenantScope, ref: { id: number } | null | undefined): Promise<number | null> {
  return refId(scope, vatRates, ref, VAT_RATE_UNKNOWN);
}

/** { id, toString } of a rate, or null. */
export async function vatRef(scope: TenantScope, id: number | null): Promise<Option | null> {
  if (id === null) return null;
  const r = await scope.find(vatRates, id);
  return r ? { id: r.id, toString: vatRateToString(r) } : null;
}

/** The usual Italian rates and the common 0% naturas, for a brand-new tenant. */
export const DEFAULT_VAT_RATES: readonly { rate: string; description: string; natura: string | null }[] = [
  { rate: "22.00", description: "Aliquota ordinaria", natura: null },
  { rate: "10.00", description: "Aliquota ridotta", natura: null },
  { rate: "5.00", description: "Aliquota ridotta", natura: null },
  { rate: "4.00", description: "Aliquota minima", natura: null },
  { rate: "0.00", description: "Non soggetta - regime forfettario (art. 1 c. 54-89 L. 190/2014)", natura: "N2.2" },
  { rate: "0.00", description: "Esente art. 10 DPR 633/72", natura: "N4" },
  { rate: "0.00", description: "Non imponibile - esportazioni art. 8 DPR 633/72", natura: "N3.1" },
  { rate: "0.00", description: "Non imponibile - cessioni intracomunitarie art. 41 DL 331/93", natura: "N3.2" },
  { rate: "0.00", description: "Esclusa art. 15 DPR 633/72", natura: "N1" },
];
