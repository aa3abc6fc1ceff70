/**
 * Operazioni pianificate (ROLE_DOCUMENT): recurring documents made from a template document of the tenant (an
 * invoice or a proforma) by the runner (db/queries/planned-operations-runner.ts).
 *
 * Beyond the standard entity:
 * - the template must be the tenant's invoice or proforma (400 otherwise: unknown, or of another kind);
 * - everyMonths is 1 for 'Mensile', 12 for 'Annuale', N for 'Ogni N mesi' (the schema sets it);
 * - doneCount, lastRunAt and lastResult are the runner's: a save never writes them; a save that moves nextDate
 *   or re-activates the operation makes the runner start again from that day; the day of the month the
 *   occurrences keep (day_of_month) is next_date's day as a save sets it, so a 31st survives February;
 * - the run log (GET /api/planned-operations/runs/{id}): each occurrence, its outcome and the document made.
 */
import "server-only";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { defineEntity, ref } from "@/db/entity";
import { contacts, documents, plannedOperationRuns, plannedOperations, type PlannedOperation } from "@/db/schema";
import { type TenantScope } from "@/db/scope";
import { TEMPLATE_KINDS } from "@/lib/documents/policy";
import { ValidationError } from "@/lib/errors";
import { defineGrid } from "@/lib/grid/define";
import { invoiceApi } from "@/lib/schemas/invoice";
import {
  PLANNED_OPERATION_MESSAGES,
  plannedOperationApi,
  plannedOperationResponse,
  plannedOperationSchema,
  type PlannedOperationFormData,
  type PlannedRunJson,
} from "@/lib/schemas/planned-operation";
import { todayInRome } from "@/lib/rome-time";
import { contactApi } from "@/lib/schemas/contact";
import { contactEntity } from "./contacts";
import { documentLabel } from "@/db/documents/label";
import { invoiceEntity } from "@/db/documents/entity";
import { kindNameSql } from "@/db/documents/label";

/** Where the failure notification leads. */
export const PLANNED_OPERATIONS_PATH = "/operazioni-pianificate";

/** The template as documentLabel words it: 'Fattura 12/A del 05/03/2026', 'Fattura (bozza) del …'. */
const templateLabelSql = sql<string>`${kindNameSql} || ' ' || coalesce(${documents.numberText}, '(bozza)') || ' del ' || to_char(${documents.date}, 'DD/MM/YYYY')`;

/** 'Operazioni pianificate' grid (GET /api/planned-operations): next run and last result in view. */
export const plannedOperationsGrid = defineGrid({
  name: "planned-operations",
  table: plannedOperations,
  defaultSort: [
    { colId: "nextDate", sort: "asc" },
    { colId: "id", sort: "asc" },
  ],
  exportFileName: "operazioni-pianificate",
  joins: [{ table: documents, on: eq(plannedOperations.templateDocumentId, documents.id) }],
  columns: [
    { field: "id", header: "Id", type: "integer", sql: plannedOperations.id, hidden: true, width: 80 },
    // what the operation makes, when next, how the last run went and whether it runs: in view at 1366 px with the side menu open
    { field: "name", header: "Nome", type: "text", sql: plannedOperations.name, searchable: true, fixed: true, width: 200 },
    { field: "templateDocument", header: "Documento modello", type: "text", sql: templateLabelSql, width: 190 },
    { field: "frequency", header: "Frequenza", type: "text", sql: plannedOperations.frequency, width: 100 },
    { field: "everyMonths", header: "Ogni (mesi)", type: "integer", sql: plannedOperations.everyMonths, hidden: true, width: 100 },
    { field: "nextDate", header: "Prossima esecuzione", type: "date", sql: plannedOperations.nextDate, width: 160 },
    { field: "lastResult", header: "Ultimo esito", type: "text", sql: plannedOperations.lastResult, width: 250 },
    { field: "active", header: "Attiva", type: "boolean", sql: plannedOperations.active, width: 75 },
    { field: "action", header: "Azione", type: "text", sql: plannedOperations.action, width: 190 },
    { field: "doneCount", header: "Eseguite", type: "integer", sql: plannedOperations.doneCount, width: 90 },
    { field: "maxCount", header: "Massimo", type: "integer", sql: plannedOperations.maxCount, hidden: true, width: 90 },
    { field: "endDate", header: "Data fine", type: "date", sql: plannedOperations.endDate, hidden: true, width: 110 },
    { field: "lastRunAt", header: "Ultima esecuzione", type: "datetime", sql: plannedOperations.lastRunAt, hidden: true, width: 160 },
  ],
});

const plannedOperationLabel = (o: Pick<PlannedOperation, "name">) => o.name;

/** The template must be the tenant's invoice or proforma: unknown (or another tenant's) and other kinds are a 400. */
async function checkTemplate(tx: TenantScope, id: number): Promise<number> {
  const [doc] = await tx.select({ id: documents.id, kind: documents.kind }).from(documents).where(eq(documents.id, id)).limit(1);
  if (!doc) throw new ValidationError([PLANNED_OPERATION_MESSAGES.templateUnknown]);
  if (!TEMPLATE_KINDS.includes(doc.kind)) throw new ValidationError([PLANNED_OPERATION_MESSAGES.templateKind]);
  return doc.id;
}

