import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startImapServer, startSmtpServer, type TestImapServer, type TestSmtpServer } from "@/tests/support/pec-servers";
import { checkImap, checkSmtp } from "./connection-check";

// 'Prova connessione' against real servers started here: smtp-server (npm) and Debian's dovecot.
describe("PEC connection check", () => {
  let smtp: TestSmtpServer;
  let imap: TestImapServer;
  beforeAll(async () => {
    smtp = await startSmtpServer("pec@prova.it", "giusta");
    imap = await startImapServer();
    imap.addUser("pec@prova.it", "giusta-imap");
  });
  afterAll(async () => {
    await smtp?.stop();
    await imap?.stop();
  });

  it("logs in to SMTP and IMAP with the right credentials", async () => {
    expect(await checkSmtp({ host: smtp.host, port: smtp.port, secure: false, user: "pec@prova.it", password: "giusta" })).toEqual({ server: "SMTP", ok: true, message: "SMTP: connessione riuscita" });
    expect(await checkImap({ host: imap.host, port: imap.port, secure: false, user: "pec@prova.it", password: "giusta-imap" })).toEqual({ server: "IMAP", ok: true, message: "IMAP: connessione riuscita" });
  });

  it("says a refused login per server", async () => {
    expect((await checkSmtp({ host: smtp.host, port: smtp.port, secure: false, user: "pec@prova.it", password: "no" })).message).toMatch(/^SMTP: autenticazione non riuscita \(.+\)$/);
    expect((await checkImap({ host: imap.host, port: imap.port, secure: false, user: "pec@prova.it", password: "no" })).message).toMatch(/^IMAP: autenticazione non riuscita \(.+\)$/);
  });

  it("names a closed port, and a TLS mismatch", async () => {
    const closed = await freePort();
    expect((await checkSmtp({ host: "127.0.0.1", port: closed, secure: false, user: "u", password: "p" })).message).toBe(`SMTP: connessione non riuscita (connessione rifiutata da 127.0.0.1:${closed})`);
    expect((await checkImap({ host: "127.0.0.1", port: closed, secure: false, user: "u", password: "p" })).message).toBe(`IMAP: connessione non riuscita (connessione rifiutata da 127.0.0.1:${closed})`);
    const tls = await checkSmtp({ host: smtp.host, port: smtp.port, secure: true, user: "pec@prova.it", password: "giusta" });
    expect(tls.ok).toBe(false);
    expect(tls.message).toMatch(/^SMTP: connessione non riuscita \(/);
  });

  it("asks for what is missing before connecting", async () => {
    expect((await checkSmtp({ host: "", port: 465, secure: true, user: "", password: "" })).message).toBe("SMTP: server non configurato");
    expect((await checkImap({ host: "imap.example.it", port: 993, secure: true, user: "u", password: "" })).message).toBe("IMAP: utente e password richiesti");
  });
});
