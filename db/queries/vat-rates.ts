/** Aliquote IVA: the tenant's VAT rates (natura for 0%), offered to products, services and documents. */
import "server-only";
import { and, asc, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { defineEntity, OPTIONS_PAGE, type Option, type SearchText } from "@/db/entity";
import type { TenantScope } from "@/db/scope";
import { items, services, vatRates, type VatRate } from "@/db/schema";
import { ApiError, ValidationError } from "@/lib/errors";
import { defineGrid } from "@/lib/grid/define";
import { escapeLike } from "@/lib/grid/filters";
import { NATURA_OPTIONS, vatRateApi, vatRateResponse, vatRateSchema, type VatRateFormData } from "@/lib/schemas/vat-rate";

export const VAT_RATE_NOT_FOUND = "Aliquota IVA non trovata";
export const VAT_RATE_IN_USE = "L'aliquota IVA è usata da prodotti o servizi: non può essere eliminata (disattivala)";
export const VAT_RATE_UNKNOWN = "L'aliquota IVA scelta non esiste";
export const VAT_RATE_DUPLICATE = "Esiste già un'aliquota IVA con la stessa percentuale, natura e descrizione";

/** "22.00" → "22", "5.50" → "5,5" (Italian percentage text without the sign). */
export function percentText(value: string): string {
  const [int, frac = ""] = value.split(".");
  const f = frac.replace(/0+$/, "");
  return f ? `${int},${f}` : int!;
}

/** "22% - Aliquota ordinaria", "0% N4 - Esente art. 10": what selects and references show. */
export function vatRateToString(r: Pick<VatRate, "rate" | "description" | "natura">): string {
  const head = `${percentText(r.rate)}%${r.natura ? ` ${r.natura}` : ""}`;
  return r.description ? `${head} - ${r.description}` : head;
}

/** SQL twin of vatRateToString for grid and join labels. */
export const vatRateLabelSql = sql<string>`(trim(trailing ',' from trim(trailing '0' from replace(${vatRates.rate}::text, '.', ','))) || '%' || coalesce(' ' || ${vatRates.natura}, '') || case when ${vatRates.description} <> '' then ' - ' || ${vatRates.description} else '' end)`;

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

/** The query text matches the description, the rate ("22", "5,5") or the natura code. */
function matchesRate(text: SearchText): SQL {
  const rate = `${escapeLike(text.raw.replace(",", ".").replace("%", ""))}%`;
  return sql`(${vatRates.description} ilike ${text.contains} or ${vatRates.rate}::text like ${rate} or coalesce(${vatRates.natura}, '') ilike ${text.startsWith})`;
}

export const vatRateEntity = defineEntity({
  api: vatRateApi,
  role: "ROLE_DOCUMENT",
  table: vatRates,
  input: vatRateSchema,
  response: vatRateResponse,
  grid: vatRatesGrid,
  label: vatRateToString,
  // two saves at once that slip past the check below meet the unique index
  messages: { notFound: VAT_RATE_NOT_FOUND, inUse: VAT_RATE_IN_USE, unique: { vat_rates_tenant_same_key: VAT_RATE_DUPLICATE } },
  values: (i) => ({ rate: i.rate, description: i.description, natura: i.natura, active: i.active }),
  json: (r) => ({ id: r.id, version: r.version, rate: r.rate, description: r.description, natura: r.natura, active: r.active, rowColor: r.rowColor, toString: vatRateToString(r) }),
  draft: () => ({ rate: "", description: "", natura: null, active: true }),
  formData: (): VatRateFormData => ({ naturas: NATURA_OPTIONS }),
  // the selects offer active rates, highest first
  selectable: { search: matchesRate, orderBy: [desc(vatRates.rate), asc(vatRates.natura)], where: eq(vatRates.active, true) },
  hooks: {
    /**
     * The same rate twice would be two identical choices in every select. The same percentage and natura
     * with another description is allowed: exemptions differ by their legal reference (N4 art. 10 n. 18 or n. 20).
     */
    async beforeWrite(tx, input, existing) {
      const same = and(
        eq(vatRates.rate, input.rate),
        sql`coalesce(${vatRates.natura}, '') = ${input.natura ?? ""}`,
        sql`lower(${vatRates.description}) = lower(${input.description})`,
        existing ? ne(vatRates.id, existing.id) : undefined,
      );
      if ((await tx.count(vatRates, same)) > 0) throw new ValidationError([VAT_RATE_DUPLICATE]);
    },
    /** A rate used by a product or a service stays (409): deactivate it instead. The FK (restrict) covers a save in between. */
    async beforeDelete(tx, row) {
      const used = (await tx.count(items, eq(items.vatRateId, row.id))) + (await tx.count(services, eq(services.vatRateId, row.id)));
      if (used > 0) throw new ApiError(409, VAT_RATE_IN_USE);
    },
  },
  example: { rate: "0", natura: "N3.2", description: "Cessioni intracomunitarie" },
  freshExample: () => ({ rate: "0", natura: "N3.2", description: `Cessioni intracomunitarie ${crypto.randomUUID().slice(0, 8)}` }),
});

/**
 * The VAT select of a record's form: the active rates, plus the record's own rate when it was
 * deactivated since (it stays selectable in its own form).
 */
export async function listVatOptions(scope: TenantScope, includeId?: number | null): Promise<Option[]> {
  const rows = await scope.list(vatRates, {
    where: includeId ? or(eq(vatRates.active, true), eq(vatRates.id, includeId)) : eq(vatRates.active, true),
    orderBy: [desc(vatRates.rate), asc(vatRates.natura), asc(vatRates.id)],
    limit: OPTIONS_PAGE,
  });
  return rows.map((r) => ({ id: r.id, toString: vatRateToString(r) }));
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
