import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { auditEvents, sdiChannelSettings } from "@/db/schema";
import { openSecret } from "@/lib/crypto/secret-box";
import { signCades, WRONG_P12_PASSWORD } from "@/lib/fiscal/sign";
import { makeTestCertificate } from "@/lib/fiscal/sign-testing";
import { sdiChannelSettingsSchema } from "@/lib/schemas/sdi-channel";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import {
  deleteSigningCertificate,
  getSdiChannelSettings,
  loadSdiChannelSettings,
  rememberSdiAddress,
  saveSdiChannelSettings,
  saveSigningCertificate,
} from "./sdi-channel-settings";

process.env.AUTH_SECRET ??= "sdi-channel-settings-test-secret";
const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

const input = (over: Record<string, unknown> = {}) =>
  sdiChannelSettingsSchema.parse({
    pec: "azienda@pec.example.it",
    smtp: { host: "smtps.pec.example.it", port: 465, secure: true, user: "azienda@pec.example.it", password: "smtp-segreta" },
    imap: { host: "imaps.pec.example.it", port: "993", secure: true, user: "azienda@pec.example.it", password: "imap-segreta" },
    sdiAddress: "",
    ...over,
  });

describe.each(kinds)("SDI channel settings on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let scope: TenantScope;
  let other: TenantScope;
  const cert = makeTestCertificate({ commonName: "Azienda Firmataria", password: "cert-pass" });

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "sdichannel");
    database = await tdb.open();
    const a = await createTenantWithAdmin(database.db, { denomination: "PEC A", email: "peca@example.it", firstName: "A", lastName: "A", password: "abc12345" });
    const b = await createTenantWithAdmin(database.db, { denomination: "PEC B", email: "pecb@example.it", firstName: "B", lastName: "B", password: "abc12345" });
    scope = new TenantScope(database.db, a.tenant.id, { userId: a.admin.id, roles: a.admin.roles });
    other = new TenantScope(database.db, b.tenant.id, { userId: b.admin.id, roles: b.admin.roles });
  });
  afterAll(async () => {
    cert.cleanup();
    await database?.close();
    await tdb?.drop();
  });

  const raw = async (tenantId: number) => (await database.db.select().from(sdiChannelSettings).where(eq(sdiChannelSettings.tenantId, tenantId)))[0];

  it("answers defaults before anything is saved, and null to the channel", async () => {
    expect(await getSdiChannelSettings(scope)).toEqual({
      pec: "",
      smtp: { host: "", port: 465, secure: true, user: "", hasPassword: false },
      imap: { host: "", port: 993, secure: true, user: "", hasPassword: false },
      sdiAddress: "sdi01@pec.fatturapa.it",
      certificate: null,
    });
    expect(await loadSdiChannelSettings(scope)).toBeNull();
  });

  it("keeps the passwords sealed at rest, answers only hasPassword, and gives the channel the plain values", async () => {
    const json = await saveSdiChannelSettings(scope, input());
    expect(json.smtp).toEqual({ host: "smtps.pec.example.it", port: 465, secure: true, user: "azienda@pec.example.it", hasPassword: true });
    expect(JSON.stringify(json)).not.toContain("segreta");
    const row = await raw(scope.tenantId);
    expect(row.smtpPassword).not.toBe("smtp-segreta");
    expect(row.smtpPassword).toMatch(/^v1\./);
    expect(row.smtpPassword).not.toContain("smtp-segreta");
    expect(openSecret(row.smtpPassword!)).toBe("smtp-segreta");
    expect(openSecret(row.imapPassword!)).toBe("imap-segreta");
    const loaded = await loadSdiChannelSettings(scope);
    expect(loaded).toMatchObject({
      pec: "azienda@pec.example.it",
      smtp: { host: "smtps.pec.example.it", port: 465, secure: true, user: "azienda@pec.example.it", password: "smtp-segreta" },
      imap: { port: 993, password: "imap-segreta" },
      sdiAddress: "sdi01@pec.fatturapa.it",
      certificate: null,
    });
    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.tenantId, scope.tenantId));
    expect(events.some((e) => e.event === "settings_changed" && e.detail.startsWith("Fatturazione elettronica: Indirizzo PEC"))).toBe(true);
    expect(JSON.stringify(events)).not.toContain("segreta");
  });

  it("keeps the saved password when the field comes empty, replaces it when typed", async () => {
    await saveSdiChannelSettings(scope, input({ smtp: { host: "smtp2.example.it", port: 587, secure: false, user: "u2", password: "" }, imap: { host: "imaps.pec.example.it", user: "x", password: "nuova-imap" } }));
    const loaded = (await loadSdiChannelSettings(scope))!;
    expect(loaded.smtp).toEqual({ host: "smtp2.example.it", port: 587, secure: false, user: "u2", password: "smtp-segreta" });
    expect(loaded.imap.password).toBe("nuova-imap");
  });

  it("stores the certificate checked with its password (sealed), shows subject and expiry, and the channel can sign with it", async () => {
    await expect(saveSigningCertificate(scope, cert.p12, "sbagliata")).rejects.toThrow(WRONG_P12_PASSWORD);
    expect((await raw(scope.tenantId)).certificate).toBeNull();
    const json = await saveSigningCertificate(scope, cert.p12, cert.password);
    expect(json.certificate).toMatchObject({ subject: expect.stringMatching(/^Azienda Firmataria/), expired: false });
    expect(new Date(json.certificate!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 300 * 86400_000);
    const row = await raw(scope.tenantId);
    expect(row.certificatePassword).not.toContain("cert-pass");
    const loaded = (await loadSdiChannelSettings(scope))!;
    expect(loaded.certificate!.password).toBe("cert-pass");
    expect(Buffer.from(loaded.certificate!.p12).equals(Buffer.from(cert.p12))).toBe(true);
    const p7m = await signCades(new TextEncoder().encode("<a/>"), loaded.certificate!.p12, loaded.certificate!.password);
    expect(p7m[0]).toBe(0x30);
    // the PEC settings were not touched by the upload
    expect(loaded.smtp.password).toBe("smtp-segreta");
    await deleteSigningCertificate(scope);
    expect((await getSdiChannelSettings(scope)).certificate).toBeNull();
    expect((await loadSdiChannelSettings(scope))!.certificate).toBeNull();
  });

  it("refuses an expired certificate on upload", async () => {
    await expect(saveSigningCertificate(scope, cert.p12, cert.password, new Date(Date.now() + 2 * 365 * 86400_000))).rejects.toThrow(/^Il certificato è scaduto il /);
  });

  it("remembers the SDI address SDI answered from, per tenant", async () => {
    await rememberSdiAddress(scope, " SDI27@pec.fatturapa.it ");
    expect((await loadSdiChannelSettings(scope))!.sdiAddress).toBe("sdi27@pec.fatturapa.it");
    expect((await getSdiChannelSettings(other)).sdiAddress).toBe("sdi01@pec.fatturapa.it");
    expect(await loadSdiChannelSettings(other)).toBeNull();
    await rememberSdiAddress(other, "sdi05@pec.fatturapa.it");
    expect((await loadSdiChannelSettings(other))!.sdiAddress).toBe("sdi05@pec.fatturapa.it");
    expect((await loadSdiChannelSettings(scope))!.sdiAddress).toBe("sdi27@pec.fatturapa.it");
  });
});
