/**
 * Impegni (ROLE_USER): the tenant's to-dos, optionally of a customer and a job, assigned to a user of the tenant.
 *
 * Beyond the standard entity:
 * - the alert ('Giorni prima della scadenza' with days, 'Data fissa' with a date) gives the generated column
 *   alert_on, the day the reminder is due (db/queries/todo-reminders.ts sends it);
 * - a job chosen together with a customer must be that customer's;
 * - done without a date is done today (Europe/Rome); set-done marks one to-do done, version-checked.
 */
import "server-only";
import { asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { defineEntity, ref } from "@/db/entity";
import { activities, contacts, todos, users, type Todo } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { ApiError, StaleVersionError, ValidationError } from "@/lib/errors";
import { defineGrid } from "@/lib/grid/define";
import { escapeLike } from "@/lib/grid/filters";
import type { Option } from "@/lib/schemas/entity";
import { todayInRome } from "@/lib/rome-time";
import { TODO_MESSAGES, todoApi, todoListParams, todoResponse, todoSchema, type TodoFormData, type TodoJson, type TodoListParams } from "@/lib/schemas/todo";
import { activityEntity } from "./activities";
import { contactEntity } from "./contacts";
import { userEntity, userToString } from "./users-admin";

/** The assignee filter's options: the tenant's users (ROLE_USER may not call /api/users). */
export const ASSIGNEES_URL = `${todoApi.url}/assignees`;

const userName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** 'Impegni' grid (GET /api/todos, addedParams { done }); the page's default filter is done = 0. */
export const todosGrid = defineGrid<TodoListParams>({
  name: "todos",
  table: todos,
  params: todoListParams,
  baseWhere: ({ done }) => (done === undefined ? undefined : eq(todos.done, done)),
  defaultSort: [
    { colId: "dueDate", sort: "asc" },
    { colId: "id", sort: "asc" },
  ],
  exportFileName: "impegni",
  joins: [
    { table: contacts, on: eq(todos.contactId, contacts.id) },
    { table: activities, on: eq(todos.activityId, activities.id) },
    { table: users, on: eq(todos.assigneeId, users.id) },
  ],
  columns: [
    { field: "id", header: "Id", type: "integer", sql: todos.id, hidden: true, width: 80 },
    { field: "title", header: "Titolo", type: "text", sql: todos.title, searchable: true, fixed: true, width: 200 },
    // what the to-do is about, who does it, when, and whether it is done: in view at 1366 px with the side menu open
    { field: "contact", header: "Cliente", type: "entity", sql: todos.contactId, label: contacts.name, optionsUrl: "/api/contacts/get-filtered-list?role=CUSTOMER", searchable: true, width: 150 },
    {
      field: "activity",
      header: "Lavoro",
      type: "entity",
      sql: todos.activityId,
      label: sql<string>`(${activities.activityNumber}::text || ' - ' || ${activities.name})`,
      optionsUrl: "/api/activities/get-filtered-list",
      width: 140,
    },
    { field: "assignee", header: "Assegnato a", type: "entity", sql: todos.assigneeId, label: userName, optionsUrl: ASSIGNEES_URL, width: 130 },
    { field: "dueDate", header: "Data scadenza", type: "date", sql: todos.dueDate, width: 125 },
    { field: "priority", header: "Priorità", type: "text", sql: todos.priority, width: 85 },
    { field: "done", header: "Svolto", type: "boolean", sql: todos.done, width: 75 },
    { field: "alertType", header: "Tipo avviso", type: "text", sql: todos.alertType, width: 170 },
    { field: "alertDays", header: "Giorni prima", type: "integer", sql: todos.alertDays, width: 100 },
    { field: "alertDate", header: "Data avviso", type: "date", sql: todos.alertDate, width: 110 },
    { field: "doneDate", header: "Data svolgimento", type: "date", sql: todos.doneDate, width: 135 },
    { field: "description", header: "Descrizione", type: "text", sql: todos.description, searchable: true, width: 240 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: todos.createdAt, hidden: true, width: 160 },
  ],
});

/** The tenant's enabled users as options (Assegnato a). */
export async function assigneeOptions(scope: TenantScope, { query = "", offset = 0, limit = 100 }: { query?: string; offset?: number; limit?: number } = {}): Promise<Option[]> {
  const q = query.trim();
  const pattern = `%${escapeLike(q)}%`;
  const search: SQL | undefined = q ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern)) : undefined;
  const rows = await scope
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.disabled, false), search)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map((u) => ({ id: u.id, toString: userToString(u) }));
}

