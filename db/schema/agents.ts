import { index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { cents, createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { fieldValues } from "./field-values";
import { tenants } from "./tenants";

/** Agenti. title is a field value of the list 'title' (deleting the value clears it). */
export const agents = pgTable(
  "agents",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    titleId: integer("title_id"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email1: text("email1").notNull().default(""),
    email2: text("email2").notNull().default(""),
    phone1: text("phone1").notNull().default(""),
    phone2: text("phone2").notNull().default(""),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // grid default sort (cognome, nome) and the agent picker
    index("agents_tenant_name_idx").on(t.tenantId, t.lastName, t.firstName),
    // field-value usage (titles) within the tenant
    index("agents_tenant_title_idx").on(t.tenantId, t.titleId),
    tenantKey("agents_tenant_id_key", t),
    // deleting the title value clears it (SET NULL (title_id) in the migration)
    sameTenant("agents_title_fk", t.tenantId, t.titleId, fieldValues).onDelete("set null"),
  ],
);

/** Provvigioni of an agent: from fromAmount (cents) upwards the percentage applies. Saved as a set with the agent. */
export const agentCommissions = pgTable(
  "agent_commissions",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull(),
    position: integer("position").notNull().default(0),
    fromAmount: cents("from_amount").notNull().default(0),
    percentage: numeric("percentage", { precision: 7, scale: 2 }).notNull().default("0"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // the rows of one agent in order (form load, save)
    index("agent_commissions_tenant_agent_idx").on(t.tenantId, t.agentId, t.position),
    sameTenant("agent_commissions_agent_fk", t.tenantId, t.agentId, agents).onDelete("cascade"),
  ],
);

export type Agent = typeof agents.$inferSelect;
export type AgentCommission = typeof agentCommissions.$inferSelect;
