/**
 * Lavori (ROLE_USER): a customer's jobs with their state history and hours.
 *
 * Beyond the standard entity:
 * - activityNumber is the tenant's progressive, taken from the counter "activity" in the saving
 *   transaction (concurrent saves queue on the counter row: no duplicate); a number typed after
 *   'Modifica' must be free, and the unique index decides between two saves at the same moment.
 * - Every state change (and the creation) is written to activity_state_logs in the save's transaction.
 * - 'Da fatturare' (toInvoiceSql): a fixed-price job not yet invoiced counts its amount; an hourly job its
 *   billable, not yet invoiced entries, each minutes × rate / 60 rounded half-up to the cent, with the
 *   customer's hourly price or else the tenant's. Computed in PostgreSQL, for the grid and the form alike.
 * - A job with invoiced hours, or with a running time tracker, cannot be deleted; otherwise its entries go with it.
 * - get-unfinished: the time tracker's job selector; mark-finished: 'Segna completato' on the selected rows.
 */
import "server-only";
import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { defineEntity, ref } from "@/db/entity";
import { takeNext } from "@/db/counters";
import { activities, activityStateLogs, contacts, tenants, timeEntries, users, type Activity } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { ApiError, ValidationError } from "@/lib/errors";
import { defineGrid } from "@/lib/grid/define";
import { escapeLike } from "@/lib/grid/filters";
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_PAYMENT_TYPES,
  ACTIVITY_STATES,
  activityApi,
  activityListParams,
  activityResponse,
  activitySchema,
  FIXED_PRICE,
  numberTakenMessage,
  type ActivityFormData,
  type ActivityListParams,
} from "@/lib/schemas/activity";
import { contactApi } from "@/lib/schemas/contact";
import type { Option } from "@/lib/schemas/entity";
import { contactEntity } from "./contacts";

export const ACTIVITY_COUNTER = "activity";
export const ACTIVITY_NUMBER_TAKEN = "Il numero è già usato da un altro lavoro";

/** An hourly rate (cents): the customer's when it has one, else the tenant's (Impostazioni). */
export const hourlyRateSql = (customerRate: SQL | PgColumn, tenantId: PgColumn) =>
  sql<number>`coalesce(${customerRate}, (select ${tenants.hourlyPrice} from ${tenants} where ${tenants.id} = ${tenantId}), 0)`;

/** What minutes at a rate come to, in cents: minutes × rate / 60 rounded half-up, in integer arithmetic. */
export const minutesAmountSql = (minutes: SQL | PgColumn, rate: SQL | PgColumn) => sql<number>`((${minutes})::bigint * ${rate} + 30) / 60`;

/** The hourly rate of a job (cents). */
const rateSql = hourlyRateSql(
  sql`(select ${contacts.hourlyPrice} from ${contacts} where ${contacts.tenantId} = ${activities.tenantId} and ${contacts.id} = ${activities.contactId})`,
  activities.tenantId,
);

/** Minutes of the job's finished entries. */
const workedMinutesSql = sql<number>`(select coalesce(sum(${timeEntries.minutes}), 0) from ${timeEntries} where ${timeEntries.tenantId} = ${activities.tenantId} and ${timeEntries.activityId} = ${activities.id})`;

/** Billable minutes not yet invoiced. */
const toInvoiceMinutesSql = sql<number>`(select coalesce(sum(${timeEntries.minutes}), 0) from ${timeEntries} where ${timeEntries.tenantId} = ${activities.tenantId} and ${timeEntries.activityId} = ${activities.id} and ${timeEntries.billable} and not ${timeEntries.invoiced})`;

/** Da fatturare in cents (integer arithmetic: each entry's minutes × rate / 60, half-up). */
export const toInvoiceSql = sql<number>`(case when ${activities.paymentType} = ${FIXED_PRICE} then (case when ${activities.invoiced} then 0 else coalesce(${activities.activityAmount}, 0) end)
  else (select coalesce(sum(${minutesAmountSql(timeEntries.minutes, sql`r.rate`)}), 0) from ${timeEntries}, (select ${rateSql} as rate) r
        where ${timeEntries.tenantId} = ${activities.tenantId} and ${timeEntries.activityId} = ${activities.id} and ${timeEntries.billable} and not ${timeEntries.invoiced} and ${timeEntries.minutes} is not null) end)::bigint`;

