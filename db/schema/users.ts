import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, version, tenantKey } from "./columns";
import { tenants } from "./tenants";

import type { Role } from "@/lib/schemas/roles";

export { ROLES, type Role } from "@/lib/schemas/roles";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    /** Login name: the e-mail for ordinary accounts, a short name for the demo. Stored lower-case. */
    username: text("username").notNull(),
    email: text("email").notNull(),
    /** argon2id; null until an invited user sets a password. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    color: text("color").notNull().default("#7c3aed"),
    roles: jsonb("roles").$type<Role[]>().notNull().default(sql`'["ROLE_USER"]'::jsonb`),
    version: version(),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** A disabled user cannot log in and every session of theirs ends at once. */
    disabled: boolean("disabled").notNull().default(false),
    /** Secret of the user's calendar feed (/api/calendar/{token}.ics); null until generated, replaced by 'Rigenera'. */
    calendarToken: text("calendar_token"),
    /**
     * Platform operator (confirms every tenant's subscription transfers): granted and revoked only by
     * `npm run operator -- grant|revoke EMAIL` (scripts/operator.ts), never by an e-mail match or configuration.
     */
    platformOperator: boolean("platform_operator").notNull().default(false),
    /** When the user proved the address (the sign-up's confirmation link, or a reset or invitation link); null until then. */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    /** Two-factor login (lib/auth/two-factor.ts, migration 0036): the base32 TOTP secret, pending until enabled. */
    twoFactorSecret: text("two_factor_secret"),
    /** When two-factor login was turned on; not null = every login asks for a code. */
    twoFactorEnabledAt: timestamp("two_factor_enabled_at", { withTimezone: true }),
    /** SHA-256 hex of the unused single-use recovery codes. */
    twoFactorRecoveryCodes: jsonb("two_factor_recovery_codes").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** TOTP time step of the last accepted code: a code is accepted once. */
    twoFactorLastStep: integer("two_factor_last_step"),
  },
  (t) => [
    // login by username or e-mail, across tenants
    uniqueIndex("users_username_key").on(t.username),
    uniqueIndex("users_email_key").on(t.email),
    // the feed finds its user by the token alone
    uniqueIndex("users_calendar_token_key").on(t.calendarToken),
    // user lists of a tenant
    index("users_tenant_idx").on(t.tenantId),
    tenantKey("users_tenant_id_key", t),
  ],
);

export type User = typeof users.$inferSelect;
