import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { tenants } from "./tenants";
import { users } from "./users";

/** Single-use links: password reset (1 hour) and invitation (7 days). Only the SHA-256 of the token is kept. */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"reset" | "invite">().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_tokens_user_idx").on(t.tenantId, t.userId)],
);

/** Failed logins per login name, to slow down guessing. */
export const loginAttempts = pgTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull().defaultNow(),
});

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
    provider: text("provider").notNull(),
    providerId: text("provider_id"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_tenant_idx").on(t.tenantId, t.createdAt)],
);
