/**
 * The PEC channel on real servers started by the test (tests/support/pec-servers.ts: smtp-server from npm, Debian's
 * dovecot): a file sent reaches SDI's address as the only attachment; SMTP failures told apart (451 and a closed port
 * temporary; 554 and a wrong password permanent); the mailbox read through a PEC envelope (SDI's sender and files
 * from postacert.eml, the provider's receipts recognised), each message flagged once handled so a second poll finds
 * nothing, and a message whose handling failed left for the next poll.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startImapServer, startSmtpServer, type TestImapServer, type TestSmtpServer } from "@/tests/support/pec-servers";
import { answerWithReceipt, deliverProviderReceipt, deliverStranger, type Mailbox } from "@/tests/support/sdi-stand-in";
import { SdiPermanentError, SdiTemporaryError, type InboundMessage } from "./channel";
import { PecChannel, PROCESSED_KEYWORD, type PecChannelSettings } from "./pec-channel";

let smtp: TestSmtpServer;
let imap: TestImapServer;
const mailbox: Mailbox = { address: "azienda@pec.azienda.test", user: "azienda@pec.azienda.test", password: "segreta-imap" };

const settings = (over: Partial<PecChannelSettings> = {}): PecChannelSettings => ({
  pec: mailbox.address,
  smtp: { host: smtp.host, port: smtp.port, secure: false, user: smtp.user, password: smtp.password },
  imap: { host: imap.host, port: imap.port, secure: false, user: mailbox.user, password: mailbox.password },
  sdiAddress: "sdi01@pec.fatturapa.it",
  ...over,
});

const file = { tenantId: 1, documentId: 1, fileName: "IT01234567890_0000A.xml", bytes: new TextEncoder().encode("<?xml version=\"1.0\"?><p:FatturaElettronica/>") };

beforeAll(async () => {
  smtp = await startSmtpServer();
  imap = await startImapServer();
  imap.addUser(mailbox.user, mailbox.password);
}, 30_000);

afterAll(async () => {
  await smtp?.stop();
  await imap?.stop();
});

describe("PEC channel: send", () => {
  it("one PEC to the SDI address, from the tenant's PEC, the file attached under its name, subject 'Invio File …'", async () => {
    const before = smtp.received.length;
    const { providerId } = await new PecChannel(settings()).send(file);
    expect(smtp.received.length).toBe(before + 1);
    const m = smtp.received.at(-1)!;
    expect(m.to).toEqual(["sdi01@pec.fatturapa.it"]);
    expect(m.from).toBe(mailbox.address);
    expect(m.parsed.subject).toBe("Invio File IT01234567890_0000A.xml");
    expect(m.parsed.attachments).toHaveLength(1);
    expect(m.parsed.attachments[0].filename).toBe(file.fileName);
    expect(Buffer.from(m.parsed.attachments[0].content).equals(Buffer.from(file.bytes))).toBe(true);
    expect(providerId).toBe(m.parsed.messageId);
  });

  it("451: temporary (retry); 554: permanent; nothing stored by the server", async () => {
    const before = smtp.received.length;
    smtp.failNext(1, 451);
    await expect(new PecChannel(settings()).send(file)).rejects.toBeInstanceOf(SdiTemporaryError);
    smtp.failNext(1, 554);
    const err = await new PecChannel(settings()).send(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdiPermanentError);
    expect((err as Error).message).toMatch(/^Il server della PEC ha rifiutato il messaggio \(554/);
    expect(smtp.received.length).toBe(before);
  });

  it("a wrong password is permanent with an Italian message; a closed port is temporary", async () => {
    const wrong = settings();
    wrong.smtp = { ...wrong.smtp, password: "sbagliata" };
    const err = await new PecChannel(wrong).send(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdiPermanentError);
    expect((err as Error).message).toMatch(/^Autenticazione SMTP della PEC non riuscita/);
    const closed = settings();
    closed.smtp = { ...closed.smtp, port: await freePort() };
    const down = await new PecChannel(closed).send(file).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(SdiTemporaryError);
    expect((down as Error).message).toMatch(/^Server SMTP della PEC non raggiungibile/);
  });
});

describe("PEC channel: poll", () => {
  it("hands SDI's receipt unwrapped from the PEC envelope, the provider's receipt and a stranger's message; flags them; a second poll finds nothing", async () => {
    await new PecChannel(settings()).send(file);
    const receiptName = await answerWithReceipt(imap, mailbox, smtp.received.at(-1)!, "RC", { sdiAddress: "sdi23@pec.fatturapa.it" });
    await deliverProviderReceipt(imap, mailbox, "Invio File IT01234567890_0000A.xml");
    await deliverStranger(imap, mailbox);

    const seen: InboundMessage[] = [];
    const first = await new PecChannel(settings()).poll(async (m) => {
      seen.push(m);
    });
    expect(first).toEqual({ found: 3, processed: 3, failed: 0 });
    const [rc, acceptance, stranger] = seen;
    expect(rc.from).toBe("sdi23@pec.fatturapa.it");
    expect(rc.pecReceipt).toBeNull();
    expect(rc.files.map((f) => f.name)).toEqual([receiptName]);
    expect(new TextDecoder().decode(rc.files[0].bytes)).toContain("<NomeFile>IT01234567890_0000A.xml</NomeFile>");
    expect(rc.key).toMatch(/@pec\.fatturapa\.it>$/);
    expect(acceptance.pecReceipt).toBe("accettazione");
    expect(stranger.from).toBe("fornitore@pec.altro.test");
    expect(stranger.files.map((f) => f.name)).toEqual(["preventivo.pdf"]);

    const flags = await imap.flags(mailbox.user, mailbox.password);
    for (const f of flags.values()) {
      expect(f.has("\\Seen")).toBe(true);
      expect(f.has(PROCESSED_KEYWORD)).toBe(true);
    }
    const second = await new PecChannel(settings()).poll(async () => {
      throw new Error("nothing should be handed again");
    });
    expect(second).toEqual({ found: 0, processed: 0, failed: 0 });
  });

  it("a message whose handler failed stays unflagged and comes back at the next poll", async () => {
    await deliverStranger(imap, mailbox);
    const failing = await new PecChannel(settings()).poll(async () => {
      throw new Error("database down");
    });
    expect(failing).toEqual({ found: 1, processed: 0, failed: 1 });
    const keys: string[] = [];
    const again = await new PecChannel(settings()).poll(async (m) => {
      keys.push(m.key);
    });
    expect(again).toEqual({ found: 1, processed: 1, failed: 0 });
    expect(keys).toHaveLength(1);
  });

  it("a wrong IMAP password fails the poll (the job's next run tries again)", async () => {
    const wrong = settings();
    wrong.imap = { ...wrong.imap, password: "sbagliata" };
    await expect(new PecChannel(wrong).poll(async () => {})).rejects.toThrow();
  });
});
