/**
 * The SDI channel end to end over HTTP (issue 31), on real mail servers started here (tests/support/pec-servers.ts:
 * smtp-server, Debian's dovecot) and an SDI stand-in (tests/support/sdi-stand-in.ts) answering in the official format.
 * This file starts its own server (first retry after 1 s, the tick every 2 s, the mailbox cron off: the test reads the
 * mailbox with 'Controlla ora') with a known AUTH_SECRET, so the test can act as a second worker on the same database.
 * Proves: refusals in Italian (Bozza, no PEC, FPA12 without certificate, already sent, another tenant's 404); issue → send
 * → RC back → 'Consegnata' and SDI's answering address remembered; sign (PA invoice: .xml.p7m whose content is the XML) →
 * NS back → 'Scartata', the bell → corrected and resent under a new file name; 451 then success by the queue; two requests
 * and two workers at once → one PEC; a second poll processes nothing; what cannot be placed is 'Da verificare' (listed,
 * its file downloadable, not another tenant's); an invoice from a supplier arriving by PEC becomes a purchase.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptTransmission } from "@/db/queries/sdi-transmissions";
import { SDI_SEND_MESSAGES } from "@/db/queries/sdi-transmissions";
import { SDI_INBOX_MESSAGES } from "@/db/queries/sdi-inbox";
import { makeTestCertificate, type TestCertificate } from "@/lib/fiscal/sign-testing";
import { BUYER_VAT, partitaIva, receivedXml } from "../fixtures/received-invoices";
import { testDbKind } from "../support/databases";
import { saveIssuer } from "../support/entity-api";
import { Client, randomAddress, uniqueEmail } from "../support/http";
import { startImapServer, startSmtpServer, type ReceivedSmtpMessage, type TestImapServer, type TestSmtpServer } from "../support/pec-servers";
import { answerWithReceipt, deliverInvoice, deliverProviderReceipt, deliverStranger, sentFile, type Mailbox } from "../support/sdi-stand-in";
import { startServer, type RunningServer } from "../support/server";

const AUTH_SECRET = crypto.randomBytes(32).toString("base64url");
let savedSecret: string | undefined;
let server: RunningServer;
let smtp: TestSmtpServer;
let imap: TestImapServer;
let cert: TestCertificate;
const mailbox: Mailbox = { address: "fatture@pec.prova.test", user: "fatture@pec.prova.test", password: "imap-segreta" };

type Option = { id: number; toString: string };
type Doc = Record<string, any> & { id: number };

let a: Client;
let b: Client;
let customer: Option;
let pa: Option;
let vat22: Option;

async function signUp(denomination: string): Promise<Client> {
  const c = new Client(server.baseUrl, randomAddress());
  const password = "prova1234";
  const r = await c.postEntity("/api/sign-up", "signUp", { denomination, firstName: "Anna", lastName: "Verdi", email: uniqueEmail("sdi"), password, passwordSecond: password, acceptTerms: true });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return c;
}

const send = (c: Client, id: number) => c.postForm(`/api/invoices/send-sdi/${id}`);
const getInvoice = async (c: Client, id: number) => (await c.get(`/api/invoices/get/${id}`)).body.invoice as Doc;
const check = async (c: Client) => {
  const r = await c.postForm("/api/sdi-inbox/check");
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const sentFor = (fileName: string) => smtp.received.filter((m) => m.parsed.attachments.some((x) => x.filename === fileName));
const lastSent = (): ReceivedSmtpMessage => smtp.received.at(-1)!;

async function issue(over: Record<string, unknown> = {}): Promise<Doc> {
  const r = await a.postEntity("/api/invoices", "invoice", {
    kind: "INVOICE",
    date: "2026-03-02",
    state: "Emessa",
    contact: customer,
    rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }],
    ...over,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.invoice;
}

async function waitFor<T>(what: () => Promise<T>, until: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (until(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer("fatture@pec.prova.test", "smtp-segreta");
  imap = await startImapServer();
  imap.addUser(mailbox.user, mailbox.password);
  // the test acts as a second worker on the server's database: it opens the sealed passwords with the server's secret
  savedSecret = process.env.AUTH_SECRET;
  process.env.AUTH_SECRET = AUTH_SECRET;
  server = await startServer(testDbKind(), { AUTH_SECRET, SDI_RETRY_DELAY_SECONDS: "1", REMINDERS_INTERVAL_SECONDS: "2", SDI_MAILBOX_CRON: "off" });
  cert = makeTestCertificate({ commonName: "Anna Verdi (prova)" });
  a = await signUp("Canale SDI S.r.l.");
  b = await signUp("Altra Azienda S.r.l.");
  await saveIssuer(a, { vat: BUYER_VAT, fiscalCode: BUYER_VAT });
  await saveIssuer(b);
  const settings = {
    pec: mailbox.address,
    smtp: { host: smtp.host, port: smtp.port, secure: false, user: smtp.user, password: smtp.password },
    imap: { host: imap.host, port: imap.port, secure: false, user: mailbox.user, password: mailbox.password },
    sdiAddress: "",
  };
  const saved = await a.postEntity("/api/sdi-channel/settings", "settings", settings);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const c1 = await a.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", sdiCode: "ABC1234" });
  expect(c1.status, JSON.stringify(c1.body)).toBe(200);
  customer = { id: c1.body.contact.id, toString: "Cliente S.r.l." };
  const c2 = await a.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Comune di Prova", isCustomer: true, publicAdministration: true, fiscalCode: partitaIva(8_001_234_567), address: "Piazza del Comune 1", postalCode: "00100", city: "Roma", province: "RM", sdiCode: "UFH3K8" });
  expect(c2.status, JSON.stringify(c2.body)).toBe(200);
  pa = { id: c2.body.contact.id, toString: "Comune di Prova" };
  const rates: Option[] = (await a.get("/api/vat-rates/get-filtered-list")).body.options;
  vat22 = rates.find((o) => o.toString.startsWith("22%"))!;
}, 240_000);

afterAll(async () => {
  if (savedSecret === undefined) delete process.env.AUTH_SECRET;
  else process.env.AUTH_SECRET = savedSecret;
  await server?.stop();
  await smtp?.stop();
  await imap?.stop();
  cert?.cleanup();
});

describe("POST /api/invoices/send-sdi/{id}: refusals", () => {
  it("a Bozza, a tenant without PEC, another tenant's invoice: Italian refusals, nothing sent", async () => {
    const before = smtp.received.length;
    const draft = await issue({ state: "Bozza" });
    const r1 = await send(a, draft.id);
    expect(r1.status).toBe(400);
    expect(r1.body.message).toBe(SDI_SEND_MESSAGES.notIssued);
    const r2 = await send(b, draft.id);
    expect(r2.status).toBe(404);
    const theirs = await b.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente B", isCustomer: true, vatNumber: "12345678903", address: "Via Po 1", postalCode: "10100", city: "Torino", province: "TO" });
    const ratesB: Option[] = (await b.get("/api/vat-rates/get-filtered-list")).body.options;
    const vatB = ratesB.find((o) => o.toString.startsWith("22%"))!;
    const docB = await b.postEntity("/api/invoices", "invoice", { kind: "INVOICE", date: "2026-03-02", state: "Emessa", contact: { id: theirs.body.contact.id }, rows: [{ rowType: "GENERICA", description: "X", quantity: "1", amount: 1000, vat: vatB }] });
    expect(docB.status, JSON.stringify(docB.body)).toBe(200);
    const r3 = await send(b, docB.body.invoice.id);
    expect(r3.status).toBe(400);
    expect(r3.body.message).toBe("Configura la PEC in Impostazioni › Fatturazione elettronica");
    expect(smtp.received.length).toBe(before);
  });

  it("bad ids are 400s in Italian; 'Controlla ora' without a mailbox is a 400; nothing is a 500", async () => {
    for (const bad of ["abc", "0", "99999999999", "1e3"]) {
      const r = await a.postForm(`/api/invoices/send-sdi/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toBe("Identificativo non valido");
    }
    for (const bad of ["/api/sdi-inbox/file/abc/0", "/api/sdi-inbox/file/1/x", "/api/sdi-inbox/file/1/-1", "/api/sdi-inbox/file/2147483648/0"]) {
      const r = await a.get(bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toBe("Identificativo non valido");
    }
    expect((await a.get("/api/sdi-inbox/file/2147483647/0")).status).toBe(404);
    const none = await b.postForm("/api/sdi-inbox/check");
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(SDI_INBOX_MESSAGES.noMailbox);
    expect((await new Client(server.baseUrl).postForm("/api/invoices/send-sdi/1")).status).toBe(401);
  });

  it("a PA invoice (FPA12) without a signing certificate is refused", async () => {
    const before = smtp.received.length;
    const doc = await issue({ contact: pa });
    const r = await send(a, doc.id);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.message).toBe("Una fattura alla PA va firmata: carica il certificato di firma in Impostazioni");
    expect(smtp.received.length).toBe(before);
    expect((await getInvoice(a, doc.id)).sdiState).toBeNull();
  });
});

describe("send → SDI stand-in → mailbox", () => {
  it("issue → send: one PEC to sdi01 with the file; RC back → 'Consegnata'; SDI's address remembered; a second send is a 409; a second poll processes nothing", async () => {
    const doc = await issue();
    const r = await send(a, doc.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(SDI_SEND_MESSAGES.sent);
    expect(r.body.invoice.sdiState).toBe("Inviata allo SDI");
    expect(r.body.transmission).toMatchObject({ state: "Inviata", attempts: 1, signed: false });
    const m = lastSent();
    expect(m.to).toEqual(["sdi01@pec.fatturapa.it"]);
    const { fileName, bytes } = sentFile(m);
    expect(fileName).toBe(r.body.transmission.fileName);
    expect(fileName).toMatch(/^IT01234567897_[A-Za-z0-9]{5}\.xml$/);
    expect(bytes.toString("utf8")).toContain("<FormatoTrasmissione>FPR12</FormatoTrasmissione>");
    expect(m.parsed.subject).toBe(`Invio File ${fileName}`);

    const again = await send(a, doc.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SDI_SEND_MESSAGES.alreadySent);
    expect(sentFor(fileName)).toHaveLength(1);

    await answerWithReceipt(imap, mailbox, m, "RC", { sdiAddress: "sdi23@pec.fatturapa.it" });
    const first = await check(a);
    expect(first.processed).toBe(1);
    expect(first.outcomes).toEqual({ Applicata: 1 });
    expect((await getInvoice(a, doc.id)).sdiState).toBe("Consegnata");
    const settings = (await a.get("/api/sdi-channel/settings")).body.settings;
    expect(settings.sdiAddress).toBe("sdi23@pec.fatturapa.it");
    const second = await check(a);
    expect(second).toMatchObject({ found: 0, processed: 0 });
    const flags = await imap.flags(mailbox.user, mailbox.password);
    expect([...flags.values()].every((f) => f.has("$SdiElaborato") && f.has("\\Seen"))).toBe(true);
  });

  it("sign → send a PA invoice: .xml.p7m whose signed content is the XML, to the remembered address; NS back → 'Scartata' with the bell; resent under a new file name", async () => {
    const fd = new FormData();
    fd.set("certificate", new Blob([cert.p12 as BlobPart]), "firma.p12");
    fd.set("password", cert.password);
    const up = await a.json("POST", "/api/sdi-channel/certificate", { body: fd });
    expect(up.status, JSON.stringify(up.body)).toBe(200);

    const doc = await issue({ contact: pa });
    // the form's button says what it will do: 'Firma e invia' (formData.sdiSigns), 'Invia allo SDI' without a certificate
    const form = await a.json("GET", `/api/invoices/update-form-data/${doc.id}`);
    expect(form.body.formData.sdiSigns).toBe(true);
    const r = await send(a, doc.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(SDI_SEND_MESSAGES.signedAndSent);
    expect(r.body.transmission.signed).toBe(true);
    const m = lastSent();
    expect(m.to).toEqual(["sdi23@pec.fatturapa.it"]);
    const { fileName, bytes } = sentFile(m);
    expect(fileName).toMatch(/\.xml\.p7m$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "p7m-"));
    fs.writeFileSync(path.join(dir, "f.p7m"), bytes);
    const content = execFileSync("openssl", ["cms", "-verify", "-noverify", "-inform", "DER", "-in", path.join(dir, "f.p7m")], { stdio: ["ignore", "pipe", "ignore"] }).toString("utf8");
    fs.rmSync(dir, { recursive: true, force: true });
    expect(content).toContain("<FormatoTrasmissione>FPA12</FormatoTrasmissione>");

    await answerWithReceipt(imap, mailbox, m, "NS", { errors: [{ code: "00305", description: "IdFiscaleIVA del CessionarioCommittente non valido" }] });
    const pass = await check(a);
    expect(pass.outcomes).toEqual({ Applicata: 1 });
    const scartata = await getInvoice(a, doc.id);
    expect(scartata.sdiState).toBe("Scartata");
    const bell = (await a.get("/api/notifications")).body.notifications as { title: string }[];
    expect(bell.some((n) => n.title.includes("scartata dallo SDI"))).toBe(true);

    const resent = await send(a, doc.id);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.invoice.sdiState).toBe("Inviata allo SDI");
    expect(resent.body.transmission.fileName).not.toBe(fileName);
    expect(sentFor(fileName)).toHaveLength(1);
    expect(sentFor(resent.body.transmission.fileName)).toHaveLength(1);
    // the rest of this file sends unsigned invoices
    expect((await a.json("DELETE", "/api/sdi-channel/certificate")).status).toBe(200);
    expect((await a.json("GET", `/api/invoices/update-form-data/${doc.id}`)).body.formData.sdiSigns).toBe(false);
  });

  it("451 once: the answer says 'In coda', the queue sends it once a second later", async () => {
    const doc = await issue();
    smtp.failNext(1, 451);
    const r = await send(a, doc.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.transmission).toMatchObject({ state: "In coda", attempts: 1 });
    expect(r.body.message).toMatch(/^Invio allo SDI non ancora riuscito: Il server della PEC non ha accettato il messaggio per ora/);
    expect(r.body.invoice.sdiState).toBeNull();
    const fileName = r.body.transmission.fileName as string;
    expect(sentFor(fileName)).toHaveLength(0);
    const later = await waitFor(() => getInvoice(a, doc.id), (d) => d.sdiState === "Inviata allo SDI");
    expect(later.sdiState).toBe("Inviata allo SDI");
    await new Promise((res) => setTimeout(res, 3000));
    expect(sentFor(fileName)).toHaveLength(1);
  });

  it("the same document sent by two requests at once, and a queued one taken by two workers at once: one PEC each", async () => {
    const doc = await issue();
    const [r1, r2] = await Promise.all([send(a, doc.id), send(a, doc.id)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const fileName = (r1.status === 200 ? r1 : r2).body.transmission.fileName as string;
    expect(sentFor(fileName)).toHaveLength(1);

    // a queued row (451), then two workers of this process beside the server's own queue
    const queuedDoc = await issue();
    smtp.failNext(1, 451);
    const q = await send(a, queuedDoc.id);
    expect(q.body.transmission.state).toBe("In coda");
    // the embedded PGlite is the server's alone: there the server's own sweep is the only worker
    if (server.kind === "postgres") {
      const tenantId = (await a.get("/api/tenants/get-actual")).body.tenant.id as number;
      const opened = await server.database.open();
      try {
        await Promise.all([attemptTransmission(opened.db, tenantId, q.body.transmission.id), attemptTransmission(opened.db, tenantId, q.body.transmission.id)]);
      } finally {
        await opened.close();
      }
    }
    await waitFor(() => getInvoice(a, queuedDoc.id), (d) => d.sdiState === "Inviata allo SDI");
    await new Promise((res) => setTimeout(res, 3000));
    expect(sentFor(q.body.transmission.fileName)).toHaveLength(1);
  });
});

describe("the mailbox: 'Da verificare' and purchases", () => {
  it("a stranger's message and a receipt about no invoice of ours are 'Da verificare' (listed, file downloadable, not by another tenant); the provider's acceptance is not listed", async () => {
    await deliverStranger(imap, mailbox);
    await deliverProviderReceipt(imap, mailbox, "Invio File IT01234567897_00001.xml");
    const fake = { parsed: { attachments: [{ filename: "IT09999999999_ZZZZZ.xml" }] } } as unknown as ReceivedSmtpMessage;
    await answerWithReceipt(imap, mailbox, fake, "RC");
    const pass = await check(a);
    expect(pass.outcomes).toEqual({ "Da verificare": 2, Ignorata: 1 });

    const list = await a.get("/api/sdi-inbox");
    expect(list.status).toBe(200);
    const messages = list.body.messages as { id: number; from: string; reason: string; outcome: string; files: { name: string; url: string }[] }[];
    const stranger = messages.find((x) => x.from === "fornitore@pec.altro.test")!;
    expect(stranger.outcome).toBe("Da verificare");
    expect(stranger.reason).toBe(SDI_INBOX_MESSAGES.noFiles);
    const receipt = messages.find((x) => x.from === "sdi23@pec.fatturapa.it")!;
    expect(receipt.reason).toContain("Nessuna fattura di questa azienda corrisponde al file IT09999999999_ZZZZZ.xml");
    expect(messages.some((x) => x.reason.includes("Ricevuta del gestore PEC"))).toBe(false);

    const file = await a.get(stranger.files[0].url);
    expect(file.status).toBe(200);
    expect(file.body.filename).toBe("preventivo.pdf");
    expect(Buffer.from(file.body.contentBase64, "base64").toString()).toBe("%PDF-1.4 prova");
    expect((await b.get(stranger.files[0].url)).status).toBe(404);
    expect((await b.get("/api/sdi-inbox")).body.messages).toEqual([]);
  });

  it("an invoice from a supplier delivered by SDI (with its MT file) becomes a purchase, once", async () => {
    const vat = partitaIva(7_100_001);
    const xml = receivedXml({ number: "FP-77", supplier: { vatNumber: vat, companyName: "Fornitore PEC S.r.l." } });
    await deliverInvoice(imap, mailbox, { fileName: `IT${vat}_0A1B2.xml`, bytes: xml });
    const pass = await check(a);
    expect(pass.outcomes).toEqual({ Importata: 1 });
    const expenses = await a.get("/api/expenses?startRow=0&limit=50");
    expect(expenses.status).toBe(200);
    expect(JSON.stringify(expenses.body.data)).toContain("FP-77");
    // delivered again (SDI retries): recognised as already imported, no second purchase
    await deliverInvoice(imap, mailbox, { fileName: `IT${vat}_0A1B2.xml`, bytes: xml });
    const again = await check(a);
    expect(again.outcomes).toEqual({ Importata: 1 });
    const after = await a.get("/api/expenses?startRow=0&limit=50");
    expect(after.body.count).toBe(expenses.body.count);
  });
});
