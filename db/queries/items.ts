/** Prodotti (/api/items): name, 'Descrizione in fattura', amount in cents, VAT rate of the same tenant. */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { defineEntity, ref, byText } from "@/db/entity";
import { items, vatRates, type Item, type services } from "@/db/schema";
import { defineGrid } from "@/lib/grid/define";
import { itemApi, itemResponse, itemSchema, type CatalogueFormData, type ItemInput } from "@/lib/schemas/item";
import type { Related } from "@/db/entity";
import type { TenantScope } from "@/db/scope";
import { listVatOptions, VAT_RATE_UNKNOWN, vatRateEntity, vatRateLabelSql } from "./vat-rates";

/** Prodotti and Servizi share these pieces (their tables have the same shape). */
export type CatalogueTable = typeof items | typeof services;

export function catalogueGrid(name: string, table: CatalogueTable, exportFileName: string) {
  return defineGrid({
    name,
    table,
    defaultSort: [{ colId: "name", sort: "asc" }],
    exportFileName,
    joins: [{ table: vatRates, on: eq(table.vatRateId, vatRates.id) }],
    columns: [
      { field: "id", header: "Id", type: "integer", sql: table.id, hidden: true, width: 80 },
      { field: "name", header: "Nome", type: "text", sql: table.name, searchable: true, fixed: true, width: 260 },
      { field: "description", header: "Descrizione in fattura", type: "text", sql: table.description, searchable: true, width: 320 },
      { field: "amount", header: "Importo", type: "currency", sql: table.amount, width: 130 },
      { field: "vat", header: "Aliquota", type: "entity", sql: table.vatRateId, label: vatRateLabelSql, optionsUrl: "/api/vat-rates/get-filtered-list", width: 200 },
      { field: "createdAt", header: "Data inserimento", type: "datetime", sql: table.createdAt, hidden: true, width: 160 },
    ],
  });
}

export const catalogueParts = (table: CatalogueTable) => ({
  label: (r: Item) => r.name,
  refs: { vat: ref(table.vatRateId, vatRateEntity, VAT_RATE_UNKNOWN) },
  values: (i: ItemInput) => ({ name: i.name, description: i.description, amount: i.amount }),
  json: (r: Item, { refs }: Related) => ({ id: r.id, version: r.version, name: r.name, description: r.description, amount: r.amount, vat: refs.vat!, rowColor: r.rowColor, toString: r.name }),
  // new records start with the ordinary rate, the first active option
  draft: async (scope: TenantScope) => ({ name: "", description: "", amount: 0, vat: (await listVatOptions(scope))[0] ?? null }),
  formData: async (scope: TenantScope, row: Item | undefined): Promise<CatalogueFormData> => ({ vats: await listVatOptions(scope, row?.vatRateId) }),
  selectable: { search: (t: { contains: string }) => sql`${table.name} ilike ${t.contains}`, orderBy: [byText(table.name)] },
  example: { name: "Articolo di prova", amount: 1000 },
});

/** Prodotti grid (GET /api/items). */
export const itemsGrid = catalogueGrid("items", items, "prodotti");

export const itemEntity = defineEntity({
  api: itemApi,
  role: "ROLE_DOCUMENT",
  table: items,
  input: itemSchema,
  response: itemResponse,
  grid: itemsGrid,
  messages: { notFound: "Prodotto non trovato", inUse: "Il prodotto è usato da altri documenti: non può essere eliminato" },
  ...catalogueParts(items),
});
