import { and, asc, eq, sql } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { NotFoundError } from "@/lib/errors";
import { fieldValues, type FieldValue } from "@/db/schema";
import { escapeLike } from "@/lib/grid/filters";
import { defineGrid } from "@/lib/grid/define";
import { fieldValuesGridParams, type FieldValueCreateInput, type FieldValueDto, type FieldValueInput } from "@/lib/schemas/field-value";

/** The value list dialog's grid (GET /api/field-values?fieldName=…). */
export const fieldValuesGrid = defineGrid({
  name: "field-values",
  table: fieldValues,
  params: fieldValuesGridParams,
  baseWhere: ({ fieldName }) => eq(fieldValues.fieldName, fieldName),
  defaultSort: [{ colId: "fieldValue", sort: "asc" }],
  exportFileName: "valori",
  columns: [
    { field: "id", header: "Id", type: "integer", sql: fieldValues.id, hidden: true, width: 80 },
    { field: "fieldValue", header: "Valore", type: "text", sql: fieldValues.fieldValue, searchable: true, fixed: true, width: 320 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: fieldValues.createdAt, width: 160 },
  ],
});

export function toFieldValueDto(row: FieldValue): FieldValueDto {
  return {
    id: row.id,
    version: row.version,
    fieldName: row.fieldName,
    fieldValue: row.fieldValue,
    rowColor: row.rowColor,
    toString: row.fieldValue,
  };
}

export function getFieldValueOrThrow(scope: TenantScope, id: number): Promise<FieldValue> {
  return scope.getOrThrow(fieldValues, id, NOT_FOUND);
}

export function createFieldValue(scope: TenantScope, input: FieldValueCreateInput): Promise<FieldValue> {
  return scope.insert(fieldValues, { fieldName: input.fieldName, fieldValue: input.fieldValue });
}

/** Updates the text only (the list a value belongs to never changes); stale version → 409. */
export function updateFieldValue(scope: TenantScope, id: number, input: FieldValueInput): Promise<FieldValue> {
  return notFoundAs(scope.update(fieldValues, id, input.version, { fieldValue: input.fieldValue }));
}

export function deleteFieldValue(scope: TenantScope, id: number): Promise<void> {
  return notFoundAs(scope.delete(fieldValues, id));
}

const NOT_FOUND = "Valore non trovato";

async function notFoundAs<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof NotFoundError) throw new NotFoundError(NOT_FOUND);
    throw err;
  }
}

/** Options of an ajax select over one list (get-filtered-list): value contains `query`, by value. */
export async function listFieldValueOptions(
  scope: TenantScope,
  fieldName: string,
  opts: { query: string; offset: number; limit: number },
): Promise<{ id: number; toString: string }[]> {
  const q = opts.query.trim();
  const rows = await scope.platform
    .select({ id: fieldValues.id, toString: fieldValues.fieldValue })
    .from(fieldValues)
    .where(
      scope.where(
        fieldValues,
        eq(fieldValues.fieldName, fieldName),
        q ? sql`${fieldValues.fieldValue} ilike ${"%" + escapeLike(q) + "%"}` : undefined,
      ),
    )
    .orderBy(asc(fieldValues.fieldValue), asc(fieldValues.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows;
}

/** The lists a new tenant starts with. */
export const DEFAULT_FIELD_VALUES: Readonly<Record<string, readonly string[]>> = {
  // agent titles (Agenti > Titolo)
  title: ["Dott.", "Ing.", "Avv.", "Geom.", "Rag.", "Sig.", "Sig.ra"],
};

/**
 * Adds the default values of every list in DEFAULT_FIELD_VALUES that the tenant does not have yet
 * (idempotent: safe to call from tenant defaults, the seed and tests).
 */
export async function seedDefaultFieldValues(scope: TenantScope): Promise<void> {
  for (const [fieldName, values] of Object.entries(DEFAULT_FIELD_VALUES)) {
    const existing = await scope.list(fieldValues, { where: and(eq(fieldValues.fieldName, fieldName)) });
    const have = new Set(existing.map((r) => r.fieldValue));
    for (const fieldValue of values) if (!have.has(fieldValue)) await scope.insert(fieldValues, { fieldName, fieldValue });
  }
}
