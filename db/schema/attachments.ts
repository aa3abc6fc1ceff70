import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, sameTenant, tenantKey, version } from "./columns";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * Who may own attachments: a sales document (issue 11), a purchase invoice (issue 12: its Allegati), and a purchase
 * invoice's received e-invoice files (the XML and its signed original, pointed at by expenses.xml_attachment_id /
 * original_attachment_id; a kind of their own so they never show among, nor are replaced by, the Allegati list).
 */
export const ATTACHMENT_OWNER_KINDS = ["document", "expense", "expense_einvoice"] as const;
export type AttachmentOwnerKind = (typeof ATTACHMENT_OWNER_KINDS)[number];

/**
 * Allegati of any record (spec §3 Attachment), stored in PostgreSQL so every app instance serves them
 * (nothing on an instance's disk).
 *
 * The bytes are not a column of this row but rows of `attachment_chunks` (~1 MiB each, see
 * db/queries/attachments.ts CHUNK_BYTES), for the memory of a 100 MB file (spec §9) on its way in and out:
 * - in: the multipart stream is read part by part and each chunk is inserted as soon as it is full, so a
 *   request holds one chunk, never the file (a single bytea would need the whole value in one parameter,
 *   and appending to it rewrites the value each time: quadratic);
 * - out: the download reads the chunks in order, one query each, and streams their base64 into the answer;
 * - PostgreSQL's own limit on one value (1 GB, and a text protocol doubling it) never comes near.
 * Large objects (lo_*) would also stream, but live outside the tenant's rows (no tenant_id, no cascade, no
 * foreign key, vacuumlo for orphans); chunk rows carry tenant_id, cascade with their attachment, and are
 * read and written through TenantScope like everything else.
 *
 * The owner is polymorphic (owner_kind, owner_id): one store serves documents and expenses. So no foreign
 * key can point at the owner; the owner's entity deletes its attachments in the transaction that deletes it
 * (db/entity.ts), and the tenant's deletion cascades. owner_id is null while a file is staged: written
 * during the upload, before the save's transaction links it (or a failed save deletes it; one left by a
 * crashed process is swept after a day).
 */
export const attachments = pgTable(
  "attachments",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    ownerKind: text("owner_kind").$type<AttachmentOwnerKind>().notNull(),
    /** The owning record's id; null while staged (upload in progress, save not committed). */
    ownerId: integer("owner_id"),
    name: text("name").notNull(),
    contentType: text("content_type").notNull().default("application/octet-stream"),
    /** Bytes, the sum of the chunks' lengths. */
    size: bigint("size", { mode: "number" }).notNull().default(0),
    description: text("description").notNull().default(""),
    createdBy: integer("created_by"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // a record's files in upload order (list, the save's keep/delete)
    index("attachments_tenant_owner_idx").on(t.tenantId, t.ownerKind, t.ownerId, t.id),
    // the sweep of staged files left by a crashed upload
    index("attachments_tenant_staged_idx").on(t.tenantId, t.createdAt).where(sql`${t.ownerId} is null`),
    tenantKey("attachments_tenant_id_key", t),
    sameTenant("attachments_created_by_fk", t.tenantId, t.createdBy, users).onDelete("set null"),
    check("attachments_owner_kind_check", sql`${t.ownerKind} in ('document', 'expense', 'expense_einvoice')`),
    check("attachments_size_check", sql`${t.size} >= 0`),
  ],
);

/** The bytes of an attachment, in order (seq 0, 1, …); they go with their attachment. */
export const attachmentChunks = pgTable(
  "attachment_chunks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    attachmentId: integer("attachment_id").notNull(),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [
    // the download reads the chunks in this order; one chunk per position
    uniqueIndex("attachment_chunks_attachment_seq_key").on(t.tenantId, t.attachmentId, t.seq),
    sameTenant("attachment_chunks_attachment_fk", t.tenantId, t.attachmentId, attachments).onDelete("cascade"),
  ],
);

export type Attachment = typeof attachments.$inferSelect;
