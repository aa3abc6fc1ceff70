/**
 * The audit log of security events (issue 29): logins ok and failed (with the typed address), logout, password change
 * and reset, two-factor on/off and recovery codes, role changes, users disabled/enabled/invited, grid exports, licence
 * and settings changes. Each event is written by recordAuditEvent in the transaction of the change it records; the
 * admin reads them in Impostazioni › Sicurezza (/sicurezza, GET /api/audit-events: the grid list contract and its
 * export). A failed login is recorded only when the typed address is a user's (the log is a tenant's, and an unknown
 * address has none); an attempt refused by the throttle before any check is not recorded. Kept 12 months: purgeOldAuditEvents, run daily by the audit-purge job (db/jobs/).
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { auditEvents, users, type AuditEventType, type Role } from "@/db/schema";
import { defineGrid } from "@/lib/grid/define";
import { AUDIT_EVENT_LABELS } from "@/lib/schemas/audit-event";
import type { Db } from "../client";
import { lit, TenantScope } from "../scope";

export { AUDIT_EVENT_LABELS, AUDIT_EVENT_TYPES, type AuditEventType } from "@/lib/schemas/audit-event";

export interface AuditEventInput {
  event: AuditEventType;
  /** Who acted; through a scope it defaults to the scope's actor. null: nobody known (a failed login). */
  userId?: number | null;
  /** What the event concerned, in words. */
  detail?: string;
  /** The e-mail address concerned (typed at a login, or the user an admin changed). */
  address?: string | null;
  /** The client's address; through a scope it defaults to the request's (the scope's actor). */
  ip?: string | null;
}

/**
 * Records a security event in the caller's transaction, so it is committed or rolled back with the change it
 * records. Through a TenantScope (route handlers, the data layer) the tenant is the scope's; through the raw
 * database (the public account flows of db/queries/accounts.ts, which find the tenant from a credential) the
 * caller names it.
 */
export async function recordAuditEvent(tx: TenantScope, e: AuditEventInput): Promise<void>;
export async function recordAuditEvent(tx: Db, e: AuditEventInput & { tenantId: number }): Promise<void>;
export async function recordAuditEvent(tx: TenantScope | Db, e: AuditEventInput & { tenantId?: number }): Promise<void> {
  const row = {
    event: e.event,
    detail: (e.detail ?? "").slice(0, 1000),
    address: e.address?.slice(0, 320) ?? null,
    ip: e.ip?.slice(0, 100) ?? null,
  };
  if (tx instanceof TenantScope) {
    await tx.insert(auditEvents, { ...row, ip: e.ip === undefined ? (tx.actor?.address?.slice(0, 100) ?? null) : row.ip, userId: e.userId === undefined ? (tx.actor?.userId ?? null) : e.userId });
    return;
  }
  if (e.tenantId === undefined) throw new Error("evento di sicurezza senza tenant");
  await tx.insert(auditEvents).values({ ...row, tenantId: lit(e.tenantId) as unknown as number, userId: e.userId ?? null });
}

/** Who reads the audit log. */
export const AUDIT_EVENTS_ROLE: Role = "ROLE_ADMIN";

/** How long events are kept. */
export const AUDIT_RETENTION_MONTHS = 12;

/** The event in words (a CASE over the code's own labels: no request text reaches it). */
const eventLabelSql = sql<string>`case ${auditEvents.event} ${sql.raw(
  Object.entries(AUDIT_EVENT_LABELS)
    .map(([k, v]) => `when '${k}' then '${v.replaceAll("'", "''")}'`)
    .join(" "),
)} else ${auditEvents.event} end`;

const userLabelSql = sql<string>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** Sicurezza grid (GET /api/audit-events): the tenant's events, newest first. */
export const auditEventsGrid = defineGrid({
  name: "audit-events",
  table: auditEvents,
  defaultSort: [
    { colId: "createdAt", sort: "desc" },
    { colId: "id", sort: "desc" },
  ],
  exportFileName: "registro-sicurezza",
  joins: [{ table: users, on: eq(auditEvents.userId, users.id) }],
  columns: [
    { field: "id", header: "Id", type: "integer", sql: auditEvents.id, hidden: true, width: 80 },
    { field: "createdAt", header: "Data", type: "datetime", sql: auditEvents.createdAt, fixed: true, width: 150, phone: "secondary" },
    { field: "event", header: "Evento", type: "text", sql: eventLabelSql, searchable: true, fixed: true, width: 230, phone: "title" },
    {
      field: "user",
      header: "Utente",
      type: "entity",
      sql: auditEvents.userId,
      label: sql<string>`coalesce(${userLabelSql}, ${users.email})`,
      optionsUrl: "/api/users/get-filtered-list",
      searchable: true,
      width: 170,
    },
    { field: "address", header: "Indirizzo", type: "text", sql: auditEvents.address, searchable: true, width: 210 },
    { field: "ip", header: "IP", type: "text", sql: auditEvents.ip, searchable: true, width: 130 },
    { field: "detail", header: "Dettaglio", type: "text", sql: auditEvents.detail, searchable: true, width: 320 },
  ],
});

/**
 * Deletes every tenant's events older than AUDIT_RETENTION_MONTHS (a platform task, not a tenant's: the job runs it
 * once a day); returns how many.
 */
export async function purgeOldAuditEvents(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .delete(auditEvents)
    .where(sql`${auditEvents.createdAt} < ${now.toISOString()}::timestamptz - make_interval(months => ${sql.raw(String(AUDIT_RETENTION_MONTHS))})`)
    .returning({ id: auditEvents.id });
  return rows.length;
}
