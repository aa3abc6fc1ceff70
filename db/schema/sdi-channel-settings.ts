import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea } from "./columns";
import { tenants } from "./tenants";
import { DEFAULT_SDI_ADDRESS } from "@/lib/schemas/sdi-channel";

export { DEFAULT_SDI_ADDRESS } from "@/lib/schemas/sdi-channel";

/**
 * Impostazioni › Fatturazione elettronica (issue 31): the tenant's PEC mailbox (SMTP to send, IMAP to read), the SDI
 * address to send to and the signing certificate. One row per tenant. The *_password columns hold values sealed by
 * lib/crypto/secret-box.ts, never plain text; no API returns them (db/queries/sdi-channel-settings.ts).
 */
export const sdiChannelSettings = pgTable(
  "sdi_channel_settings",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    pecAddress: text("pec_address").notNull().default(""),
    smtpHost: text("smtp_host").notNull().default(""),
    smtpPort: integer("smtp_port").notNull().default(465),
    smtpSecure: boolean("smtp_secure").notNull().default(true),
    smtpUser: text("smtp_user").notNull().default(""),
    /** Sealed (secret box). */
    smtpPassword: text("smtp_password"),
    imapHost: text("imap_host").notNull().default(""),
    imapPort: integer("imap_port").notNull().default(993),
    imapSecure: boolean("imap_secure").notNull().default(true),
    imapUser: text("imap_user").notNull().default(""),
    /** Sealed (secret box). */
    imapPassword: text("imap_password"),
    sdiAddress: text("sdi_address").notNull().default(DEFAULT_SDI_ADDRESS),
    /** The PKCS#12 file as uploaded. */
    certificate: bytea("certificate"),
    /** Sealed (secret box). */
    certificatePassword: text("certificate_password"),
    certificateSubject: text("certificate_subject"),
    certificateExpiresAt: timestamp("certificate_expires_at", { withTimezone: true }),
    certificateUploadedAt: timestamp("certificate_uploaded_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one row per tenant: the upsert's conflict target
    uniqueIndex("sdi_channel_settings_tenant_idx").on(t.tenantId),
    check("sdi_channel_settings_ports_check", sql`"smtp_port" between 1 and 65535 and "imap_port" between 1 and 65535`),
    check("sdi_channel_settings_certificate_check", sql`("certificate" is null) = ("certificate_password" is null)`),
  ],
);

export type SdiChannelSettingsRow = typeof sdiChannelSettings.$inferSelect;
