/**
 * Note e allegati of the sales documents over HTTP: files sent with the save (filesContent[index] beside the invoice
 * JSON's `files` list), listed in the document's JSON, downloaded as { filename, contentBase64, contentType } with the
 * same bytes, renamed and described, deleted by leaving them out; 100 MB per file (exactly 100 MB goes through the
 * route, one byte more is a 413 'File troppo grande' and nothing is written); another tenant's or another document's
 * file is a 404; ROLE_DOCUMENT.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES } from "@/lib/schemas/attachment";
import { type Client, signUpTenant } from "../support/http";
import { countRows, loginBianchi, SAVED } from "../support/entity-api";

const URL = "/api/invoices";
const FIELD = "invoice";
const MB = 1024 * 1024;

type Doc = Record<string, any> & { id: number; version: number; files: FileJson[] };
type FileJson = { id: number; name: string; description: string; size: number; contentType: string; createdBy: string | null; webPathAttachmentFile: string };

/** A save: the invoice JSON first, then filesContent[index] for each given Blob. */
function saveBody(invoice: unknown, files: Record<number, { blob: Blob; name: string }> = {}): FormData {
  const fd = new FormData();
  fd.set(FIELD, JSON.stringify(invoice));
  for (const [index, f] of Object.entries(files)) fd.set(`filesContent[${index}]`, f.blob, f.name);
  return fd;
}

/**
 * A multipart save whose one file is `size` bytes generated as it is sent (1 MiB pieces, each different: a
 * reordered chunk would change the hash), never held whole; with the SHA-256 of the file's bytes.
 */
