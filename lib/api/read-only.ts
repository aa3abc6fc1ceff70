/**
 * An expired tenant becomes read-only (issue 29): once the expiry and EXPIRY_GRACE_DAYS (15) are over, every call
 * that changes data answers 402 'Abbonamento scaduto: rinnova da /acquista', while lists, documents, PDF/XML downloads
 * and exports (GET) keep working. The one guard (lib/api/route.ts `guarded`) asks here for every method but GET/HEAD,
 * so no route can forget it. Public flows (login, sign-up, password links, e-mail confirmation), logout and the
 * platform operator's calls do not go through `guarded` and are not concerned.
 *
 * Renewal restores writing at once: the tenant row the guard sees comes from the session cache, which a change of
 * the tenant empties through PostgreSQL's notification; and a refusal is decided by the database's row, read again,
 * so a save right after the operator's confirmation never meets a cached expiry.
 */
import "server-only";
import type { TenantScope } from "@/db/scope";
import type { CurrentUser } from "@/lib/auth/current-user";
import { PaymentRequiredError } from "@/lib/errors";
import { EXPIRED_READ_ONLY, isReadOnlyExpiry } from "@/lib/subscription";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Non-GET calls a read-only tenant may still make (a path, or a path and everything under it), and why:
 * - buying the renewal: /api/subscription/orders (the order; the operator's confirmation is not a tenant's call);
 * - the user's own account and its security: the password, the profile, two-factor login, disabling a user who
 *   left, a new address for the calendar feed (the old one stops working);
 * - marking notifications read (the user's view of them, no business data);
 * - POST calls that write nothing: the form's computed fields, the FatturaPA file and the XML zip (downloads), the
 *   contact import's preview.
 */
export const WRITABLE_WHEN_EXPIRED: readonly string[] = [
  "/api/subscription/orders",
  "/api/users/change-my-password",
  "/api/users/set-profile",
  "/api/users/two-factor",
  "/api/users/disable",
  "/api/calendar/regenerate-token",
  "/api/notifications/read",
  "/api/invoices/get-calculated-fields",
  "/api/expenses/get-calculated-fields",
  "/api/invoices/download-electronic-invoice-xml",
  "/api/invoices/download-xml-zip",
  "/api/contacts/import/preview",
];

/** Whether `pathname` is one of the exempt calls (the path itself or under it, never a prefix of a segment). */
export function isWritableWhenExpired(pathname: string): boolean {
  return WRITABLE_WHEN_EXPIRED.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** 402 for a call that would change the data of a tenant past its expiry and grace. */
export async function assertTenantWritable(method: string, pathname: string, user: CurrentUser, scope: TenantScope): Promise<void> {
  if (READS.has(method) || !isReadOnlyExpiry(user.tenant.expireDate) || isWritableWhenExpired(pathname)) return;
  // the cached row may predate a renewal whose notification is still on its way: the database decides
  if (isReadOnlyExpiry((await scope.getTenant()).expireDate)) throw new PaymentRequiredError(EXPIRED_READ_ONLY);
}
