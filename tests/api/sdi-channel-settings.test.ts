/**
 * Impostazioni › Fatturazione elettronica over HTTP (issue 31): the PEC settings and the signing certificate are saved
 * and never answered back (passwords: hasPassword; certificate: subject and expiry), an empty password keeps the saved
 * one, a wrong certificate password is a 400 in Italian, and 'Prova connessione' logs in to real servers started here
 * (smtp-server from npm, Debian's dovecot) and names a closed port.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "@/db/seed";
import { DEMO_REFUSED } from "@/lib/api/demo";
import { makeTestCertificate } from "@/lib/fiscal/sign-testing";
import { type Client, signUpTenant } from "../support/http";
import { FORM_ERROR, loginAs, loginBianchi, SAVED } from "../support/entity-api";
import { freePort, startImapServer, startSmtpServer, type TestImapServer, type TestSmtpServer } from "../support/pec-servers";

const SETTINGS = "/api/sdi-channel/settings";
const CERTIFICATE = "/api/sdi-channel/certificate";
const TEST = "/api/sdi-channel/test-connection";

const settings = (smtp: TestSmtpServer, imap: { host: string; port: number }, over: { smtpPassword?: string; imapPassword?: string } = {}) => ({
  pec: "azienda@pec.example.it",
  smtp: { host: smtp.host, port: smtp.port, secure: false, user: smtp.user, password: over.smtpPassword ?? smtp.password },
  imap: { host: imap.host, port: imap.port, secure: false, user: "azienda@pec.example.it", password: over.imapPassword ?? "imap-segreta" },
  sdiAddress: "",
});

function upload(c: Client, p12: Uint8Array, password: string) {
  const fd = new FormData();
  fd.set("certificate", new Blob([Buffer.from(p12)], { type: "application/x-pkcs12" }), "firma.p12");
  fd.set("password", password);
  return c.json("POST", CERTIFICATE, { body: fd });
}

describe("SDI channel settings", () => {
  let c: Client;
  let smtp: TestSmtpServer;
  let imap: TestImapServer;
  const cert = makeTestCertificate({ commonName: "Impresa Firmataria S.r.l.", password: "firma-1234" });

  beforeAll(async () => {
    c = (await signUpTenant("PEC Impostazioni S.r.l.")).client;
    smtp = await startSmtpServer();
    imap = await startImapServer();
    imap.addUser("azienda@pec.example.it", "imap-segreta");
  });
  afterAll(async () => {
    cert.cleanup();
    await smtp?.stop();
    await imap?.stop();
  });

  it("saves the PEC settings, answers hasPassword and never a password; an empty password keeps the saved one", async () => {
    const first = await c.get(SETTINGS);
    expect(first.status).toBe(200);
    expect(first.body.settings).toEqual({
      pec: "",
      smtp: { host: "", port: 465, secure: true, user: "", hasPassword: false },
      imap: { host: "", port: 993, secure: true, user: "", hasPassword: false },
      sdiAddress: "sdi01@pec.fatturapa.it",
      certificate: null,
    });
    const saved = await c.postEntity(SETTINGS, "settings", settings(smtp, imap));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(SAVED);
    expect(saved.body.settings.smtp).toEqual({ host: smtp.host, port: smtp.port, secure: false, user: smtp.user, hasPassword: true });
    const read = await c.get(SETTINGS);
    expect(read.body.settings.imap.hasPassword).toBe(true);
    for (const body of [saved.body, read.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(smtp.password);
      expect(text).not.toContain("imap-segreta");
      expect(text).not.toMatch(/"password"/);
    }
    // blank passwords: kept (the saved ones still log in)
    const again = await c.postEntity(SETTINGS, "settings", settings(smtp, imap, { smtpPassword: "", imapPassword: "" }));
    expect(again.status).toBe(200);
    expect(again.body.settings.smtp.hasPassword).toBe(true);
    const check = await c.json("POST", TEST);
    expect(check.status).toBe(200);
    expect(check.body.results).toEqual([
      { server: "SMTP", ok: true, message: "SMTP: connessione riuscita" },
      { server: "IMAP", ok: true, message: "IMAP: connessione riuscita" },
    ]);
  });

  it("'Prova connessione' with typed values: wrong passwords and a closed port, in Italian per server", async () => {
    const wrong = await c.postEntity(TEST, "settings", settings(smtp, imap, { smtpPassword: "sbagliata", imapPassword: "sbagliata" }));
    expect(wrong.status).toBe(200);
    expect(wrong.body.results[0]).toMatchObject({ server: "SMTP", ok: false, message: expect.stringMatching(/^SMTP: autenticazione non riuscita \(.+\)$/) });
    expect(wrong.body.results[1]).toMatchObject({ server: "IMAP", ok: false, message: expect.stringMatching(/^IMAP: autenticazione non riuscita \(.+\)$/) });
    const closed = await freePort();
    const refused = await c.postEntity(TEST, "settings", {
      ...settings(smtp, imap),
      smtp: { host: "127.0.0.1", port: closed, secure: false, user: "x", password: "y" },
      imap: { host: "127.0.0.1", port: closed, secure: false, user: "x", password: "y" },
    });
    expect(refused.body.results.map((r: { message: string }) => r.message)).toEqual([
      `SMTP: connessione non riuscita (connessione rifiutata da 127.0.0.1:${closed})`,
      `IMAP: connessione non riuscita (connessione rifiutata da 127.0.0.1:${closed})`,
    ]);
    // typed values with an empty password use the saved one
    const typed = await c.postEntity(TEST, "settings", settings(smtp, imap, { smtpPassword: "", imapPassword: "" }));
    expect(typed.body.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
  });

  it("'Prova connessione' gives up on a silent server within its 10 s timeout", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s)); // accepts and never greets
    const port = await freePort();
    await new Promise<void>((r) => silent.listen(port, "127.0.0.1", () => r()));
    try {
      const started = Date.now();
      const r = await c.postEntity(TEST, "settings", { ...settings(smtp, imap), smtp: { host: "127.0.0.1", port, secure: false, user: "x", password: "y" } });
      expect(Date.now() - started).toBeLessThan(25_000);
      expect(r.body.results[0].message).toBe(`SMTP: connessione non riuscita (nessuna risposta da 127.0.0.1:${port} entro 10 secondi)`);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  }, 40_000);

  it("refuses bad values with an Italian 400 and writes nothing", async () => {
    const before = (await c.get(SETTINGS)).body.settings;
    const bad = await c.postEntity(SETTINGS, "settings", { ...settings(smtp, imap), pec: "non-una-pec", smtp: { host: "smtp.example.it", port: 70000 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message.startsWith(FORM_ERROR)).toBe(true);
    expect(bad.body.errors).toEqual(expect.arrayContaining(['Il campo "Indirizzo PEC" deve essere un indirizzo email corretto', "La porta deve essere un numero intero tra 1 e 65535"]));
    expect((await c.get(SETTINGS)).body.settings).toEqual(before);
  });

  it("the certificate: a wrong password is a 400 'Password del certificato errata' and nothing is stored; then subject and expiry only", async () => {
    const wrong = await upload(c, cert.p12, "sbagliata");
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Password del certificato errata");
    expect((await c.get(SETTINGS)).body.settings.certificate).toBeNull();
    const notP12 = await upload(c, new TextEncoder().encode("<xml/>"), "x");
    expect(notP12.status).toBe(400);
    expect(notP12.body.message).toBe("Il file non è un certificato PKCS#12 (.p12 / .pfx) leggibile");
    const noPassword = await upload(c, cert.p12, "");
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe("Inserisci la password del certificato");

    const ok = await upload(c, cert.p12, cert.password);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.settings.certificate).toMatchObject({ subject: expect.stringMatching(/^Impresa Firmataria S\.r\.l\./), expired: false });
    const read = (await c.get(SETTINGS)).body;
    expect(read.settings.certificate.subject).toBe(ok.body.settings.certificate.subject);
    const text = JSON.stringify(read);
    expect(text).not.toContain(cert.password);
    expect(text).not.toContain(Buffer.from(cert.p12).toString("base64").slice(0, 40));
    // the PEC passwords survived the upload
    expect(read.settings.smtp.hasPassword).toBe(true);

    const removed = await c.json("DELETE", CERTIFICATE);
    expect(removed.status).toBe(200);
    expect(removed.body.settings.certificate).toBeNull();
  });

  it("is the tenant's own: another tenant sees none of it; a user without ROLE_ADMIN and the demo are refused", async () => {
    const other = (await signUpTenant("Altra PEC S.r.l.")).client;
    const theirs = await other.get(SETTINGS);
    expect(theirs.body.settings).toMatchObject({ pec: "", smtp: { host: "", hasPassword: false } });
    const check = await other.json("POST", TEST);
    expect(check.body.results.map((r: { message: string }) => r.message)).toEqual(["SMTP: server non configurato", "IMAP: server non configurato"]);
    const user = await loginBianchi();
    expect((await user.get(SETTINGS)).status).toBe(403);
    expect((await user.postEntity(SETTINGS, "settings", settings(smtp, imap))).status).toBe(403);
    const demo = await loginAs(DEMO_LOGIN);
    const refused = await demo.postEntity(SETTINGS, "settings", settings(smtp, imap));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DEMO_REFUSED);
  });
});