/** Ore lavorate as hundredths of an hour (a "decimal" column of scale 2). */
const workedHoursSql = sql<number>`round(${workedMinutesSql} * 100 / 60.0)::bigint`;

/** 'Lavori' grid (GET /api/activities, addedParams { contactId }); the page's default filter is 'non completati'. */
export const activitiesGrid = defineGrid<ActivityListParams>({
  name: "activities",
  table: activities,
  params: activityListParams,
  baseWhere: ({ contactId }) => (contactId ? eq(activities.contactId, contactId) : undefined),
  defaultSort: [{ colId: "activityNumber", sort: "desc" }],
  exportFileName: "lavori",
  joins: [{ table: contacts, on: eq(activities.contactId, contacts.id) }],
  // every column in view at 1366×768 with the side menu open, each header whole; the phone card takes the name, the
  // amount to invoice and the state
  columns: [
    { field: "id", header: "Id", type: "integer", sql: activities.id, hidden: true, width: 80 },
    { field: "activityNumber", header: "Numero", type: "integer", sql: activities.activityNumber, searchable: false, width: 84 },
    { field: "name", header: "Nome", type: "text", sql: activities.name, searchable: true, fixed: true, width: 145, phone: "title" },
    { field: "contact", header: "Cliente", type: "entity", sql: activities.contactId, label: contacts.name, optionsUrl: "/api/contacts/get-filtered-list?role=CUSTOMER", searchable: true, width: 135 },
    { field: "activityState", header: "Stato", type: "text", sql: activities.activityState, width: 90, phone: "badge" },
    { field: "paymentType", header: "Tipo pagamento", type: "text", sql: activities.paymentType, width: 102 },
    { field: "activityAmount", header: "Importo", type: "currency", sql: activities.activityAmount, width: 90 },
    { field: "activityExpirationDate", header: "Scadenza prevista", type: "date", sql: activities.activityExpirationDate, width: 95 },
    { field: "workedHours", header: "Ore lavorate", type: "decimal", scale: 2, sql: workedHoursSql, width: 90 },
    { field: "toInvoice", header: "Da fatturare", type: "currency", sql: toInvoiceSql, width: 100, phone: "amount" },
    { field: "finished", header: "Completato", type: "boolean", sql: activities.finished, width: 104 },
    { field: "description", header: "Descrizione", type: "text", sql: activities.description, searchable: true, hidden: true, width: 240 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: activities.createdAt, hidden: true, width: 160 },
  ],
  totals: ["workedHours", "toInvoice"],
});

/** '12 - Sito web' (selects, the job of a time entry). */
export const activityLabel = (a: Pick<Activity, "activityNumber" | "name">) => `${a.activityNumber} - ${a.name}`;

/** The number of a save: a new job's next progressive (skipping numbers typed by hand), or a changed one that must be free. */
async function numberOf(tx: TenantScope, wanted: number | null, existing: Activity | undefined): Promise<{ activityNumber?: number }> {
  if (existing && (wanted === null || wanted === existing.activityNumber)) return {};
  const holder = async (n: number) =>
    (await tx.select({ name: activities.name }).from(activities).where(eq(activities.activityNumber, n), existing ? ne(activities.id, existing.id) : undefined).limit(1))[0];
  if (wanted !== null) {
    const other = await holder(wanted);
    if (other) throw new ValidationError([numberTakenMessage(wanted, other.name)]);
    return { activityNumber: wanted };
  }
  for (;;) {
    const n = await takeNext(tx, ACTIVITY_COUNTER);
    if (!(await holder(n))) return { activityNumber: n };
  }
}

