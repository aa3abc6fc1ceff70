/**
 * The mailbox's never-twice guard in the data layer (PGlite, and PostgreSQL when DATABASE_URL is set): a message
 * handled is recorded in the transaction of its effect, so the same message handed again (the flag lost in a crash
 * between the commit and the IMAP STORE, or two passes at once) does nothing; what cannot be placed is
 * 'Da verificare' with its reason and its files, listed for its tenant only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { pecInboxMessages } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import type { InboundMessage } from "@/lib/sdi/channel";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import { handleInboundMessage, inboxFile, listInbox, SDI_INBOX_MESSAGES } from "./sdi-inbox";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

const message = (key: string, over: Partial<InboundMessage> = {}): InboundMessage => ({
  key,
  uidValidity: 1,
  uid: 1,
  receivedAt: new Date("2026-03-02T10:00:00Z"),
  from: "fornitore@pec.altro.test",
  subject: "Preventivo",
  pecReceipt: null,
  files: [{ name: "preventivo.pdf", contentType: "application/pdf", bytes: new TextEncoder().encode("%PDF-1.4") }],
  raw: new TextEncoder().encode("From: fornitore@pec.altro.test\r\n\r\nciao"),
  ...over,
});

describe.each(kinds)("PEC inbox on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "pecin");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Alfa", email: `pa-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "Studio Beta", email: `pb-${kind}@example.it`, firstName: "Bruno", lastName: "Beta", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id);
    b = new TenantScope(database.db, tb.tenant.id);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it("a message nobody can place: 'Da verificare' with its reason, raw kept, its file downloadable; handed again (twice at once too): nothing more", async () => {
    const m = message("<uno@pec.altro.test>");
    expect(await handleInboundMessage(a, m)).toEqual({ handled: true, outcome: "Da verificare" });
    const again = await Promise.all([handleInboundMessage(a, m), handleInboundMessage(a, m)]);
    expect(again).toEqual([{ handled: false }, { handled: false }]);
    expect(await a.count(pecInboxMessages)).toBe(1);
    const [row] = await a.list(pecInboxMessages);
    expect(row!.raw).not.toBeNull();
    const list = await listInbox(a);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ from: "fornitore@pec.altro.test", outcome: "Da verificare", reason: SDI_INBOX_MESSAGES.noFiles, files: [{ index: 0, name: "preventivo.pdf" }] });
    const f = await inboxFile(a, list[0]!.id, 0);
    expect(f.bytes.toString()).toBe("%PDF-1.4");
    // another tenant: the same key is its own message; a's row is a 404 to it
    expect(await listInbox(b)).toEqual([]);
    await expect(inboxFile(b, list[0]!.id, 0)).rejects.toMatchObject({ httpStatus: 404 });
    expect(await handleInboundMessage(b, m)).toEqual({ handled: true, outcome: "Da verificare" });
  });

  it("the provider's acceptance is 'Ignorata' (not listed, no raw); a delivery error is 'Da verificare'", async () => {
    expect(await handleInboundMessage(a, message("<acc@pec>", { pecReceipt: "accettazione", files: [] }))).toEqual({ handled: true, outcome: "Ignorata" });
    expect(await handleInboundMessage(a, message("<err@pec>", { pecReceipt: "errore-consegna", files: [] }))).toEqual({ handled: true, outcome: "Da verificare" });
    const reasons = (await listInbox(a)).map((x) => x.reason);
    expect(reasons).toContain(SDI_INBOX_MESSAGES.providerError("errore-consegna"));
    expect(reasons).not.toContain(SDI_INBOX_MESSAGES.providerReceipt("accettazione"));
    expect((await listInbox(a, true)).map((x) => x.outcome)).toContain("Ignorata");
  });

  it("an invoice file from someone who is not SDI is not imported", async () => {
    const h = await handleInboundMessage(a, message("<fattura@altro>", { files: [{ name: "IT01234567890_00001.xml", contentType: "application/xml", bytes: new TextEncoder().encode("<?xml version=\"1.0\"?><x/>") }] }));
    expect(h).toEqual({ handled: true, outcome: "Da verificare" });
    const row = (await listInbox(a)).find((x) => x.files.some((f) => f.name === "IT01234567890_00001.xml"))!;
    expect(row.reason).toContain(SDI_INBOX_MESSAGES.notFromSdi("fornitore@pec.altro.test"));
  });
});
