/**
 * Prodotti (/api/items) and Servizi (/api/services): one shape, two tables. Every function takes
 * the tenant scope; the VAT reference must be a rate of the same tenant.
 */
import { eq } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { items, services, vatRates, type Item } from "@/db/schema";
import { defineGrid } from "@/lib/grid/define";
import type { ItemInput } from "@/lib/schemas/item";
import { mapConstraintErrors } from "./lookup-support";
import { vatRateLabelSql, listVatOptions, vatRef, vatRefId } from "./vat-rates";

type ProductTable = typeof items | typeof services;

export function toItemJson(r: Item, vat: { id: number; toString: string } | null) {
  return {
    id: r.id,
    version: r.version,
    name: r.name,
    description: r.description,
    amount: r.amount,
    vat,
    rowColor: r.rowColor,
    toString: r.name,
  };
}
export type ItemJson = ReturnType<typeof toItemJson>;

function productGrid(name: string, table: ProductTable, exportFileName: string) {
  return defineGrid({
    name,
    table,
    defaultSort: [{ colId: "name", sort: "asc" }],
    exportFileName,
    joins: (q) => q.leftJoin(vatRates, eq(table.vatRateId, vatRates.id)),
    columns: [
      { field: "id", header: "Id", type: "integer", sql: table.id, hidden: true, width: 80 },
      { field: "name", header: "Nome", type: "text", sql: table.name, searchable: true, fixed: true, width: 260 },
      { field: "description", header: "Descrizione in fattura", type: "text", sql: table.description, searchable: true, width: 320 },
      { field: "amount", header: "Importo", type: "currency", sql: table.amount, width: 130 },
      { field: "vat", header: "Aliquota", type: "entity", sql: table.vatRateId, label: vatRateLabelSql, width: 200 },
      { field: "createdAt", header: "Data inserimento", type: "datetime", sql: table.createdAt, hidden: true, width: 160 },
    ],
  });
}

/** Prodotti grid (GET /api/items). */
export const itemsGrid = productGrid("items", items, "prodotti");
/** Servizi grid (GET /api/services). */
export const servicesGrid = productGrid("services", services, "servizi");

function productQueries(table: ProductTable, notFound: string, inUse: string) {
  const toJson = async (scope: TenantScope, r: Item) => toItemJson(r, await vatRef(scope, r.vatRateId));
  return {
    async formData(scope: TenantScope, id?: number) {
      if (id === undefined) {
        const vats = await listVatOptions(scope);
        // new records start with the ordinary rate, the first active option
        return { entity: { id: null, version: 0, name: "", description: "", amount: 0, vat: vats[0] ?? null, rowColor: null, toString: "" }, formData: { vats } };
      }
      const row = (await scope.getOrThrow(table, id, notFound)) as Item;
      return { entity: await toJson(scope, row), formData: { vats: await listVatOptions(scope, { includeId: row.vatRateId }) } };
    },
    async create(scope: TenantScope, input: ItemInput) {
      const vatRateId = await vatRefId(scope, input.vat);
      const row = (await scope.insert(table, { name: input.name, description: input.description, amount: input.amount, vatRateId })) as Item;
      return toJson(scope, row);
    },
    async update(scope: TenantScope, id: number, version: number, input: ItemInput) {
      await scope.getOrThrow(table, id, notFound);
      const vatRateId = await vatRefId(scope, input.vat);
      const row = (await scope.update(table, id, version, { name: input.name, description: input.description, amount: input.amount, vatRateId })) as Item;
      return toJson(scope, row);
    },
    async remove(scope: TenantScope, id: number) {
      await scope.getOrThrow(table, id, notFound);
      await mapConstraintErrors(() => scope.delete(table, id), { foreignKey: inUse });
    },
  };
}

export const ITEM_NOT_FOUND = "Prodotto non trovato";
export const SERVICE_NOT_FOUND = "Servizio non trovato";

const itemQueries = productQueries(items, ITEM_NOT_FOUND, "Il prodotto è usato da altri documenti: non può essere eliminato");
const serviceQueries = productQueries(services, SERVICE_NOT_FOUND, "Il servizio è usato da altri documenti: non può essere eliminato");

export async function getItemFormData(scope: TenantScope, id?: number) {
  const { entity, formData } = await itemQueries.formData(scope, id);
  return { item: entity, formData };
}
export const createItem = itemQueries.create;
export const updateItem = itemQueries.update;
export const deleteItem = itemQueries.remove;

export async function getServiceFormData(scope: TenantScope, id?: number) {
  const { entity, formData } = await serviceQueries.formData(scope, id);
  return { service: entity, formData };
}
export const createService = serviceQueries.create;
export const updateService = serviceQueries.update;
export const deleteService = serviceQueries.remove;