async function hoursOf(scope: TenantScope, row: Activity) {
  const [h] = await scope
    .select({ worked: workedMinutesSql, toInvoiceMinutes: toInvoiceMinutesSql, toInvoice: toInvoiceSql, rate: rateSql, customerRate: contacts.hourlyPrice })
    .from(activities)
    .innerJoin(contacts, eq(activities.contactId, contacts.id))
    .where(eq(activities.id, row.id));
  return {
    workedMinutes: Number(h?.worked ?? 0),
    toInvoiceMinutes: Number(h?.toInvoiceMinutes ?? 0),
    toInvoice: Number(h?.toInvoice ?? 0),
    hourlyRate: Number(h?.rate ?? 0),
    hourlyRateFrom: h?.customerRate === null || h?.customerRate === undefined ? ("tenant" as const) : ("customer" as const),
  };
}

async function historyOf(scope: TenantScope, row: Activity) {
  const logs = await scope
    .select({ stateBefore: activityStateLogs.stateBefore, stateAfter: activityStateLogs.stateAfter, created: activityStateLogs.created, firstName: users.firstName, lastName: users.lastName, userId: users.id })
    .from(activityStateLogs)
    .leftJoin(users, eq(activityStateLogs.userId, users.id))
    .where(eq(activityStateLogs.activityId, row.id))
    .orderBy(asc(activityStateLogs.created), asc(activityStateLogs.id));
  return logs.map((l) => ({
    stateBefore: l.stateBefore,
    stateAfter: l.stateAfter,
    created: new Date(l.created).toISOString(),
    user: l.userId ? `${l.firstName ?? ""} ${l.lastName ?? ""}`.trim() : null,
  }));
}

export const activityEntity = defineEntity({
  api: activityApi,
  role: "ROLE_USER",
  table: activities,
  input: activitySchema,
  response: activityResponse,
  grid: activitiesGrid,
  label: activityLabel,
  messages: {
    notFound: ACTIVITY_MESSAGES.notFound,
    inUse: "Il lavoro è usato da altri documenti: non può essere eliminato",
    unique: { activities_tenant_number_key: ACTIVITY_NUMBER_TAKEN },
  },
  // a job belongs to a customer of the tenant
  refs: { contact: ref(activities.contactId, contactEntity, ACTIVITY_MESSAGES.contactUnknown, eq(contacts.isCustomer, true)) },
  derived: async (scope, row) => ({ activityStateLogs: await historyOf(scope, row), ...(await hoursOf(scope, row)) }),
  values: (i) => ({
    activityState: i.activityState,
    name: i.name,
    description: i.description,
    paymentType: i.paymentType,
    activityAmount: i.activityAmount,
    activityExpirationDate: i.activityExpirationDate,
    finished: i.finished,
  }),
  json: (a, { refs, derived }) => ({
    id: a.id,
    version: a.version,
    contact: refs.contact!,
    activityNumber: a.activityNumber,
    activityState: a.activityState,
    name: a.name,
    description: a.description,
    paymentType: a.paymentType,
    activityAmount: a.activityAmount === null ? null : Number(a.activityAmount),
    currency: "EUR" as const,
    activityExpirationDate: a.activityExpirationDate,
    finished: a.finished,
    invoiced: a.invoiced,
    ...(derived as Pick<z.input<typeof activityResponse>, "activityStateLogs" | "workedMinutes" | "toInvoiceMinutes" | "toInvoice" | "hourlyRate" | "hourlyRateFrom">),
    rowColor: a.rowColor,
    toString: activityLabel(a),
  }),
  // create-form-data?contactId=N: 'Aggiungi lavoro' of the customer form fixes the customer
  draft: async (scope, query) => {
    const contactId = Number(query.get("contactId"));
    const contact = Number.isSafeInteger(contactId) && contactId > 0 ? await contactEntity.optionOf(scope, contactId) : null;
    return {
      contact,
      activityNumber: null,
      activityState: ACTIVITY_STATES[0],
      name: "",
      description: "",
      paymentType: ACTIVITY_PAYMENT_TYPES[1],
      activityAmount: null,
      currency: "EUR",
      activityExpirationDate: null,
      finished: false,
      invoiced: false,
      activityStateLogs: [],
      workedMinutes: 0,
      toInvoiceMinutes: 0,
      toInvoice: 0,
      hourlyRate: 0,
      hourlyRateFrom: "tenant",
    };
  },
  formData: async (scope): Promise<ActivityFormData> => ({ tenantHourlyPrice: (await scope.getTenant()).hourlyPrice }),
  selectable: {
    search: (t) => sql`(${activities.name} ilike ${t.contains} or ${activities.activityNumber}::text = ${t.raw})`,
    orderBy: [desc(activities.activityNumber)],
    // ?contactId=N: the jobs of one customer (an invoice's 'Lavoro' rows); ?unfinished=1: not completed
    filter: (params) =>
      and(
        params.get("contactId") && /^\d{1,10}$/.test(params.get("contactId")!) ? eq(activities.contactId, Number(params.get("contactId"))) : undefined,
        params.get("unfinished") === "1" ? eq(activities.finished, false) : undefined,
      ),
  },
  hooks: {
    beforeWrite: (tx, input, existing) => numberOf(tx, input.activityNumber, existing),
    afterWrite: async (tx, row, _input, existing) => {
      if (existing && existing.activityState === row.activityState) return;
      await tx.insert(activityStateLogs, { activityId: row.id, stateBefore: existing?.activityState ?? null, stateAfter: row.activityState, userId: tx.actor?.userId ?? null });
    },
    beforeDelete: async (tx, row) => {
      const [used] = await tx
        .select({ invoiced: sql<number>`count(*) filter (where ${timeEntries.invoiced})::int`, running: sql<number>`count(*) filter (where ${timeEntries.endAt} is null)::int` })
        .from(timeEntries)
        .where(eq(timeEntries.activityId, row.id));
      if (Number(used?.invoiced ?? 0) > 0) throw new ApiError(409, ACTIVITY_MESSAGES.invoicedHours);
      if (Number(used?.running ?? 0) > 0) throw new ApiError(409, ACTIVITY_MESSAGES.running);
    },
  },
  example: { name: "Sito web", activityState: "Attivo", paymentType: "Lavoro pagato a ore" },
  exampleRefs: { contact: { example: contactEntity.example, api: contactApi } },
});

