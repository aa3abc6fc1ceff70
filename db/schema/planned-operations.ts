import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, rowColor, sameTenant, tenantKey, version } from "./columns";
import { documents } from "./documents";
import { tenants } from "./tenants";
import { users } from "./users";

import type { PlannedAction, PlannedFrequency, PlannedRunState } from "../../lib/schemas/planned-operation-enums";

/**
 * Operazioni pianificate: a recurring document made from a template document of the tenant (an invoice or a
 * proforma) every `every_months` months from `next_date`, until `end_date` or `max_count` occurrences. The
 * template is ON DELETE NO ACTION (not RESTRICT: checked at the end of the statement, so deleting a whole tenant, which cascades to both, still works): deleting a document that an operation copies is refused (the documents' own
 * "in use" 409), so an operation never silently loses what it makes; delete or change the operation first.
 */
export const plannedOperations = pgTable(
  "planned_operations",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    templateDocumentId: integer("template_document_id").notNull(),
    frequency: text("frequency").$type<PlannedFrequency>().notNull(),
    /** 1 for 'Mensile', 12 for 'Annuale', N for 'Ogni N mesi'. */
    everyMonths: integer("every_months").notNull(),
    /** The next occurrence (Europe/Rome day); the runner makes every occurrence up to today in order. */
    nextDate: date("next_date", { mode: "string" }).notNull(),
    /**
     * The day of the month the occurrences keep (1-31): the day of next_date as the user last set it. A month
     * without that day clamps to its last one (31/01 → 28/02) and the month after returns to it (→ 31/03), so a
     * 'canone' on the 31st does not drift to the 28th. Set by a save that changes next_date, kept by the runner.
     */
    dayOfMonth: integer("day_of_month").notNull(),
    endDate: date("end_date", { mode: "string" }),
    maxCount: integer("max_count"),
    doneCount: integer("done_count").notNull().default(0),
    action: text("action").$type<PlannedAction>().notNull(),
    active: boolean("active").notNull().default(true),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastResult: text("last_result"),
    /** Who created it: told (notification) when an occurrence fails. */
    createdById: integer("created_by_id"),
    rowColor: rowColor(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("planned_operations_tenant_next_idx").on(t.tenantId, t.nextDate),
    // the runner's scan across tenants: active operations whose day has come
    index("planned_operations_due_idx").on(t.nextDate).where(sql`${t.active}`),
    tenantKey("planned_operations_tenant_id_key", t),
    sameTenant("planned_operations_template_fk", t.tenantId, t.templateDocumentId, documents).onDelete("no action"),
    sameTenant("planned_operations_created_by_fk", t.tenantId, t.createdById, users).onDelete("set null"),
    check("planned_operations_frequency_check", sql`${t.frequency} in ('Mensile', 'Ogni N mesi', 'Annuale')`),
    check("planned_operations_action_check", sql`${t.action} in ('Crea bozza', 'Crea ed emetti', 'Crea, emetti e invia email', 'Crea proforma')`),
    check("planned_operations_every_months_check", sql`${t.everyMonths} between 1 and 120`),
    check("planned_operations_day_of_month_check", sql`${t.dayOfMonth} between 1 and 31`),
    check("planned_operations_max_count_check", sql`${t.maxCount} is null or ${t.maxCount} >= 1`),
  ],
);

/**
 * One row per occurrence run: (operation, occurrence) is unique, the idempotency key. The runner inserts it
 * ON CONFLICT DO NOTHING first, in the transaction that makes the document, so of two workers racing on one
 * occurrence only one makes it; the second's insert waits for the first's commit and does nothing.
 * A failed occurrence keeps its 'Errore' row (written in a transaction of its own) and is not run again.
 */
export const plannedOperationRuns = pgTable(
  "planned_operation_runs",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    operationId: integer("operation_id").notNull(),
    occurrence: date("occurrence", { mode: "string" }).notNull(),
    documentId: integer("document_id"),
    state: text("state").$type<PlannedRunState>().notNull(),
    message: text("message").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("planned_operation_runs_occurrence_key").on(t.tenantId, t.operationId, t.occurrence),
    sameTenant("planned_operation_runs_operation_fk", t.tenantId, t.operationId, plannedOperations).onDelete("cascade"),
    sameTenant("planned_operation_runs_document_fk", t.tenantId, t.documentId, documents).onDelete("set null"),
    check("planned_operation_runs_state_check", sql`${t.state} in ('Eseguita', 'Errore')`),
  ],
);

export type PlannedOperation = typeof plannedOperations.$inferSelect;
export type PlannedOperationRun = typeof plannedOperationRuns.$inferSelect;
