/**
 * SDI receipts on the data layer (issue 31): matched by the file this product made, applied in order and never
 * backwards, the same receipt twice a no-op, another tenant's file unmatched, a Scartata document corrected and
 * resent (a new file, the same number and date), the signature's result in the history, NS and MC notifying, an NS for
 * a delivered document (a re-send's 00002) recorded and changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { documentSdiEvents, documents, documentStateLogs, mailOutbox, notifications, vatRates } from "@/db/schema";
import { todayInRome } from "@/lib/rome-time";
import { contactSchema } from "@/lib/schemas/contact";
import { INVOICE_MESSAGES, invoiceSchema } from "@/lib/schemas/invoice";
import type { ApiError } from "@/lib/errors";
import { writeSdiMessage } from "@/lib/fiscal/sdi-testing";
import { sdiMessageFileName, type SdiMessageType } from "@/lib/fiscal/sdi-messages";
import { SDI_ERROR_CODES } from "@/lib/fiscal/sdi-errors";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { TenantScope } from "../scope";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { contactEntity } from "@/db/queries/contacts";
import { invoiceEntity } from "./entity";
import { setDocumentState } from "./set-state";
import { electronicInvoiceXml } from "./xml";
import { applySdiMessage, markSentToSdi, nextSdiState } from "./sdi";
import { isDeletable } from "./numbering";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);
const NO_OPTIONS = { previdential: null, paymentCausal: null };
const bytes = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

describe.each(kinds)("SDI receipts on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let adminEmail: string;
  const today = todayInRome();
  let sdiId = 100;

  async function setUp(scope: TenantScope, vat: string) {
    await scope.updateTenant(undefined, { vat, fiscalCode: vat, address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", taxRegime: "RF01", invoiceCheckNumerationDates: false });
    const customer = await contactEntity.create(scope, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", sdiCode: "ABC1234" }));
    const vat22 = (await scope.list(vatRates)).find((r) => r.rate === "22.00")!;
    return { customer, vat22 };
  }

  /** An issued invoice with its FatturaPA file made: its id and file name. */
  async function issued(scope: TenantScope): Promise<{ id: number; file: string; number: string }> {
    const { customer, vat22 } = await setUp(scope, scope === a ? "07654321012" : "01234567897");
    const inv = await invoiceEntity.create(
      scope,
      invoiceSchema.parse({ kind: "INVOICE", contact: customer, date: today, state: "Emessa", rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 10000, vat: vat22 }] }),
    );
    const file = await electronicInvoiceXml(scope, inv.id, NO_OPTIONS);
    return { id: inv.id, file: file.filename, number: inv.number! };
  }

  const receipt = (type: SdiMessageType, file: string, extra: Parameters<typeof writeSdiMessage>[1] extends infer O ? Partial<O> : never = {}) => {
    const id = ++sdiId;
    return { fileName: sdiMessageFileName(file, type), bytes: bytes(writeSdiMessage(type, { fileName: file, identificativoSdi: id, ...extra })), via: "upload" as const };
  };
  const docOf = async (scope: TenantScope, id: number) => (await scope.find(documents, id))!;
  const history = (scope: TenantScope, id: number) =>
    scope.select({ note: documentStateLogs.note, before: documentStateLogs.stateBefore, after: documentStateLogs.stateAfter }).from(documentStateLogs).where(eq(documentStateLogs.documentId, id)).orderBy(asc(documentStateLogs.id));

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "sdi-receipts");
    database = await tdb.open();
    adminEmail = `sdi-a-${kind}@example.it`;
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio SDI", email: adminEmail, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "Altro Studio", email: `sdi-b-${kind}@example.it`, firstName: "Bruno", lastName: "Beta", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("an RC delivers the invoice: sdiState and the life cycle move, the file is stored, the history says the signature", async () => {
    const inv = await issued(a);
    expect((await invoiceEntity.get(a, inv.id)).sdiState).toBeNull();
    const rc = receipt("RC", inv.file);
    const r = await applySdiMessage(a, rc);
    expect(r).toEqual({ outcome: "applied", file: rc.fileName, type: "RC", invoice: { id: inv.id, number: inv.number }, sdiState: "Consegnata", duplicate: false });
    const doc = await docOf(a, inv.id);
    expect([doc.sdiState, doc.state]).toEqual(["Consegnata", "Consegnata"]);
    expect((await invoiceEntity.get(a, inv.id)).sdiState).toBe("Consegnata");
    const [event] = await a.list(documentSdiEvents, { where: eq(documentSdiEvents.documentId, inv.id) });
    expect(Buffer.from(event.file).equals(Buffer.from(rc.bytes))).toBe(true);
    expect([event.type, event.signatureResult, event.via, event.transmittedFileName]).toEqual(["RC", "valida", "upload", inv.file]);
    const lines = await history(a, inv.id);
    expect(lines.at(-1)!.note).toContain("Ricevuta di consegna dallo SDI");
    expect(lines.at(-1)!.note).toContain("Firma della notifica: valida");
    expect([lines.at(-1)!.before, lines.at(-1)!.after]).toEqual(["Emessa", "Consegnata"]);

    // the same receipt again: a no-op
    const again = await applySdiMessage(a, { ...rc, via: "pec" });
    expect(again).toMatchObject({ outcome: "applied", duplicate: true, sdiState: "Consegnata" });
    expect(await a.count(documentSdiEvents, eq(documentSdiEvents.documentId, inv.id))).toBe(1);
    expect((await history(a, inv.id)).length).toBe(lines.length);
  });

  it("a later receipt never moves the SDI state backwards; a final outcome stays", async () => {
    const inv = await issued(a);
    await markSentToSdi(a, inv.id, inv.file);
    expect((await docOf(a, inv.id)).sdiState).toBe("Inviata allo SDI");
    expect((await applySdiMessage(a, receipt("NE", inv.file, { esito: "EC01" }))) as { sdiState: string }).toMatchObject({ sdiState: "Accettata" });
    // an RC read late, a DT, an EC02: recorded, the state stays Accettata
    for (const late of [receipt("RC", inv.file), receipt("DT", inv.file), receipt("NE", inv.file, { esito: "EC02" })]) {
      expect(await applySdiMessage(a, late)).toMatchObject({ outcome: "applied", sdiState: "Accettata", duplicate: false });
    }
    // the channel's mark after the receipts: nothing goes back
    await markSentToSdi(a, inv.id, inv.file);
    const doc = await docOf(a, inv.id);
    expect([doc.sdiState, doc.state]).toEqual(["Accettata", "Consegnata"]);
    expect(await a.count(documentSdiEvents, eq(documentSdiEvents.documentId, inv.id))).toBe(4);
    expect(nextSdiState("Consegnata", "Inviata allo SDI")).toBe("Consegnata");
    expect(nextSdiState("Mancata consegna", "Consegnata")).toBe("Mancata consegna");
    expect(nextSdiState("Scartata", "Consegnata")).toBe("Scartata");
  });

  it("an NS discards it with its errors explained, notifies; corrected and resent with the same number and date, it starts again", async () => {
    const inv = await issued(a);
    await markSentToSdi(a, inv.id, `${inv.file}.p7m`);
    const bellBefore = await a.count(notifications);
    const ns = receipt("NS", `${inv.file}.p7m`, { errors: [{ code: "00305", description: "1.4.1.1.2 <IdCodice> non valido : 12345678903" }, { code: "00999", description: "Errore sconosciuto" }] });
    expect(await applySdiMessage(a, ns)).toMatchObject({ outcome: "applied", type: "NS", sdiState: "Scartata" });
    const doc = await docOf(a, inv.id);
    expect([doc.sdiState, doc.state]).toEqual(["Scartata", "Scartata"]);
    const [event] = await a.list(documentSdiEvents, { where: and(eq(documentSdiEvents.documentId, inv.id), eq(documentSdiEvents.type, "NS")) });
    expect(event.errors).toEqual([
      { code: "00305", description: "1.4.1.1.2 <IdCodice> non valido : 12345678903", explanation: SDI_ERROR_CODES["00305"] },
      { code: "00999", description: "Errore sconosciuto", explanation: "Errore sconosciuto" },
    ]);
    expect((await history(a, inv.id)).at(-1)!.note).toContain(`[00305] ${SDI_ERROR_CODES["00305"]}`);
    // the bell (the admin) and an e-mail to the admin
    expect(await a.count(notifications)).toBe(bellBefore + 1);
    const bell = (await a.list(notifications, { orderBy: asc(notifications.id) })).at(-1)!;
    expect(bell.title).toBe(`Fattura ${inv.number} scartata dallo SDI`);
    expect(bell.body).toContain("[00305]");
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, adminEmail));
    expect(mails.some((m) => m.subject === `Fattura ${inv.number} scartata dallo SDI` && m.text.includes(SDI_ERROR_CODES["00305"]))).toBe(true);

    // corrected (editable again) and its file built again: a new name, the same number and date
    const form = await invoiceEntity.get(a, inv.id);
    await invoiceEntity.update(a, inv.id, invoiceSchema.parse({ ...form, contact: form.contact, details: "Corretta", rows: form.rows, deadlines: form.deadlines, state: "Scartata" }));
    const rebuilt = await electronicInvoiceXml(a, inv.id, NO_OPTIONS);
    expect(rebuilt.filename).not.toBe(inv.file);
    const resent = await docOf(a, inv.id);
    expect([resent.numberText, resent.date]).toEqual([inv.number, today]);
    await markSentToSdi(a, inv.id, rebuilt.filename);
    expect([(await docOf(a, inv.id)).sdiState, (await docOf(a, inv.id)).state]).toEqual(["Inviata allo SDI", "Inviata allo SDI"]);
    // the old NS again: a no-op; an RC of the new file delivers it
    expect(await applySdiMessage(a, ns)).toMatchObject({ duplicate: true, sdiState: "Inviata allo SDI" });
    expect(await applySdiMessage(a, receipt("RC", rebuilt.filename))).toMatchObject({ sdiState: "Consegnata", duplicate: false });
  });

  it("an NS for a delivered document (00002 after a re-send) is recorded in the history and changes nothing, notifying nobody", async () => {
    // delivered before this channel existed (state 'Consegnata', sdi_state null: the migration fills nothing), then sent again
    const legacy = await issued(a);
    await a.update(documents, legacy.id, undefined, { state: "Consegnata" });
    await markSentToSdi(a, legacy.id, legacy.file);
    expect([(await docOf(a, legacy.id)).sdiState, (await docOf(a, legacy.id)).state]).toEqual(["Inviata allo SDI", "Consegnata"]);
    // delivered through this channel, then paid
    const paid = await issued(a);
    await markSentToSdi(a, paid.id, paid.file);
    await applySdiMessage(a, receipt("RC", paid.file));
    await setDocumentState(a, paid.id, "Pagata");
    expect([(await docOf(a, paid.id)).sdiState, (await docOf(a, paid.id)).state]).toEqual(["Consegnata", "Pagata"]);

    // delivered before this channel (its history says so), paid, then sent again
    const paidLegacy = await issued(a);
    await a.update(documents, paidLegacy.id, undefined, { state: "Consegnata" });
    await a.insert(documentStateLogs, { documentId: paidLegacy.id, stateBefore: "Emessa", stateAfter: "Consegnata", note: null, userId: null });
    await setDocumentState(a, paidLegacy.id, "Pagata");
    await markSentToSdi(a, paidLegacy.id, paidLegacy.file);
    expect([(await docOf(a, paidLegacy.id)).sdiState, (await docOf(a, paidLegacy.id)).state]).toEqual(["Inviata allo SDI", "Pagata"]);

    const bellBefore = await a.count(notifications);
    const mailsBefore = (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, adminEmail))).length;
    for (const [inv, sdiState, state] of [
      [legacy, "Inviata allo SDI", "Consegnata"],
      [paid, "Consegnata", "Pagata"],
      [paidLegacy, "Inviata allo SDI", "Pagata"],
    ] as const) {
      const linesBefore = (await history(a, inv.id)).length;
      const ns = receipt("NS", inv.file, { errors: [{ code: "00002", description: "Nome file duplicato" }] });
      expect(await applySdiMessage(a, ns)).toMatchObject({ outcome: "applied", type: "NS", sdiState, duplicate: false });
      const doc = await docOf(a, inv.id);
      expect([doc.sdiState, doc.state]).toEqual([sdiState, state]);
      const [event] = await a.list(documentSdiEvents, { where: and(eq(documentSdiEvents.documentId, inv.id), eq(documentSdiEvents.type, "NS")) });
      expect([event.sdiStateAfter, event.errors.map((e) => e.code)]).toEqual([sdiState, ["00002"]]);
      const lines = await history(a, inv.id);
      expect(lines.length).toBe(linesBefore + 1);
      expect([lines.at(-1)!.before, lines.at(-1)!.after]).toEqual([state, state]);
      expect(lines.at(-1)!.note).toContain("Notifica di scarto dallo SDI");
      expect(lines.at(-1)!.note).toContain("[00002]");
      expect(lines.at(-1)!.note).toContain("la fattura risulta già consegnata");
    }
    expect(await a.count(notifications)).toBe(bellBefore);
    expect((await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, adminEmail))).length).toBe(mailsBefore);

    // paid but never delivered (sent, paid before SDI answered): the NS is a real one, the SDI state says it
    const paidEarly = await issued(a);
    await markSentToSdi(a, paidEarly.id, paidEarly.file);
    await setDocumentState(a, paidEarly.id, "Pagata");
    expect(await applySdiMessage(a, receipt("NS", paidEarly.file))).toMatchObject({ sdiState: "Scartata", duplicate: false });
    expect([(await docOf(a, paidEarly.id)).sdiState, (await docOf(a, paidEarly.id)).state]).toEqual(["Scartata", "Pagata"]);
    expect(await a.count(notifications)).toBe(bellBefore + 1);
  });

  it("an MC says the customer must be told: Mancata consegna, the bell; a tampered or missing signature is applied and recorded", async () => {
    const inv = await issued(a);
    await markSentToSdi(a, inv.id, inv.file);
    const before = await a.count(notifications);
    expect(await applySdiMessage(a, receipt("MC", inv.file, { signature: "tampered" }))).toMatchObject({ sdiState: "Mancata consegna" });
    expect((await docOf(a, inv.id)).state).toBe("Inviata allo SDI");
    expect(await a.count(notifications)).toBe(before + 1);
    expect((await history(a, inv.id)).at(-1)!.note).toContain("Firma della notifica: non valida");
    expect(await applySdiMessage(a, receipt("DT", inv.file, { signature: "none" }))).toMatchObject({ sdiState: "Decorrenza termini" });
    expect((await history(a, inv.id)).at(-1)!.note).toContain("Firma della notifica: assente");
  });

  it("another tenant's file name is unmatched and its document untouched; a non-SDI file is refused", async () => {
    const inv = await issued(a);
    const rc = receipt("RC", inv.file);
    const r = await applySdiMessage(b, rc);
    expect(r).toEqual({ outcome: "unmatched", file: rc.fileName, reason: `Nessuna fattura di questa azienda corrisponde al file ${inv.file} indicato dalla notifica` });
    expect((await docOf(a, inv.id)).sdiState).toBeNull();
    expect(await a.count(documentSdiEvents, eq(documentSdiEvents.documentId, inv.id))).toBe(0);
    const refused = await applySdiMessage(a, { fileName: "ordine.xml", bytes: bytes("<ordine/>"), via: "upload" });
    expect(refused).toMatchObject({ outcome: "refused", file: "ordine.xml" });
    expect((refused as { reason: string }).reason).toMatch(/^Il file non è una notifica SDI: /);
  });

  it("a document sent to SDI is not deleted, even the last of its series (a credit note corrects it); once discarded it may be", async () => {
    const inv = await issued(a);
    expect(await isDeletable(a, inv.id)).toBe(true);
    await setDocumentState(a, inv.id, "Inviata allo SDI");
    expect(await isDeletable(a, inv.id)).toBe(false);
    const refused = await invoiceEntity.remove(a, inv.id).then(() => null, (e: unknown) => e as ApiError);
    expect([refused?.httpStatus, refused?.message]).toEqual([409, INVOICE_MESSAGES.sentToSdi]);
    expect((await invoiceEntity.get(a, inv.id)).deletable).toBe(false);
    await applySdiMessage(a, receipt("NS", inv.file, { errors: [{ code: "00305", description: "IdCodice non valido" }] }));
    expect((await docOf(a, inv.id)).sdiState).toBe("Scartata");
    expect(await isDeletable(a, inv.id)).toBe(true);
    await invoiceEntity.remove(a, inv.id);
    expect(await a.find(documents, inv.id)).toBeUndefined();
  });

  it("'Segna come inviata' by hand sets the SDI state too", async () => {
    const inv = await issued(a);
    const json = await setDocumentState(a, inv.id, "Inviata allo SDI");
    expect([json.state, json.sdiState]).toEqual(["Inviata allo SDI", "Inviata allo SDI"]);
    const delivered = await setDocumentState(a, inv.id, "Consegnata");
    expect(delivered.sdiState).toBe("Consegnata");
  });
});
