import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, sameTenant } from "./columns";
import { tenants } from "./tenants";
import { users } from "./users";
import type { AuditEventType } from "@/lib/schemas/audit-event";

export { AUDIT_EVENT_TYPES, type AuditEventType } from "@/lib/schemas/audit-event";

/**
 * The audit log of security events (Impostazioni › Sicurezza, GET /api/audit-events): one row per event, written in
 * the same transaction as the change it records, never updated; rows older than 12 months are purged
 * (db/jobs/audit-purge.ts).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Who acted (the user who logged in, or the admin who changed a role); null when nobody is known. */
    userId: integer("user_id"),
    event: text("event").$type<AuditEventType>().notNull(),
    /** What the event concerned, in words (the export's grid, the changed user and roles, the settings' fields). */
    detail: text("detail").notNull().default(""),
    /** The e-mail address concerned: the one typed at a login, or the user changed by an admin. */
    address: text("address"),
    /** The client's address (lib/auth/client-address.ts). */
    ip: text("ip"),
  },
  (t) => [
    // the grid: a tenant's newest first
    index("audit_events_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    // the purge: every tenant's rows older than 12 months
    index("audit_events_created_idx").on(t.createdAt),
    sameTenant("audit_events_user_fk", t.tenantId, t.userId, users).onDelete("set null"),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
