/**
 * Tables whose rows can be recoloured through POST /api/row-colors/change-row-colors.
 * Only names registered here are accepted (the request's `table` never reaches SQL text).
 * To add a table, one line at the bottom: `registerRowColorTable("agents", agents, "ROLE_DOCUMENT")`.
 */
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TenantTable } from "@/db/scope";
import { fieldValues, type Role } from "@/db/schema";

export type RowColorTable = TenantTable & { rowColor: PgColumn };

export interface RowColorEntry {
  table: RowColorTable;
  /** Role needed to recolour rows of this table (the role of its grid). */
  role: Role | null;
}

const registry = new Map<string, RowColorEntry>();

export function registerRowColorTable(name: string, table: RowColorTable, role: Role | null = "ROLE_DOCUMENT"): void {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`nome di tabella non valido "${name}"`);
  registry.set(name, { table, role });
}

export function getRowColorTable(name: string): RowColorEntry | undefined {
  return registry.get(name);
}

export function rowColorTableNames(): string[] {
  return [...registry.keys()];
}

registerRowColorTable("field_values", fieldValues, "ROLE_DOCUMENT");

// Tabelle (entities helper)
import { agents, bankAccounts, invoiceSectionals, items, paymentModalities, services, vatRates } from "@/db/schema";
registerRowColorTable("agents", agents);
registerRowColorTable("bank_accounts", bankAccounts);
registerRowColorTable("payment_modalities", paymentModalities);
registerRowColorTable("items", items);
registerRowColorTable("services", services);
registerRowColorTable("vat_rates", vatRates);
registerRowColorTable("invoice_sectionals", invoiceSectionals);
