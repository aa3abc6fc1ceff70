/**
 * Server-side sessions (db/schema/auth.ts): created at login, read by the guard through the
 * per-process cache (lib/auth/session-cache.ts), ended by logout, password changes, disabling a user,
 * role changes and idleness. Platform rows: the session id itself is the credential, so these
 * queries find the tenant from it, never from caller input.
 */
import "server-only";
import crypto from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, tenants, users, type Role } from "@/db/schema";
import { recordAuditEvent } from "./audit-events";

/** Absolute life of a session (also the cookie's), whatever the activity. */
export const SESSION_MAX_AGE_S = 60 * 60 * 12;

/** Inactivity after which a session ends (SESSION_IDLE_MINUTES, default 8 hours). */
export function idleTimeoutMs(): number {
  const minutes = Number(process.env.SESSION_IDLE_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 8 * 60) * 60_000;
}

/** last_seen_at is written at most this often per session (idle detection needs no finer grain). */
export const TOUCH_INTERVAL_MS = 60_000;

export type RevokeReason = "logout" | "password" | "disabled" | "roles" | "idle" | "expired";

/** The user behind a live session, as every guarded call sees it. */
export interface SessionUser {
  sessionId: string;
  lastSeenAt: number;
  expiresAt: number;
  revoked: boolean;
  id: number;
  tenantId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  color: string;
  roles: Role[];
  version: number;
  disabled: boolean;
  /** users.platform_operator: the operator's calls (app/api/platform/_lib/operator.ts). */
  platformOperator: boolean;
  /** users.two_factor_enabled_at is set: the shell's two-factor notice (components/shell/two-factor-notice.tsx). */
  twoFactorOn: boolean;
  tenant: { id: number; denomination: string; demo: boolean; hasLogo: boolean; expireDate: string; isFree: boolean; twoFactorRequired: boolean };
}

export async function createSession(
  db: Db,
  user: { id: number; tenantId: number },
  meta: { clientAddress?: string | null; userAgent?: string | null; login?: string } = {},
): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  // the session and its 'Accesso riuscito' in the audit log: one transaction
  await db.transaction(async (tx0) => {
    const tx = tx0 as unknown as Db;
    await tx.insert(sessions).values({
      id,
      tenantId: user.tenantId,
      userId: user.id,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
      clientAddress: meta.clientAddress?.slice(0, 100) ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    await recordAuditEvent(tx, { tenantId: user.tenantId, userId: user.id, event: "login_ok", address: meta.login ?? null, ip: meta.clientAddress });
  });
  return id;
}

/** One query: the session with its user and tenant, or null when the id is unknown. */
export async function loadSession(db: Db, sessionId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      s: { id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt },
      u: {
        id: users.id,
        tenantId: users.tenantId,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        color: users.color,
        roles: users.roles,
        version: users.version,
        disabled: users.disabled,
        platformOperator: users.platformOperator,
        twoFactorOn: sql<boolean>`${users.twoFactorEnabledAt} is not null`,
      },
      t: {
        id: tenants.id,
        denomination: tenants.denomination,
        demo: tenants.demo,
        hasLogo: sql<boolean>`${tenants.logoThumb} is not null`,
        expireDate: tenants.expireDate,
        isFree: tenants.isFree,
        twoFactorRequired: tenants.twoFactorRequired,
      },
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.tenantId, sessions.tenantId)))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(sessions.id, sessionId));
  if (!row) return null;
  return {
    sessionId: row.s.id,
    lastSeenAt: row.s.lastSeenAt.getTime(),
    expiresAt: row.s.expiresAt.getTime(),
    revoked: row.s.revokedAt !== null,
    ...row.u,
    twoFactorOn: Boolean(row.u.twoFactorOn),
    tenant: { ...row.t, hasLogo: Boolean(row.t.hasLogo) },
  };
}

export async function touchSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends a live session; returns whose it was (undefined when it was unknown or already ended). */
export async function revokeSession(db: Db, sessionId: string, reason: RevokeReason): Promise<{ tenantId: number; userId: number } | undefined> {
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ tenantId: sessions.tenantId, userId: sessions.userId });
  return ended;
}

/** Ends every live session of a user, except `keepSessionId` (the one changing its own password). */
export async function revokeUserSessions(db: Db, userId: number, reason: RevokeReason, keepSessionId?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Housekeeping: sessions ended or expired more than a week ago. */
export async function deleteOldSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`coalesce(${sessions.revokedAt}, ${sessions.expiresAt}) < now() - interval '7 days'`);
}
