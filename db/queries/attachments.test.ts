import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { attachmentChunks, attachments, vatRates } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { ApiError, NotFoundError, PayloadTooLargeError } from "@/lib/errors";
import { contactSchema } from "@/lib/schemas/contact";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { createTenantWithAdmin } from "./accounts";
import { CHUNK_BYTES, discardStaged, readAttachment, stageAttachment, sweepStaged, type StagedFile } from "./attachments";
import { contactEntity } from "./contacts";
import { duplicateDocument } from "@/db/documents/copy";
import { invoiceEntity } from "@/db/documents/entity";
import { TenantScope } from "../scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

/** `bytes` as pieces of uneven sizes, as a request body arrives. */
async function* pieces(bytes: Buffer, sizes = [1, 7_000, 65_536, 300_001]): AsyncGenerator<Uint8Array> {
  for (let at = 0, i = 0; at < bytes.byteLength; i++) {
    const n = sizes[i % sizes.length]!;
    yield bytes.subarray(at, at + n);
    at += n;
  }
}

const file = (name: string, bytes: Buffer, contentType: string | null = "application/pdf") => ({ name, contentType, body: pieces(bytes) });

async function readAll(scope: TenantScope, owner: { kind: "document"; id: number }, fileId: number): Promise<Buffer> {
  const stored = await readAttachment(scope, owner, fileId);
  const parts: Buffer[] = [];
  for await (const c of stored.chunks()) parts.push(c);
  return Buffer.concat(parts);
}

