/**
 * Allegati of any record (documents, expenses), through TenantScope: the list, the staging of an uploaded
 * file (streamed into ~1 MiB chunk rows), the save's sync of a record's list, one file read back in chunks.
 *
 * A save with new files works in two steps (lib/api/attachments.ts drives them):
 * 1. while the multipart body streams in, each new file is staged: an attachments row without owner and its
 *    chunks, each chunk inserted as soon as it is full (autocommit: no connection is held while the client is
 *    still sending, which may take minutes for 100 MB; a transaction would hold one through a pooler, and in
 *    the save's transaction also its locks: the numbering counter). Past MAX_ATTACHMENT_BYTES the staged row
 *    is deleted (its chunks cascade) and the save is a 413;
 * 2. the entity's save transaction (db/entity.ts) calls syncAttachments: saved files kept (renamed,
 *    described), left-out ones deleted, staged ones linked to the record. Whether the record's files change is
 *    decided by that transaction alone; a save that fails deletes what it staged (discardStaged), and a staged
 *    row left by a crashed process (never visible: it has no owner) is swept a day later.
 */
import "server-only";
import { and, asc, eq, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import { attachmentChunks, attachments, users, type Attachment, type AttachmentOwnerKind } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { BadRequestError, NotFoundError, PayloadTooLargeError, ValidationError } from "@/lib/errors";
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES, type AttachmentInput, type AttachmentJson } from "@/lib/schemas/attachment";

/** Bytes per chunk row: big enough that a 100 MB file is 100 inserts, small enough to hold one per request. */
export const CHUNK_BYTES = 1024 * 1024;
/** A staged file older than this has lost its request (crash, dropped connection before cleanup). */
const STAGED_MAX_AGE = "1 day";

const DEFAULT_TYPE = "application/octet-stream";
const EMPTY = Buffer.alloc(0);