/** A job chosen with a customer must be that customer's (a foreign or unknown job is left to the refs check). */
async function checkJobOfCustomer(tx: TenantScope, contactId: number | undefined, activityId: number | undefined): Promise<void> {
  if (!contactId || !activityId) return;
  const [job] = await tx.select({ contactId: activities.contactId }).from(activities).where(eq(activities.id, activityId)).limit(1);
  if (job && job.contactId !== contactId) throw new ValidationError([TODO_MESSAGES.activityOfOtherContact]);
}

const todoLabel = (t: Pick<Todo, "title">) => t.title;

export const todoEntity = defineEntity({
  api: todoApi,
  role: "ROLE_USER",
  table: todos,
  input: todoSchema,
  response: todoResponse,
  grid: todosGrid,
  label: todoLabel,
  messages: { notFound: TODO_MESSAGES.notFound },
  refs: {
    contact: ref(todos.contactId, contactEntity, TODO_MESSAGES.contactUnknown, eq(contacts.isCustomer, true)),
    activity: ref(todos.activityId, activityEntity, TODO_MESSAGES.activityUnknown),
    assignee: ref(todos.assigneeId, userEntity, TODO_MESSAGES.assigneeUnknown),
  },
  values: (i, existing) => ({
    title: i.title,
    description: i.description,
    dueDate: i.dueDate,
    done: i.done,
    // done without a date: the day it was marked (kept across later saves), else today
    doneDate: i.done ? (i.doneDate ?? existing?.doneDate ?? todayInRome()) : null,
    alertType: i.alertType,
    alertDays: i.alertDays,
    alertDate: i.alertDate,
    priority: i.priority,
    updatedAt: new Date(),
  }),
  json: (t, { refs }) => ({
    id: t.id,
    version: t.version,
    title: t.title,
    description: t.description,
    contact: refs.contact ?? null,
    activity: refs.activity ?? null,
    assignee: refs.assignee ?? null,
    dueDate: t.dueDate,
    done: t.done,
    doneDate: t.doneDate,
    alertType: t.alertType,
    alertDays: t.alertDays,
    alertDate: t.alertDate,
    priority: t.priority,
    rowColor: t.rowColor,
    toString: todoLabel(t),
  }),
  // a new to-do is the acting user's
  draft: async (scope) => ({
    title: "",
    description: "",
    contact: null,
    activity: null,
    assignee: scope.actor ? await userEntity.optionOf(scope, scope.actorId) : null,
    dueDate: null,
    done: false,
    doneDate: null,
    alertType: null,
    alertDays: null,
    alertDate: null,
    priority: "Normale",
  }),
  formData: async (scope): Promise<TodoFormData> => ({ users: await assigneeOptions(scope, { limit: 1000 }) }),
  selectable: {
    search: (t) => sql`${todos.title} ilike ${t.contains}`,
    orderBy: [asc(todos.done), asc(todos.dueDate), desc(todos.id)],
  },
  hooks: {
    beforeWrite: async (tx, input, existing) => {
      await checkJobOfCustomer(tx, input.contact?.id, input.activity?.id);
      // who created it: the reminder's recipient when nobody is assigned
      return existing ? {} : { createdById: tx.actor?.userId ?? null };
    },
  },
  example: { title: "Richiamare il cliente", alertType: "Data fissa", alertDate: "2030-01-15" },
});

/**
 * 'Segna svolto' (POST /api/todos/set-done/{id}): done today (Europe/Rome). With a version, the one the user saw
 * (else 409); an already done to-do is refused (400), so two clicks never move its date.
 */
export async function setTodoDone(scope: TenantScope, id: number, version: number | undefined, today: string = todayInRome()): Promise<TodoJson> {
  return scope.transaction(async (tx) => {
    const row = await tx.getOrThrow(todos, id, TODO_MESSAGES.notFound);
    if (version !== undefined && version !== row.version) throw new StaleVersionError();
    if (row.done) throw new ApiError(400, TODO_MESSAGES.alreadyDone);
    const saved = await tx.update(todos, id, row.version, { done: true, doneDate: today, updatedAt: new Date() });
    return todoEntity.toJson(tx, saved);
  });
}
