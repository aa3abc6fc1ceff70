import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, sameTenant } from "./columns";
import { documents } from "./documents";
import { tenants } from "./tenants";
import { users } from "./users";

import type { SdiState } from "../../lib/schemas/invoice";

export type { SdiState };

export type SdiEventType = "RC" | "NS" | "MC" | "NE" | "DT" | "AT";
export type SdiSignatureResult = "valida" | "non valida" | "assente";

/** An NS error as stored: SDI's code, Descrizione and Suggerimento, and our plain-Italian explanation. */
export interface StoredSdiError {
  code: string;
  description: string;
  suggestion?: string;
  explanation: string;
}

/**
 * The SDI messages applied to a document (migration 0039), with the file itself. UNIQUE (tenant, document, type,
 * IdentificativoSdI, MessageId): the same receipt applied twice is a no-op.
 */
export const documentSdiEvents = pgTable(
  "document_sdi_events",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    documentId: integer("document_id").notNull(),
    type: text("type").$type<SdiEventType>().notNull(),
    /** The receipt's own file name (IT…_RC_001.xml, or as uploaded). */
    fileName: text("file_name").notNull(),
    /** NomeFile: the transmitted file it is about. */
    transmittedFileName: text("transmitted_file_name").notNull(),
    identificativoSdi: text("identificativo_sdi").notNull(),
    messageId: text("message_id").notNull(),
    /** DataOraRicezione (or the receipt's own date), null where the type has none. */
    messageDate: timestamp("message_date", { withTimezone: true }),
    /** NE: EC01 / EC02. */
    esito: text("esito"),
    signatureResult: text("signature_result").$type<SdiSignatureResult>().notNull(),
    signatureDetail: text("signature_detail").notNull().default(""),
    errors: jsonb("errors").$type<StoredSdiError[]>().notNull().default(sql`'[]'::jsonb`),
    file: bytea("file").notNull(),
    via: text("via").$type<"upload" | "pec">().notNull(),
    /** The document's SDI state after this message (unchanged when the message could not move it). */
    sdiStateAfter: text("sdi_state_after").$type<SdiState>(),
    userId: integer("user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("document_sdi_events_receipt_key").on(t.tenantId, t.documentId, t.type, t.identificativoSdi, t.messageId),
    index("document_sdi_events_tenant_document_idx").on(t.tenantId, t.documentId, t.createdAt),
    index("document_sdi_events_tenant_file_idx").on(t.tenantId, t.transmittedFileName),
    sameTenant("document_sdi_events_document_fk", t.tenantId, t.documentId, documents).onDelete("cascade"),
    sameTenant("document_sdi_events_user_fk", t.tenantId, t.userId, users).onDelete("set null"),
    check("document_sdi_events_type_check", sql`${t.type} in ('RC', 'NS', 'MC', 'NE', 'DT', 'AT')`),
    check("document_sdi_events_signature_check", sql`${t.signatureResult} in ('valida', 'non valida', 'assente')`),
    check("document_sdi_events_via_check", sql`${t.via} in ('upload', 'pec')`),
  ],
);

export type DocumentSdiEvent = typeof documentSdiEvents.$inferSelect;
