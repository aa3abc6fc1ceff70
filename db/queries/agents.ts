/** Agenti with their commission rows (saved as one set with the agent). */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { defineEntity, ref, byText } from "@/db/entity";
import { agentCommissions, agents, fieldValues, type Agent, type AgentCommission } from "@/db/schema";
import { defineGrid } from "@/lib/grid/define";
import { agentApi, agentResponse, agentSchema, type AgentCommissionInput, type AgentFormData } from "@/lib/schemas/agent";
import { fieldValueEntity } from "./field-values";

export const AGENT_NOT_FOUND = "Agente non trovato";
export const AGENT_TITLE_UNKNOWN = "Il titolo scelto non esiste";
/** The field-value list holding the agents' titles. */
export const AGENT_TITLE_FIELD = "title";

/** "title firstName lastName", blanks collapsed. */
export function agentToString(title: string | null | undefined, a: Pick<Agent, "firstName" | "lastName">): string {
  return [title, a.firstName, a.lastName].filter((s) => s && s.trim()).join(" ");
}

/** Agenti grid (GET /api/agents). */
export const agentsGrid = defineGrid({
  name: "agents",
  table: agents,
  defaultSort: [
    { colId: "lastName", sort: "asc" },
    { colId: "firstName", sort: "asc" },
  ],
  exportFileName: "agenti",
  joins: [{ table: fieldValues, on: eq(agents.titleId, fieldValues.id) }],
  columns: [
    { field: "id", header: "Id", type: "integer", sql: agents.id, hidden: true, width: 80 },
    { field: "title", header: "Titolo", type: "entity", sql: agents.titleId, label: sql`coalesce(${fieldValues.fieldValue}, '')`, optionsUrl: `/api/field-values/get-filtered-list/${AGENT_TITLE_FIELD}`, width: 110 },
    { field: "firstName", header: "Nome", type: "text", sql: agents.firstName, searchable: true, fixed: true, width: 180 },
    { field: "lastName", header: "Cognome", type: "text", sql: agents.lastName, searchable: true, fixed: true, width: 180 },
    { field: "email1", header: "Email", type: "text", sql: agents.email1, searchable: true, width: 220 },
    { field: "email2", header: "Email 2", type: "text", sql: agents.email2, searchable: true, hidden: true, width: 220 },
    { field: "phone1", header: "Telefono", type: "text", sql: agents.phone1, searchable: true, width: 150 },
    { field: "phone2", header: "Telefono 2", type: "text", sql: agents.phone2, searchable: true, hidden: true, width: 150 },
    { field: "createdAt", header: "Data inserimento", type: "datetime", sql: agents.createdAt, hidden: true, width: 160 },
  ],
});

export const agentEntity = defineEntity({
  api: agentApi,
  role: "ROLE_DOCUMENT",
  table: agents,
  input: agentSchema,
  response: agentResponse,
  grid: agentsGrid,
  // selects show the name; the title is in the record's toString
  label: (a) => agentToString(null, a),
  messages: { notFound: AGENT_NOT_FOUND, inUse: "L'agente è usato da altri documenti: non può essere eliminato" },
  // the title must be a value of this tenant's 'title' list
  refs: { title: ref(agents.titleId, fieldValueEntity, AGENT_TITLE_UNKNOWN, eq(fieldValues.fieldName, AGENT_TITLE_FIELD)) },
  children: {
    agentCommissions: {
      table: agentCommissions,
      parent: agentCommissions.agentId,
      orderBy: [agentCommissions.position, agentCommissions.id],
      values: (r: AgentCommissionInput, position: number) => ({ position, fromAmount: r.fromAmount, percentage: r.percentage }),
      json: (c: AgentCommission) => ({ id: c.id, fromAmount: c.fromAmount, currency: "EUR" as const, percentage: c.percentage, version: c.version }),
    },
  },
  values: (i) => ({ firstName: i.firstName, lastName: i.lastName, email1: i.email1, email2: i.email2, phone1: i.phone1, phone2: i.phone2 }),
  json: (a, { refs, children }) => ({
    id: a.id,
    version: a.version,
    title: refs.title!,
    firstName: a.firstName,
    lastName: a.lastName,
    email1: a.email1,
    email2: a.email2,
    phone1: a.phone1,
    phone2: a.phone2,
    agentCommissions: children.agentCommissions as never,
    rowColor: a.rowColor,
    toString: agentToString(refs.title?.toString, a),
  }),
  draft: () => ({ title: null, firstName: "", lastName: "", email1: "", email2: "", phone1: "", phone2: "", agentCommissions: [] }),
  formData: (): AgentFormData => ({ titleFieldName: AGENT_TITLE_FIELD }),
  selectable: { search: (t) => sql`(${agents.firstName} || ' ' || ${agents.lastName}) ilike ${t.contains}`, orderBy: [byText(agents.lastName), byText(agents.firstName)] },
  example: { firstName: "Mario", lastName: "Agente", agentCommissions: [{ percentage: "5" }] },
});
