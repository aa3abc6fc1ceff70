/**
 * Emptying a tenant of its business data (the nightly demo restore, db/jobs/demo-restore.ts): every row of every
 * table that carries tenant_id (ARCHITECTURE: every business table does), children before the tables they point
 * at, except the tables below. The order comes from PostgreSQL's own catalogue of foreign keys, so a table added
 * later is emptied too without a list to keep up to date.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { rawRows } from "@/lib/grid/query";
import type { TenantScope } from "@/db/scope";

/**
 * What stays: the tenant itself, its users (their logins, passwords and sessions: a visitor's session survives the
 * restore), the password links, the mail outbox and the audit log (records of what was sent and done, kept for
 * their own time), and the licence orders (the vendor's).
 */
export const KEPT_TENANT_TABLES: readonly string[] = ["tenants", "users", "sessions", "password_tokens", "mail_outbox", "audit_events", "subscription_orders"];

/** The tenant's tables to empty, each after every table that references it (self-references aside: one statement deletes those). */
async function tablesInDeleteOrder(scope: TenantScope): Promise<string[]> {
  const tables = (
    await rawRows(scope.platform, sql`select c.relname as name from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition and a.attname = 'tenant_id' and not a.attisdropped`)
  )
    .map((r) => String(r.name))
    .filter((t) => !KEPT_TENANT_TABLES.includes(t));
  const references = (
    await rawRows(scope.platform, sql`select child.relname as child, parent.relname as parent from pg_constraint k
      join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = current_schema() and k.conrelid <> k.confrelid`)
  ).map((r) => ({ child: String(r.child), parent: String(r.parent) }));
  const left = new Set(tables);
  const order: string[] = [];
  while (left.size > 0) {
    // a table goes once no table still to be emptied points at it
    const free = [...left].filter((t) => !references.some((r) => r.parent === t && r.child !== t && left.has(r.child)));
    if (free.length === 0) throw new Error(`Riferimenti circolari tra le tabelle: ${[...left].join(", ")}`);
    for (const t of free.sort()) {
      order.push(t);
      left.delete(t);
    }
  }
  return order;
}

/** Deletes every business row of the scope's tenant (call it inside a transaction: all or nothing); returns the rows deleted per table. */
export async function deleteTenantBusinessData(scope: TenantScope): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const table of await tablesInDeleteOrder(scope)) {
    const [row] = await rawRows(scope.platform, sql`with gone as (delete from ${sql.identifier(table)} where tenant_id = ${scope.tenantId} returning 1) select count(*)::int as n from gone`);
    if (Number(row?.n) > 0) deleted[table] = Number(row!.n);
  }
  return deleted;
}