/** The part's Content-Type when it is a plain type/subtype (parameters dropped), else application/octet-stream. */
export function cleanContentType(raw: string | null | undefined): string {
  const type = (raw ?? "").split(";")[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : DEFAULT_TYPE;
}

/** Who owns a list of files: the kind of record and its id. */
export interface AttachmentOwner {
  kind: AttachmentOwnerKind;
  id: number;
}

const ownedBy = (owner: AttachmentOwner) => and(eq(attachments.ownerKind, owner.kind), eq(attachments.ownerId, owner.id));

/** A record's files in upload order; `downloadUrl` gives each its webPathAttachmentFile. */
export async function listAttachments(scope: TenantScope, owner: AttachmentOwner, downloadUrl: (fileId: number) => string): Promise<AttachmentJson[]> {
  const rows = await scope
    .select({ a: attachments, firstName: users.firstName, lastName: users.lastName })
    .from(attachments)
    .leftJoin(users, eq(users.id, attachments.createdBy))
    .where(ownedBy(owner))
    .orderBy(asc(attachments.id));
  return rows.map(({ a, firstName, lastName }) => ({
    id: a.id,
    version: a.version,
    name: a.name,
    description: a.description,
    size: a.size,
    contentType: a.contentType,
    created: a.createdAt.toISOString(),
    createdBy: a.createdBy === null ? null : [firstName, lastName].filter(Boolean).join(" ") || null,
    webPathAttachmentFile: downloadUrl(a.id),
  }));
}

/** A file being uploaded: its part's name and type, and its bytes as they arrive. */
export interface IncomingFile {
  name: string;
  contentType: string | null;
  body: AsyncIterable<Uint8Array>;
}

/** A staged file: stored, not yet anybody's (syncAttachments links it). */
export interface StagedFile {
  id: number;
  size: number;
}

/** Deletes this tenant's staged files whose request is long gone. */
export async function sweepStaged(scope: TenantScope): Promise<number> {
  return scope.deleteWhere(attachments, and(isNull(attachments.ownerId), lt(attachments.createdAt, sql`now() - ${STAGED_MAX_AGE}::interval`)));
}

/**
 * Streams `file` into chunk rows of a new staged attachment of `kind`. Holds one chunk in memory. Past
 * `maxBytes` (default 100 MB) nothing stays: the staged row goes (chunks cascade) and a 413 'File troppo
 * grande' is thrown; any other failure (the client went away) also leaves nothing.
 */
export async function stageAttachment(scope: TenantScope, kind: AttachmentOwnerKind, file: IncomingFile, maxBytes = MAX_ATTACHMENT_BYTES): Promise<StagedFile> {
  const row = await scope.insert(attachments, {
    ownerKind: kind,
    ownerId: null,
    name: file.name.slice(0, 255) || "file",
    contentType: cleanContentType(file.contentType),
    createdBy: scope.actor?.userId ?? null,
  });
  let size = 0;
  let seq = 0;
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let filled = 0;
  const flush = async () => {
    if (filled === 0) return;
    // the last chunk is cut to its length (a copy of at most one chunk, the rest were full)
    const data = filled === CHUNK_BYTES ? chunk : Buffer.from(chunk.subarray(0, filled));
    // insert() answers the whole row, which would send the megabyte back: the row is inserted empty and the bytes
    // set by updateWhere (which answers ids only). Measured on PostgreSQL: 16 ms a chunk instead of 26 (PGlite 250 / 380).
    const { id } = await scope.insert(attachmentChunks, { attachmentId: row.id, seq: seq++, data: EMPTY });
    await scope.updateWhere(attachmentChunks, eq(attachmentChunks.id, id), { data });
    chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    filled = 0;
  };
  try {
    for await (const piece of file.body) {
      size += piece.byteLength;
      if (size > maxBytes) throw new PayloadTooLargeError(ATTACHMENT_MESSAGES.tooBig);
      for (let at = 0; at < piece.byteLength; ) {
        const n = Math.min(CHUNK_BYTES - filled, piece.byteLength - at);
        chunk.set(piece.subarray(at, at + n), filled);
        filled += n;
        at += n;
        if (filled === CHUNK_BYTES) await flush();
      }
    }
    await flush();
    await scope.updateWhere(attachments, eq(attachments.id, row.id), { size });
    return { id: row.id, size };
  } catch (err) {
    await scope.deleteWhere(attachments, eq(attachments.id, row.id)).catch(() => {});
    throw err;
  }
}

/** Deletes staged files of a save that did not happen (linked ones are never touched). */
export async function discardStaged(scope: TenantScope, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await scope.deleteWhere(attachments, and(inArray(attachments.id, [...ids]), isNull(attachments.ownerId)));
}

/**
 * Inside the save's transaction: makes the owner's files the `list` the form sent. Saved files (id) must be
 * the owner's (400 otherwise) and take the list's name and description; new ones (no id) take the staged file
 * uploaded for their index (400 without one); saved files left out are deleted. `list` undefined leaves the
 * files as they are. On a new record, ids are ignored (they are another record's: a copy does not take files).
 */
export async function syncAttachments(
  tx: TenantScope,
  owner: AttachmentOwner,
  list: readonly AttachmentInput[] | undefined,
  staged: ReadonlyMap<number, StagedFile>,
  isNew: boolean,
): Promise<void> {
  if (list === undefined) {
    if (staged.size > 0) throw new BadRequestError(ATTACHMENT_MESSAGES.unexpectedPart("filesContent"));
    return;
  }
  for (const index of staged.keys()) {
    const entry = list[index];
    if (!entry || (entry.id !== undefined && !isNew)) throw new BadRequestError(ATTACHMENT_MESSAGES.unexpectedPart(`filesContent[${index}]`));
  }
  const existing = isNew ? [] : await tx.list(attachments, { where: ownedBy(owner) });
  const byId = new Map(existing.map((a) => [a.id, a]));
  const keep = new Set<number>();
  for (const [index, entry] of list.entries()) {
    if (entry.id !== undefined && !isNew) {
      const saved = byId.get(entry.id);
      if (!saved || keep.has(entry.id)) throw new ValidationError([ATTACHMENT_MESSAGES.foreign]);
      keep.add(entry.id);
      if (saved.name !== entry.name || saved.description !== entry.description) {
        await tx.update(attachments, saved.id, undefined, { name: entry.name, description: entry.description });
      }
      continue;
    }
    const upload = staged.get(index);
    if (entry.id !== undefined && !upload) continue; // a copy's saved file: not taken
    if (!upload) throw new ValidationError([ATTACHMENT_MESSAGES.missingContent(entry.name)]);
    const linked = await tx.updateWhere(attachments, and(eq(attachments.id, upload.id), eq(attachments.ownerKind, owner.kind), isNull(attachments.ownerId)), {
      ownerId: owner.id,
      name: entry.name,
      description: entry.description,
    });
    if (linked.length !== 1) throw new ValidationError([ATTACHMENT_MESSAGES.missingContent(entry.name)]);
    keep.add(upload.id);
  }
  if (!isNew) await tx.deleteWhere(attachments, and(ownedBy(owner), keep.size ? notInArray(attachments.id, [...keep]) : undefined));
}

/** Deletes every file of a record (its delete, in the same transaction). */
export async function deleteAttachments(tx: TenantScope, owner: AttachmentOwner): Promise<number> {
  return tx.deleteWhere(attachments, ownedBy(owner));
}

/** One stored file, its bytes read on demand chunk by chunk (in order). */
export interface StoredFile {
  attachment: Attachment;
  chunks(): AsyncGenerator<Buffer>;
}

/**
 * The file `fileId` of `owner`: a missing id, another tenant's, another record's or a staged one is a 404
 * ('File non trovato'). The bytes are not read here: `chunks()` yields them one query per chunk, so a
 * download holds one chunk at a time. A file deleted while it is being read ends the stream with an error.
 */
export async function readAttachment(scope: TenantScope, owner: AttachmentOwner, fileId: number): Promise<StoredFile> {
  const attachment = await scope.find(attachments, fileId, ownedBy(owner));
  if (!attachment) throw new NotFoundError(ATTACHMENT_MESSAGES.notFound);
  const count = Math.ceil(attachment.size / CHUNK_BYTES);
  return {
    attachment,
    async *chunks() {
      let read = 0;
      for (let seq = 0; seq < count; seq++) {
        const [row] = await scope
          .select({ data: attachmentChunks.data })
          .from(attachmentChunks)
          .where(eq(attachmentChunks.attachmentId, attachment.id), eq(attachmentChunks.seq, seq));
        if (!row) throw new NotFoundError(ATTACHMENT_MESSAGES.notFound);
        read += row.data.byteLength;
        yield row.data;
      }
      if (read !== attachment.size) throw new Error(`allegato ${attachment.id}: ${read} byte letti invece di ${attachment.size}`);
    },
  };
}
