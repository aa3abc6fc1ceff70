/** Agenti with their commission rows (saved as one set with the agent). */
import { and, asc, eq, sql } from "drizzle-orm";
import type { TenantScope } from "@/db/scope";
import { agentCommissions, agents, fieldValues, type Agent, type AgentCommission } from "@/db/schema";
import { defineGrid } from "@/lib/grid/define";
import type { AgentInput } from "@/lib/schemas/agent";
import { mapConstraintErrors, refId, replaceChildRows, type Option } from "./lookup-support";

export const AGENT_NOT_FOUND = "Agente non trovato";
export const AGENT_TITLE_UNKNOWN = "Il titolo scelto non esiste";
/** The field-value list holding the agents' titles. */
export const AGENT_TITLE_FIELD = "title";

/** "title firstName lastName", blanks collapsed. */
export function agentToString(title: string | null | undefined, a: Pick<Agent, "firstName" | "lastName">): string {
  return [title, a.firstName, a.lastName].filter((s) => s && s.trim()).join(" ");
}

function toCommissionJson(c: AgentCommission) {
  return { id: c.id, fromAmount: c.fromAmount, currency: "EUR" as const, percentage: c.percentage, version: c.version };
}

export function toAgentJson(a: Agent, title: Option | null, rows: AgentCommission[]) {
  return {
    id: a.id,
    version: a.version,
    title,
    firstName: a.firstName,
    lastName: a.lastName,
    email1: a.email1,
    email2: a.email2,
    phone1: a.phone1,
    phone2: a.phone2,
    agentCommissions: rows.map(toCommissionJson),
    rowColor: a.rowColor,
    toString: agentToString(title?.toString, a),
  };
}
export type AgentJson = ReturnType<typeof toAgentJson>;

/** Agenti grid (GET /api/agents). */
export const agentsGrid = defineGrid({
  name: "agents",
  table: agents,
  defaultSort: [
    { colId: "lastName", sort: "asc" },
    { colId: "firstName", sort: "asc" },
  ],
  exportFileName: "agenti",
  joins: (q) => q.leftJoin(fieldValues, eq(agents.titleId, fieldValues.id)),
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

async function titleRef(scope: TenantScope, id: number | null): Promise<Option | null> {
  if (id === null) return null;
  const t = await scope.find(fieldValues, id);
  return t ? { id: t.id, toString: t.fieldValue } : null;
}

async function loadAgent(scope: TenantScope, a: Agent): Promise<AgentJson> {
  const rows = await scope.list(agentCommissions, { where: eq(agentCommissions.agentId, a.id), orderBy: [asc(agentCommissions.position), asc(agentCommissions.id)] });
  return toAgentJson(a, await titleRef(scope, a.titleId), rows);
}

export async function getAgentFormData(scope: TenantScope, id?: number) {
  const formData = { titleFieldName: AGENT_TITLE_FIELD };
  if (id === undefined) {
    const agent = { id: null, version: 0, title: null, firstName: "", lastName: "", email1: "", email2: "", phone1: "", phone2: "", agentCommissions: [], rowColor: null, toString: "" };
    return { agent, formData };
  }
  return { agent: await loadAgent(scope, await scope.getOrThrow(agents, id, AGENT_NOT_FOUND)), formData };
}

function agentValues(input: AgentInput, titleId: number | null) {
  return { titleId, firstName: input.firstName, lastName: input.lastName, email1: input.email1, email2: input.email2, phone1: input.phone1, phone2: input.phone2 };
}

const commissionValues = (r: AgentInput["agentCommissions"][number], position: number) => ({ position, fromAmount: r.fromAmount, percentage: r.percentage });

/** The title must be a value of this tenant's 'title' list. */
function titleId(scope: TenantScope, input: AgentInput) {
  return refId(scope, fieldValues, input.title, AGENT_TITLE_UNKNOWN, eq(fieldValues.fieldName, AGENT_TITLE_FIELD));
}

export async function createAgent(scope: TenantScope, input: AgentInput): Promise<AgentJson> {
  return scope.transaction(async (tx) => {
    const agent = await tx.insert(agents, agentValues(input, await titleId(tx, input)));
    await replaceChildRows(tx, agentCommissions, agentCommissions.agentId, agent.id, input.agentCommissions.map((r) => ({ ...r, id: undefined })), commissionValues);
    return loadAgent(tx, agent);
  });
}

export async function updateAgent(scope: TenantScope, id: number, version: number, input: AgentInput): Promise<AgentJson> {
  return scope.transaction(async (tx) => {
    await tx.getOrThrow(agents, id, AGENT_NOT_FOUND);
    const agent = await tx.update(agents, id, version, agentValues(input, await titleId(tx, input)));
    await replaceChildRows(tx, agentCommissions, agentCommissions.agentId, id, input.agentCommissions, commissionValues);
    return loadAgent(tx, agent);
  });
}

export async function deleteAgent(scope: TenantScope, id: number): Promise<void> {
  await scope.getOrThrow(agents, id, AGENT_NOT_FOUND);
  await mapConstraintErrors(() => scope.delete(agents, id), { foreignKey: "L'agente è usato da altri documenti: non può essere eliminato" });
}

/** Agent options (future agent selects): name contains `query`. */
export async function listAgentOptions(scope: TenantScope, query = "", offset = 0, limit = 100): Promise<Option[]> {
  const q = query.trim();
  const rows = await scope.platform
    .select({ a: agents, title: fieldValues.fieldValue })
    .from(agents)
    .leftJoin(fieldValues, eq(agents.titleId, fieldValues.id))
    .where(scope.where(agents, q ? and(sql`(${agents.firstName} || ' ' || ${agents.lastName}) ilike ${"%" + q.replace(/[\\%_]/g, "\\$&") + "%"}`) : undefined))
    .orderBy(asc(agents.lastName), asc(agents.firstName), asc(agents.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ id: r.a.id, toString: agentToString(r.title, r.a) }));
}