/** The time tracker's selector (GET /api/activities/get-unfinished): unfinished jobs, '12 - Sito web (Rossi S.r.l.)'. */
export async function unfinishedActivities(scope: TenantScope, { query = "", offset = 0, limit = 100 }: { query?: string; offset?: number; limit?: number }): Promise<Option[]> {
  const q = query.trim();
  const pattern = `%${escapeLike(q)}%`;
  const search: SQL | undefined = q ? sql`(${activities.name} ilike ${pattern} or ${contacts.name} ilike ${pattern} or ${activities.activityNumber}::text = ${q})` : undefined;
  const rows = await scope
    .select({ id: activities.id, activityNumber: activities.activityNumber, name: activities.name, customer: contacts.name })
    .from(activities)
    .innerJoin(contacts, eq(activities.contactId, contacts.id))
    .where(eq(activities.finished, false), search)
    .orderBy(desc(activities.activityNumber), asc(activities.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ id: r.id, toString: `${activityLabel(r)} (${r.customer})` }));
}

/**
 * 'Segna completato' on the selected jobs: how many changed. A completed job is also 'Concluso' (else it would leave
 * the grid's default view yet miss Report lavori conclusi, which reads the state and its Storico): a state change is
 * logged as the form's save logs it, in the same transaction.
 */
export async function markFinished(scope: TenantScope, ids: readonly number[]): Promise<number> {
  return scope.transaction(async (tx) => {
    const selected = sql`${activities.id} = any(string_to_array(${ids.join(",")}, ',')::int[])`;
    const jobs = await tx.lockRows(activities, sql`${selected} and (not ${activities.finished} or ${activities.activityState} <> 'Concluso')`);
    if (jobs.length === 0) return 0;
    await tx.updateWhere(activities, sql`${activities.id} = any(string_to_array(${jobs.map((j) => j.id).join(",")}, ',')::int[])`, {
      finished: true,
      activityState: "Concluso",
      version: sql`${activities.version} + 1`,
    });
    for (const j of jobs.filter((j) => j.activityState !== "Concluso"))
      await tx.insert(activityStateLogs, { activityId: j.id, stateBefore: j.activityState, stateAfter: "Concluso", userId: tx.actor?.userId ?? null });
    return jobs.length;
  });
}
