/** Valori delle liste (field values): small per-tenant value lists such as the agents' titles. */
import "server-only";
import { eq, ne, sql } from "drizzle-orm";
import { defineEntity, byText } from "@/db/entity";
import type { TenantScope } from "@/db/scope";
import { fieldValues } from "@/db/schema";
import { ApiError, validate, ValidationError } from "@/lib/errors";
import { defineGrid } from "@/lib/grid/define";
import { fieldNameSchema, fieldValueApi, fieldValueResponse, fieldValueSchema, fieldValuesGridParams } from "@/lib/schemas/field-value";

export const FIELD_NAME_REQUIRED = 'Il parametro "fieldName" è richiesto';
export const fieldValueTaken = (value: string) => `Il valore "${value}" è già presente nella lista`;

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

export const fieldValueEntity = defineEntity({
  api: fieldValueApi,
  role: "ROLE_DOCUMENT",
  table: fieldValues,
  input: fieldValueSchema,
  response: fieldValueResponse,
  grid: fieldValuesGrid,
  label: (r) => r.fieldValue,
  messages: { notFound: "Valore non trovato", inUse: "Il valore è usato da altri elementi: non può essere eliminato" },
  // the list a value belongs to is fixed at creation
  values: (i, existing) => (existing ? { fieldValue: i.fieldValue } : { fieldName: i.fieldName!, fieldValue: i.fieldValue }),
  json: (r) => ({ id: r.id, version: r.version, fieldName: r.fieldName, fieldValue: r.fieldValue, rowColor: r.rowColor, toString: r.fieldValue }),
  draft: (_scope, query) => ({ fieldName: validate(fieldNameSchema, query.get("fieldName") ?? undefined), fieldValue: "" }),
  // GET /api/field-values/get-filtered-list/{fieldName} adds the list's condition
  selectable: { search: (t) => sql`${fieldValues.fieldValue} ilike ${t.contains}`, orderBy: [byText(fieldValues.fieldValue)] },
  hooks: {
    async beforeWrite(tx, input, existing) {
      if (!existing && !input.fieldName) throw new ValidationError([FIELD_NAME_REQUIRED]);
      // a value once per list, ignoring case ('dott.' beside 'Dott.' is the same title). The saves of one list queue
      // on a transaction-level advisory lock, then check: no unique index, whose migration would first have to merge
      // the duplicates tenants already have (their rows may be in use)
      const fieldName = existing?.fieldName ?? input.fieldName!;
      await tx.platform.execute(sql`select pg_advisory_xact_lock(7302, hashtext(${`${tx.tenantId}:${fieldName}`}))`);
      const [taken] = await tx
        .select({ id: fieldValues.id })
        .from(fieldValues)
        .where(eq(fieldValues.fieldName, fieldName), sql`lower(${fieldValues.fieldValue}) = lower(${input.fieldValue})`, existing ? ne(fieldValues.id, existing.id) : undefined)
        .limit(1);
      if (taken) throw new ApiError(409, fieldValueTaken(input.fieldValue));
    },
  },
  example: { fieldName: "title", fieldValue: "Prof." },
});

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
    const existing = await scope.list(fieldValues, { where: eq(fieldValues.fieldName, fieldName) });
    const have = new Set(existing.map((r) => r.fieldValue));
    for (const fieldValue of values) if (!have.has(fieldValue)) await scope.insert(fieldValues, { fieldName, fieldValue });
  }
}