/** The form's template choices: the newest invoices and proformas, 'Fattura 12 del 05/03/2026 - Rossi S.r.l.'. */
async function templateOptions(scope: TenantScope, limit = 500): Promise<PlannedOperationFormData["templates"]> {
  const rows = await scope
    .select({ id: documents.id, kind: documents.kind, numberText: documents.numberText, date: documents.date, customer: contacts.name })
    .from(documents)
    .leftJoin(contacts, eq(documents.contactId, contacts.id))
    .where(inArray(documents.kind, [...TEMPLATE_KINDS]))
    .orderBy(desc(documents.date), desc(documents.id))
    .limit(limit);
  return rows.map((d) => ({ id: d.id, toString: `${documentLabel(d)}${d.customer ? ` - ${d.customer}` : ""}` }));
}

export const plannedOperationEntity = defineEntity({
  api: plannedOperationApi,
  role: "ROLE_DOCUMENT",
  table: plannedOperations,
  input: plannedOperationSchema,
  response: plannedOperationResponse,
  grid: plannedOperationsGrid,
  label: plannedOperationLabel,
  messages: { notFound: PLANNED_OPERATION_MESSAGES.notFound },
  refs: { templateDocument: ref(plannedOperations.templateDocumentId, invoiceEntity, PLANNED_OPERATION_MESSAGES.templateUnknown) },
  values: (i) => ({
    name: i.name,
    frequency: i.frequency,
    everyMonths: i.everyMonths,
    nextDate: i.nextDate,
    endDate: i.endDate,
    maxCount: i.maxCount,
    action: i.action,
    active: i.active,
    updatedAt: new Date(),
  }),
  json: (o, { refs }) => ({
    id: o.id,
    version: o.version,
    name: o.name,
    templateDocument: refs.templateDocument ?? null,
    frequency: o.frequency,
    everyMonths: o.everyMonths,
    nextDate: o.nextDate,
    endDate: o.endDate,
    maxCount: o.maxCount,
    doneCount: o.doneCount,
    action: o.action,
    active: o.active,
    lastRunAt: o.lastRunAt ? new Date(o.lastRunAt).toISOString() : null,
    lastResult: o.lastResult,
    rowColor: o.rowColor,
    toString: plannedOperationLabel(o),
  }),
  // a new operation: monthly, from today, a draft each time
  draft: () => ({
    name: "",
    templateDocument: null,
    frequency: "Mensile",
    everyMonths: 1,
    nextDate: todayInRome(),
    endDate: null,
    maxCount: null,
    doneCount: 0,
    action: "Crea bozza",
    active: true,
    lastRunAt: null,
    lastResult: null,
  }),
  formData: async (scope): Promise<PlannedOperationFormData> => ({ templates: await templateOptions(scope) }),
  selectable: {
    search: (t) => sql`${plannedOperations.name} ilike ${t.contains}`,
    orderBy: [asc(plannedOperations.name), asc(plannedOperations.id)],
  },
  hooks: {
    beforeWrite: async (tx, input, existing) => ({
      // the hook's word on the reference: the refs check skips it
      templateDocumentId: await checkTemplate(tx, input.templateDocument.id),
      // the day the occurrences keep: next_date's as the user sets it; a save that leaves next_date as the runner
      // put it (28/02 of an operation of the 31st) keeps the day
      dayOfMonth: existing && existing.nextDate === input.nextDate ? existing.dayOfMonth : Number(input.nextDate.slice(8, 10)),
      // who created it: told when an occurrence fails
      ...(existing ? {} : { createdById: tx.actor?.userId ?? null }),
    }),
  },
  example: { name: "Canone mensile di manutenzione", frequency: "Mensile", nextDate: "2030-01-31", action: "Crea bozza" },
  exampleRefs: { templateDocument: { example: invoiceEntity.example, api: invoiceApi, exampleRefs: { contact: { example: contactEntity.example, api: contactApi } } } },
});

/** The PDF of a document made by an operation (the run log's link). */
export const documentLink = (id: number) => `${invoiceApi.url}/download-pdf/${id}?inline=1`;

/** GET /api/planned-operations/runs/{id}: the operation's occurrences, newest first, with the documents made. */
export async function listPlannedRuns(scope: TenantScope, id: number, limit = 500): Promise<PlannedRunJson[]> {
  await scope.getOrThrow(plannedOperations, id, PLANNED_OPERATION_MESSAGES.notFound);
  const rows = await scope
    .select({ run: plannedOperationRuns, kind: documents.kind, numberText: documents.numberText, date: documents.date })
    .from(plannedOperationRuns)
    .leftJoin(documents, eq(plannedOperationRuns.documentId, documents.id))
    .where(eq(plannedOperationRuns.operationId, id))
    .orderBy(desc(plannedOperationRuns.occurrence), desc(plannedOperationRuns.id))
    .limit(limit);
  return rows.map(({ run, kind, numberText, date }) => ({
    id: run.id,
    occurrence: run.occurrence,
    state: run.state,
    message: run.message,
    document: run.documentId !== null && kind && date ? { id: run.documentId, toString: documentLabel({ kind, numberText, date }), kind } : null,
    link: run.documentId !== null && kind ? documentLink(run.documentId) : null,
    createdAt: new Date(run.createdAt).toISOString(),
  }));
}
