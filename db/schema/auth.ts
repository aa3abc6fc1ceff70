import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, sameTenant } from "./columns";
import { tenants } from "./tenants";
import { users } from "./users";

/** Single-use links: password reset (1 hour) and invitation (7 days). Only the SHA-256 of the token is kept. */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    kind: text("kind").$type<"reset" | "invite" | "confirm">().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_tokens_user_idx").on(t.tenantId, t.userId), sameTenant("password_tokens_user_fk", t.tenantId, t.userId, users).onDelete("cascade")],
);

/** Failed logins per login name, to slow down guessing. */
export const loginAttempts = pgTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An attachment as the outbox keeps it: its bytes too, since the outbox is the mail itself for tests and tenants without a key. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  contentBase64: string;
}

/** Every message the product sends; with no RESEND_API_KEY this table is the outbox. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    cc: text("cc").array().notNull().default(sql`'{}'::text[]`),
    bcc: text("bcc").array().notNull().default(sql`'{}'::text[]`),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    provider: text("provider").notNull(),
    providerId: text("provider_id"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_tenant_idx").on(t.tenantId, t.createdAt)],
);

/**
 * Server-side sessions: the session cookie (an Auth.js JWT) carries only this row's id, so a session
 * can end before its token expires — logout, a password change or reset, a disabled user, a role
 * change, or idleness. The guard reads the row (through a per-process cache invalidated by
 * PostgreSQL notifications, lib/auth/session-cache.ts) on every call.
 */
export const sessions = pgTable(
  "sessions",
  {
    /** Random 256-bit id (base64url). */
    id: text("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    createdAt: createdAt(),
    /** Last authenticated call, written at most once a minute (idle timeout). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Why it ended: logout, password, disabled, roles, idle, expired. */
    revokedReason: text("revoked_reason"),
    clientAddress: text("client_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    // "end every session of this user" (password change, disable, role change)
    index("sessions_user_idx").on(t.userId),
    sameTenant("sessions_user_fk", t.tenantId, t.userId, users).onDelete("cascade"),
  ],
);

export type Session = typeof sessions.$inferSelect;

/**
 * Fixed-window counters for the limits that protect the public flows (login failures per client
 * address, password-reset and sign-up requests, wrong link tokens): one row per key, shared by every
 * app instance (lib/auth/rate-limit.ts).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  hits: integer("hits").notNull().default(0),
});
