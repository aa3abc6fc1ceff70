/**
 * Tables whose rows can be recoloured through POST /api/row-colors/change-row-colors.
 * Only names registered here are accepted (the request's `table` never reaches SQL text).
 * To add a table: one line below, `registerRowColorTable("agents", agents)`.
 */
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TenantTable } from "@/db/scope";
import { fieldValues } from "@/db/schema";

export type RowColorTable = TenantTable & { rowColor: PgColumn };

const registry = new Map<string, RowColorTable>();

export function registerRowColorTable(name: string, table: RowColorTable): void {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`nome di tabella non valido "${name}"`);
  registry.set(name, table);
}

export function getRowColorTable(name: string): RowColorTable | undefined {
  return registry.get(name);
}

export function rowColorTableNames(): string[] {
  return [...registry.keys()];
}

registerRowColorTable("field_values", fieldValues);
