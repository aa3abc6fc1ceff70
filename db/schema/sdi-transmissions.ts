import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, sameTenant } from "./columns";
import { documents } from "./documents";
import { tenants } from "./tenants";
import { users } from "./users";

export const SDI_TRANSMISSION_STATES = ["In coda", "Inviata", "Errore"] as const;
export type SdiTransmissionState = (typeof SDI_TRANSMISSION_STATES)[number];

export const PEC_INBOX_OUTCOMES = ["Applicata", "Importata", "Ignorata", "Da verificare"] as const;
export type PecInboxOutcome = (typeof PEC_INBOX_OUTCOMES)[number];

/** A file kept from a message of the mailbox (the 'Da verificare' list offers it for download). */
export interface PecInboxFile {
  name: string;
  contentType: string;
  /** base64 */
  content: string;
}

/**
 * One file of a document sent to SDI through a channel (lib/sdi/channel.ts). UNIQUE (tenant, document, file name):
 * the same file is sent once by construction. The row is also the send's queue entry (db/jobs/sdi-send.ts).
 */
export const sdiTransmissions = pgTable(
  "sdi_transmissions",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    documentId: integer("document_id").notNull(),
    fileName: text("file_name").notNull(),
    /** The bytes sent (the XML, or the signed .p7m). */
    file: bytea("file").notNull(),
    channel: text("channel").notNull().default("pec"),
    state: text("state").$type<SdiTransmissionState>().notNull().default("In coda"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The provider's id of what it accepted (the PEC's Message-ID). */
    providerId: text("provider_id"),
    /** A worker sending it now holds it until then (a crashed worker's lease runs out). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdById: integer("created_by_id"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sdi_transmissions_tenant_document_file_idx").on(t.tenantId, t.documentId, t.fileName),
    index("sdi_transmissions_queued_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'In coda'`),
    sameTenant("sdi_transmissions_document_fk", t.tenantId, t.documentId, documents).onDelete("cascade"),
    sameTenant("sdi_transmissions_created_by_fk", t.tenantId, t.createdById, users).onDelete("set null"),
    check("sdi_transmissions_state_check", sql`${t.state} in ('In coda', 'Inviata', 'Errore')`),
  ],
);

/**
 * One message read from a tenant's PEC mailbox (db/jobs/sdi-mailbox.ts), written in the transaction that applies or
 * imports it: UNIQUE (tenant, message key) is the never-twice guard; 'Da verificare' rows are the user's list.
 */
export const pecInboxMessages = pgTable(
  "pec_inbox_messages",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    /** The Message-ID, else "uid:<uidvalidity>:<uid>". */
    messageKey: text("message_key").notNull(),
    uidValidity: bigint("uid_validity", { mode: "number" }),
    uid: bigint("uid", { mode: "number" }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    fromAddress: text("from_address").notNull().default(""),
    subject: text("subject").notNull().default(""),
    outcome: text("outcome").$type<PecInboxOutcome>().notNull(),
    reason: text("reason").notNull().default(""),
    files: jsonb("files").$type<PecInboxFile[]>().notNull().default([]),
    raw: bytea("raw"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("pec_inbox_messages_tenant_key_idx").on(t.tenantId, t.messageKey),
    index("pec_inbox_messages_tenant_outcome_idx").on(t.tenantId, t.outcome, t.createdAt),
    check("pec_inbox_messages_outcome_check", sql`${t.outcome} in ('Applicata', 'Importata', 'Ignorata', 'Da verificare')`),
  ],
);

export type SdiTransmission = typeof sdiTransmissions.$inferSelect;
export type PecInboxMessage = typeof pecInboxMessages.$inferSelect;