function streamedSave(invoice: unknown, size: number, name = "grande.bin", index = 0): { body: ReadableStream<Uint8Array>; contentType: string; sha256: Promise<string> } {
  const boundary = `----allegati${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${FIELD}"\r\n\r\n${JSON.stringify(invoice)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="filesContent[${index}]"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const base = crypto.randomBytes(MB);
  const hash = crypto.createHash("sha256");
  let resolveHash!: (h: string) => void;
  const sha256 = new Promise<string>((r) => (resolveHash = r));
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) {
        controller.enqueue(head);
        sent = 0;
        return;
      }
      if (sent >= size) {
        controller.enqueue(tail);
        resolveHash(hash.digest("hex"));
        controller.close();
        return;
      }
      const n = Math.min(MB, size - sent);
      const piece = Buffer.from(base.subarray(0, n));
      if (n >= 4) piece.writeUInt32BE(sent / MB, 0);
      hash.update(piece);
      controller.enqueue(piece);
      sent += n;
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, sha256 };
}

describe("Note e allegati of the sales documents", () => {
  let c: Client;
  let other: Client;
  let customer: { id: number };
  let vat22: { id: number };

  const invoice = (over: Record<string, unknown> = {}) => ({
    kind: "INVOICE",
    date: "2026-03-02",
    contact: customer,
    rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }],
    ...over,
  });
  const save = (url: string, body: FormData, client = c) => client.json("POST", url, { body });
  const download = (docId: number, fileId: number, client = c) => client.get(`${URL}/get-file/${docId}/files/${fileId}`);

  beforeAll(async () => {
    c = (await signUpTenant("Allegati S.r.l.")).client;
    other = (await signUpTenant("Altra Impresa S.r.l.")).client;
    const r = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    customer = { id: r.body.contact.id };
    const rates: { id: number; toString: string }[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    vat22 = { id: rates.find((o) => o.toString.startsWith("22%"))!.id };
  });

  const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), crypto.randomBytes(3 * MB + 17)]);
  const note = Buffer.from("Promemoria: chiamare il cliente – grazie\n", "utf8");

  /** A document saved with the two files above. */
  async function withTwoFiles(): Promise<Doc> {
    const r = await save(
      URL,
      saveBody(invoice({ files: [{ tempId: "new-1", name: "contratto.pdf", description: "Contratto firmato" }, { tempId: "new-2", name: "nota.txt", description: "" }] }), {
        0: { blob: new Blob([pdf], { type: "application/pdf" }), name: "contratto.pdf" },
        1: { blob: new Blob([note], { type: "text/plain;charset=utf-8" }), name: "nota.txt" },
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(SAVED);
    return r.body.invoice;
  }

  it("two files uploaded with the save are listed, and each downloads with its own bytes", async () => {
    const d = await withTwoFiles();
    expect(d.files.map((f) => ({ name: f.name, description: f.description, size: f.size, contentType: f.contentType, createdBy: f.createdBy }))).toEqual([
      { name: "contratto.pdf", description: "Contratto firmato", size: pdf.byteLength, contentType: "application/pdf", createdBy: "Anna Verdi" },
      { name: "nota.txt", description: "", size: note.byteLength, contentType: "text/plain", createdBy: "Anna Verdi" },
    ]);
    expect(d.files[0]!.webPathAttachmentFile).toBe(`${URL}/get-file/${d.id}/files/${d.files[0]!.id}`);
    // the form's load lists them too
    expect((await c.get(`${URL}/update-form-data/${d.id}`)).body.invoice.files.map((f: FileJson) => f.id)).toEqual(d.files.map((f) => f.id));
    expect((await c.get(`${URL}/create-form-data?kind=INVOICE`)).body.invoice.files).toEqual([]);

    const got = await download(d.id, d.files[0]!.id);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ status: "ok", filename: "contratto.pdf", contentType: "application/pdf", contentBase64: pdf.toString("base64") });
    const small = await download(d.id, d.files[1]!.id);
    expect(Buffer.from(small.body.contentBase64, "base64").equals(note)).toBe(true);
    expect(small.body.filename).toBe("nota.txt");
  });

  it("an update renames and describes a kept file, deletes the one left out, adds a new one; without `files` nothing changes", async () => {
    const d = await withTwoFiles();
    const [contract, memo] = d.files as [FileJson, FileJson];
    const png = crypto.randomBytes(5000);
    const r = await save(
      `${URL}/${d.id}`,
      saveBody({ ...d, deadlines: [], files: [{ id: contract.id, name: "contratto-2026.pdf", description: "Firmato da entrambi" }, { tempId: "new-3", name: "logo.png", description: "Logo" }] }, { 1: { blob: new Blob([png], { type: "image/png" }), name: "logo.png" } }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const u: Doc = r.body.invoice;
    expect(u.files.map((f) => [f.name, f.description, f.size])).toEqual([
      ["contratto-2026.pdf", "Firmato da entrambi", pdf.byteLength],
      ["logo.png", "Logo", 5000],
    ]);
    expect(u.files[0]!.id).toBe(contract.id);
    expect((await download(d.id, memo.id)).status).toBe(404);
    const renamed = await download(d.id, contract.id);
    expect(renamed.body.filename).toBe("contratto-2026.pdf");
    expect(Buffer.from(renamed.body.contentBase64, "base64").equals(pdf)).toBe(true);
    expect(Buffer.from((await download(d.id, u.files[1]!.id)).body.contentBase64, "base64").equals(png)).toBe(true);

    const { files: _files, ...withoutFiles } = u;
    const again = await c.postEntity(`${URL}/${d.id}`, FIELD, { ...withoutFiles, deadlines: [], details: "Solo il testo" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.invoice.files.map((f: FileJson) => f.id)).toEqual(u.files.map((f) => f.id));
  });

  it("bad lists are refused in Italian and change nothing: another document's file id, a new row without its part, a part without its row", async () => {
    const d = await withTwoFiles();
    const e = await withTwoFiles();
    const before = (await c.get(`${URL}/get/${e.id}`)).body.invoice;
    const foreign = await save(`${URL}/${e.id}`, saveBody({ ...before, deadlines: [], files: [...before.files, { id: d.files[0]!.id, name: "preso.pdf" }] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([ATTACHMENT_MESSAGES.foreign]);
    const missing = await save(`${URL}/${e.id}`, saveBody({ ...before, deadlines: [], files: [{ name: "senza.pdf" }] }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([ATTACHMENT_MESSAGES.missingContent("senza.pdf")]);
    const stray = await save(`${URL}/${e.id}`, saveBody({ ...before, deadlines: [], files: before.files }, { 0: { blob: new Blob(["x"]), name: "x.txt" } }));
    expect(stray.status).toBe(400);
    expect(stray.body.message).toBe(ATTACHMENT_MESSAGES.unexpectedPart("filesContent[0]"));
    const first = new FormData();
    first.set("filesContent[0]", new Blob(["x"]), "x.txt");
    first.set(FIELD, JSON.stringify(invoice({ files: [{ name: "x.txt" }] })));
    const order = await save(URL, first);
    expect(order.status).toBe(400);
    expect(order.body.message).toBe(ATTACHMENT_MESSAGES.entityFirst(FIELD));
    const after = (await c.get(`${URL}/get/${e.id}`)).body.invoice;
    expect([after.version, after.files]).toEqual([before.version, before.files]);
    expect((await c.get(`${URL}/get/${d.id}`)).body.invoice.files).toEqual(d.files);
  });

  it("another tenant's file is a 404, so is a file of another document and an unknown id", async () => {
    const d = await withTwoFiles();
    const plain = await c.postEntity(URL, FIELD, invoice());
    expect(plain.status).toBe(200);
    const fileId = d.files[0]!.id;
    const foreign = await download(d.id, fileId, other);
    expect([foreign.status, foreign.body.status]).toEqual([404, "error"]);
    expect(foreign.body.contentBase64).toBeUndefined();
    const otherDoc = await download(plain.body.invoice.id, fileId);
    expect([otherDoc.status, otherDoc.body.message]).toEqual([404, ATTACHMENT_MESSAGES.notFound]);
    expect((await download(d.id, 2_000_000_000)).status).toBe(404);
    // the other tenant's own document with this file id: still a 404
    const r = await other.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Bianchi S.r.l.", isCustomer: true });
    const theirs = await other.postEntity(URL, FIELD, invoice({ contact: { id: r.body.contact.id }, rows: [] }));
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect((await download(theirs.body.invoice.id, fileId, other)).status).toBe(404);
    // nor may the other tenant keep it in its own list
    const take = await save(`${URL}/${theirs.body.invoice.id}`, saveBody({ ...theirs.body.invoice, deadlines: [], files: [{ id: fileId, name: "preso.pdf" }] }), other);
    expect(take.status).toBe(400);
    expect((await download(d.id, fileId)).status).toBe(200);
  });

  it("deleting the document deletes its files", async () => {
    const d = await withTwoFiles();
    expect((await c.json("DELETE", `${URL}/${d.id}`)).status).toBe(200);
    expect((await download(d.id, d.files[0]!.id)).status).toBe(404);
  });

  it(
    "a file of exactly 100 MB goes through the route and comes back with the same bytes",
    async () => {
      const upload = streamedSave(invoice({ files: [{ name: "cento.bin", description: "100 MB" }] }), MAX_ATTACHMENT_BYTES, "cento.bin");
      const r = await c.json("POST", URL, { body: upload.body, headers: { "content-type": upload.contentType }, duplex: "half" } as RequestInit);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const d: Doc = r.body.invoice;
      expect(d.files.map((f) => [f.name, f.size])).toEqual([["cento.bin", MAX_ATTACHMENT_BYTES]]);
      // identity: Next's gzip of 140 MB of base64 takes a core ~20 s (2 s without), the bytes are what is tested here
      const res = await c.raw("GET", `${URL}/get-file/${d.id}/files/${d.files[0]!.id}`, { headers: { "accept-encoding": "identity" } });
      expect(res.status).toBe(200);
      const text = await res.text();
      const body = JSON.parse(text);
      const bytes = Buffer.from(body.contentBase64, "base64");
      expect(bytes.byteLength).toBe(MAX_ATTACHMENT_BYTES);
      expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(await upload.sha256);
      expect((await c.json("DELETE", `${URL}/${d.id}`)).status).toBe(200);
    },
    240_000,
  );

  it(
    "one byte over 100 MB: 413 'File troppo grande', and neither the document nor the file is written",
    async () => {
      const before = await countRows(c, URL);
      const upload = streamedSave(invoice({ details: "troppo grande", files: [{ name: "troppo.bin" }] }), MAX_ATTACHMENT_BYTES + 1, "troppo.bin");
      const r = await c.json("POST", URL, { body: upload.body, headers: { "content-type": upload.contentType }, duplex: "half" } as RequestInit);
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ status: "error", message: "File troppo grande" });
      expect(await countRows(c, URL)).toBe(before);
      // on an update: the document and its files stay as they were
      const d = await withTwoFiles();
      const big = streamedSave({ ...d, deadlines: [], details: "cambiato", files: [...d.files, { name: "troppo.bin" }] }, MAX_ATTACHMENT_BYTES + 1, "troppo.bin", 2);
      const u = await c.json("POST", `${URL}/${d.id}`, { body: big.body, headers: { "content-type": big.contentType }, duplex: "half" } as RequestInit);
      expect([u.status, u.body.message]).toEqual([413, "File troppo grande"]);
      const now = (await c.get(`${URL}/get/${d.id}`)).body.invoice;
      expect([now.version, now.details, now.files]).toEqual([d.version, d.details, d.files]);
    },
    240_000,
  );

  it("needs ROLE_DOCUMENT: the download and a save with files are 403 for a user without it", async () => {
    const d = await withTwoFiles();
    const luca = await loginBianchi();
    expect((await download(d.id, d.files[0]!.id, luca)).status).toBe(403);
    const r = await save(URL, saveBody(invoice({ files: [{ name: "a.txt" }] }), { 0: { blob: new Blob(["a"]), name: "a.txt" } }), luca);
    expect(r.status).toBe(403);
  });
});