describe.each(kinds)("attachments in chunk rows on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let customer: { id: number };
  let vat22: { id: number };

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "att");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Alfa", email: `aa-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: `ab-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT"] });
    const c = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903" }));
    customer = { id: c.id };
    vat22 = { id: (await a.list(vatRates)).find((r) => r.rate === "22.00")!.id };
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  const invoice = (raw: Record<string, unknown> = {}) =>
    invoiceSchema.parse({ contact: customer, date: "2026-03-02", rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }], ...raw });
  const chunkCount = async (attachmentId: number) => (await database.db.select({ n: sql<number>`count(*)::int` }).from(attachmentChunks).where(eq(attachmentChunks.attachmentId, attachmentId)))[0]!.n;
  const totalRows = async () => ({
    files: (await database.db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]!.n,
    chunks: (await database.db.select({ n: sql<number>`count(*)::int` }).from(attachmentChunks))[0]!.n,
  });

  it("a file streamed in pieces is stored as 1 MiB chunks in order and read back byte for byte, linked by the save", async () => {
    const big = crypto.randomBytes(2 * CHUNK_BYTES + 12_345);
    const small = Buffer.from("ciao\u0000\xff", "latin1");
    const s1 = await stageAttachment(a, "document", file("contratto.pdf", big));
    const s2 = await stageAttachment(a, "document", file("nota.txt", small, "text/plain; charset=utf-8"));
    expect(s1.size).toBe(big.byteLength);
    expect(await chunkCount(s1.id)).toBe(3);
    const chunkSizes = await database.db.select({ seq: attachmentChunks.seq, n: sql<number>`length(${attachmentChunks.data})` }).from(attachmentChunks).where(eq(attachmentChunks.attachmentId, s1.id)).orderBy(attachmentChunks.seq);
    expect(chunkSizes).toEqual([{ seq: 0, n: CHUNK_BYTES }, { seq: 1, n: CHUNK_BYTES }, { seq: 2, n: 12_345 }]);
    // staged: nobody's file yet
    const doc = await invoiceEntity.create(
      a,
      invoice({ files: [{ name: "Contratto firmato.pdf", description: "Il contratto" }, { name: "nota.txt", description: "" }] }),
      new Map<number, StagedFile>([[0, s1], [1, s2]]),
    );
    expect(doc.files.map((f) => ({ id: f.id, name: f.name, description: f.description, size: f.size, contentType: f.contentType, createdBy: f.createdBy }))).toEqual([
      { id: s1.id, name: "Contratto firmato.pdf", description: "Il contratto", size: big.byteLength, contentType: "application/pdf", createdBy: "Anna Alfa" },
      { id: s2.id, name: "nota.txt", description: "", size: small.byteLength, contentType: "text/plain", createdBy: "Anna Alfa" },
    ]);
    expect(doc.files[0]!.webPathAttachmentFile).toBe(`/api/invoices/get-file/${doc.id}/files/${s1.id}`);
    expect((await readAll(a, { kind: "document", id: doc.id }, s1.id)).equals(big)).toBe(true);
    expect((await readAll(a, { kind: "document", id: doc.id }, s2.id)).equals(small)).toBe(true);
    // the entity's own read checks the document too
    const stored = await invoiceEntity.file(a, doc.id, s2.id);
    expect(stored.attachment.name).toBe("nota.txt");
  });

  it("past the limit: 413 'File troppo grande' and nothing stays (row and chunks)", async () => {
    const before = await totalRows();
    const err = await stageAttachment(a, "document", file("grande.bin", crypto.randomBytes(3 * CHUNK_BYTES + 1)), 3 * CHUNK_BYTES).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayloadTooLargeError);
    expect((err as ApiError).message).toBe("File troppo grande");
    expect(await totalRows()).toEqual(before);
    // exactly at the limit is fine
    const ok = await stageAttachment(a, "document", file("giusto.bin", crypto.randomBytes(3 * CHUNK_BYTES)), 3 * CHUNK_BYTES);
    expect(ok.size).toBe(3 * CHUNK_BYTES);
    await discardStaged(a, [ok.id]);
    expect(await totalRows()).toEqual(before);
  });

  it("a failing body (the client went away) leaves nothing either", async () => {
    const before = await totalRows();
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield crypto.randomBytes(CHUNK_BYTES + 10);
      throw new Error("connessione chiusa");
    }
    await expect(stageAttachment(a, "document", { name: "x.bin", contentType: null, body: broken() })).rejects.toThrow("connessione chiusa");
    expect(await totalRows()).toEqual(before);
  });

  it("an update keeps, renames and describes saved files, deletes left-out ones with their chunks, adds new ones", async () => {
    const s1 = await stageAttachment(a, "document", file("uno.pdf", crypto.randomBytes(100)));
    const s2 = await stageAttachment(a, "document", file("due.pdf", crypto.randomBytes(CHUNK_BYTES + 1)));
    const doc = await invoiceEntity.create(a, invoice({ files: [{ name: "uno.pdf" }, { name: "due.pdf" }] }), new Map([[0, s1], [1, s2]]));
    const s3 = await stageAttachment(a, "document", file("tre.png", Buffer.from("png"), "image/png"));
    const updated = await invoiceEntity.update(
      a,
      doc.id,
      invoice({ version: doc.version, files: [{ id: s1.id, name: "primo.pdf", description: "rinominato" }, { tempId: "new-1", name: "tre.png", description: "nuovo" }] }),
      new Map([[1, s3]]),
    );
    expect(updated.files.map((f) => [f.id, f.name, f.description])).toEqual([
      [s1.id, "primo.pdf", "rinominato"],
      [s3.id, "tre.png", "nuovo"],
    ]);
    expect(await chunkCount(s2.id)).toBe(0);
    expect(await a.find(attachments, s2.id)).toBeUndefined();
    // a save without `files` leaves them as they are
    const again = await invoiceEntity.update(a, doc.id, invoice({ version: updated.version, details: "altro" }));
    expect(again.files.map((f) => f.id)).toEqual([s1.id, s3.id]);
  });

  it("refused in one transaction: another document's file id, a new row without its bytes; nothing changes", async () => {
    const s1 = await stageAttachment(a, "document", file("a.pdf", Buffer.from("a")));
    const d1 = await invoiceEntity.create(a, invoice({ files: [{ name: "a.pdf" }] }), new Map([[0, s1]]));
    const s2 = await stageAttachment(a, "document", file("b.pdf", Buffer.from("b")));
    const d2 = await invoiceEntity.create(a, invoice({ files: [{ name: "b.pdf" }] }), new Map([[0, s2]]));
    const foreign = await invoiceEntity.update(a, d2.id, invoice({ version: d2.version, files: [{ id: s1.id, name: "preso.pdf" }] })).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(ApiError);
    expect((foreign as ApiError).httpStatus).toBe(400);
    expect((foreign as ApiError).errors).toEqual(["Uno dei file inviati non appartiene a questo elemento: ricarica i dati"]);
    const missing = await invoiceEntity.update(a, d2.id, invoice({ version: d2.version, details: "cambiato", files: [{ name: "senza.pdf" }] })).catch((e: unknown) => e);
    expect((missing as ApiError).errors).toEqual(['Il contenuto del file "senza.pdf" non è stato inviato: aggiungilo di nuovo']);
    expect((await invoiceEntity.get(a, d1.id)).files.map((f) => [f.id, f.name])).toEqual([[s1.id, "a.pdf"]]);
    const d2now = await invoiceEntity.get(a, d2.id);
    expect([d2now.details, d2now.files.map((f) => f.id)]).toEqual([d2.details, [s2.id]]);
  });

  it("reads are 404 for another tenant, another document, another kind of owner and a staged file", async () => {
    const s1 = await stageAttachment(a, "document", file("a.pdf", Buffer.from("a")));
    const doc = await invoiceEntity.create(a, invoice({ files: [{ name: "a.pdf" }] }), new Map([[0, s1]]));
    const other = await invoiceEntity.create(a, invoice());
    const staged = await stageAttachment(a, "document", file("s.pdf", Buffer.from("s")));
    await expect(readAttachment(b, { kind: "document", id: doc.id }, s1.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(invoiceEntity.file(b, doc.id, s1.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(invoiceEntity.file(a, other.id, s1.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(readAttachment(a, { kind: "expense" as "document", id: doc.id }, s1.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(invoiceEntity.file(a, doc.id, staged.id)).rejects.toBeInstanceOf(NotFoundError);
    await discardStaged(a, [staged.id]);
    // another tenant cannot discard (or link) this tenant's staged file
    const mine = await stageAttachment(a, "document", file("m.pdf", Buffer.from("m")));
    await discardStaged(b, [mine.id]);
    expect(await a.find(attachments, mine.id)).toBeDefined();
    const theirs = await invoiceEntity.create(b, invoiceSchema.parse({ contact: { id: (await contactEntity.create(b, contactSchema.parse({ kind: "COMPANY", companyName: "Bianchi", isCustomer: true }))).id }, date: "2026-03-02", files: [{ name: "m.pdf" }] }), new Map([[0, mine]])).catch((e: unknown) => e);
    expect((theirs as ApiError).httpStatus).toBe(400);
    await discardStaged(a, [mine.id]);
  });

  it("deleting the document deletes its files and chunks; a duplicate takes none", async () => {
    const s1 = await stageAttachment(a, "document", file("a.pdf", crypto.randomBytes(CHUNK_BYTES + 5)));
    const doc = await invoiceEntity.create(a, invoice({ files: [{ name: "a.pdf" }] }), new Map([[0, s1]]));
    const copy = await duplicateDocument(a, doc.id);
    expect(copy.invoice.files).toEqual([]);
    expect((await invoiceEntity.get(a, doc.id)).files).toHaveLength(1);
    await invoiceEntity.remove(a, doc.id);
    expect(await a.find(attachments, s1.id)).toBeUndefined();
    expect(await chunkCount(s1.id)).toBe(0);
  });

  it("staged files older than a day are swept, younger ones and linked ones stay", async () => {
    const old = await stageAttachment(a, "document", file("vecchio.pdf", Buffer.from("v")));
    const young = await stageAttachment(a, "document", file("nuovo.pdf", Buffer.from("n")));
    await a.updateWhere(attachments, eq(attachments.id, old.id), { createdAt: new Date(Date.now() - 25 * 3600_000) });
    expect(await sweepStaged(b)).toBe(0);
    expect(await sweepStaged(a)).toBe(1);
    expect(await a.find(attachments, old.id)).toBeUndefined();
    expect(await a.find(attachments, young.id)).toBeDefined();
    await discardStaged(a, [young.id]);
  });
});
