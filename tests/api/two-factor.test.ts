/**
 * Two-factor login (issue 29): TOTP codes are computed here from the secret the setup answers, as an authenticator
 * app would (lib/auth/two-factor.ts totpCode, RFC 6238). A code is accepted once: after enabling with the current
 * step's code, the next login uses the next step's (accepted one step ahead), never the same code twice.
 */
import { describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "@/db/seed";
import { DEMO_REFUSED } from "@/lib/api/demo";
import { INVALID_LOGIN, TWO_FACTOR_ALREADY_ON, TWO_FACTOR_CODE_NEEDED, TWO_FACTOR_CODE_WRONG, TWO_FACTOR_NOT_ON, TWO_FACTOR_NOT_STARTED } from "@/lib/auth/messages";
import { totpCode } from "@/lib/auth/two-factor";
import { Client, linkIn, randomAddress, sentMails, signUpTenant, uniqueEmail } from "../support/http";
import { postSettings } from "../support/entity-api";

const SETUP = "/api/users/two-factor/setup";
const ENABLE = "/api/users/two-factor/enable";
const DISABLE = "/api/users/two-factor/disable";
const SESSION = "authjs.session-token";
const STEP_MS = 30_000;

/** A code `steps` periods from now. */
const code = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * STEP_MS);

function login(c: Client, username: string, password: string, otp?: string) {
  return c.postForm("/api/login", { username, password, ...(otp === undefined ? {} : { otp }) });
}

/** A new tenant's admin with two-factor on: its secret and its recovery codes. */
async function withTwoFactor(address?: string) {
  const account = await signUpTenant("Due Fattori S.r.l.", { address });
  const setup = await account.client.json("POST", SETUP);
  const enabled = await account.client.postEntity(ENABLE, "twoFactor", { code: code(setup.body.secret) });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { ...account, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describe("two-factor setup in the profile", () => {
  it("answers a secret and its otpauth URL, turns on with a code of it and answers 10 recovery codes once", async () => {
    const { client, email } = await signUpTenant("Due Fattori S.r.l.");
    expect((await client.get("/api/users/get-profile")).body.user.twoFactorEnabled).toBe(false);

    const setup = await client.json("POST", SETUP);
    expect(setup.status).toBe(200);
    expect(setup.body).toMatchObject({ status: "ok", secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    const url = new URL(setup.body.otpauthUrl);
    expect([url.protocol, url.host, url.searchParams.get("secret"), url.searchParams.get("issuer"), url.searchParams.get("digits"), url.searchParams.get("period")]).toEqual([
      "otpauth:",
      "totp",
      setup.body.secret,
      "Gestionale",
      "6",
      "30",
    ]);
    expect(decodeURIComponent(url.pathname)).toBe(`/Gestionale:${email}`);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);

    const on = await client.postEntity(ENABLE, "twoFactor", { code: code(setup.body.secret) });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe("Autenticazione a due fattori attivata");
    expect(on.body.recoveryCodes).toHaveLength(10);
    expect(new Set(on.body.recoveryCodes).size).toBe(10);
    for (const c of on.body.recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const profile = (await client.get("/api/users/get-profile")).body.user;
    expect(profile.twoFactorEnabled).toBe(true);
    expect(JSON.stringify(profile)).not.toContain(setup.body.secret);
    expect((await client.get("/api/me")).body.twoFactor).toEqual({ enabled: true, required: false });

    // on: no second setup (it would replace the secret in use), no second enable
    expect([(await client.json("POST", SETUP)).body.message]).toEqual([TWO_FACTOR_ALREADY_ON]);
    const again = await client.postEntity(ENABLE, "twoFactor", { code: code(setup.body.secret, 1) });
    expect([again.status, again.body.message]).toEqual([400, TWO_FACTOR_ALREADY_ON]);
  });

  it("refuses a wrong code, a missing code and an enable without setup with 400 and leaves it off", async () => {
    const { client, email, password } = await signUpTenant("Due Fattori S.r.l.");
    const none = await client.postEntity(ENABLE, "twoFactor", { code: "123456" });
    expect([none.status, none.body.message]).toEqual([400, TWO_FACTOR_NOT_STARTED]);

    const setup = await client.json("POST", SETUP);
    const right = code(setup.body.secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const r = await client.postEntity(ENABLE, "twoFactor", { code: wrong });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: "error", message: TWO_FACTOR_CODE_WRONG, errors: [TWO_FACTOR_CODE_WRONG] });
    const empty = await client.postEntity(ENABLE, "twoFactor", { code: " " });
    expect([empty.status, empty.body.errors]).toEqual([400, ['Il campo "Codice di verifica" è richiesto']]);
    // a code of an older secret: a second setup replaced it
    const second = await client.json("POST", SETUP);
    expect(second.body.secret).not.toBe(setup.body.secret);
    const old = await client.postEntity(ENABLE, "twoFactor", { code: right });
    expect([old.status, old.body.message]).toEqual([400, TWO_FACTOR_CODE_WRONG]);

    expect((await client.get("/api/users/get-profile")).body.user.twoFactorEnabled).toBe(false);
    const off = await login(new Client(), email, password);
    expect([off.status, off.body.status]).toEqual([200, "ok"]);
    const disable = await client.postEntity(DISABLE, "twoFactor", { code: right });
    expect([disable.status, disable.body.message]).toEqual([400, TWO_FACTOR_NOT_ON]);
  });

  it("limits wrong codes in the profile: after 10 the 11th try is a 429", async () => {
    const { client } = await signUpTenant("Due Fattori S.r.l.");
    const setup = await client.json("POST", SETUP);
    const right = code(setup.body.secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.postEntity(ENABLE, "twoFactor", { code: wrong })).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    const r = await client.postEntity(ENABLE, "twoFactor", { code: right });
    expect([r.status, r.body.message]).toEqual([429, expect.stringMatching(/^Troppi codici di verifica errati: riprova tra \d+ minuti$/)]);
    expect((await client.get("/api/users/get-profile")).body.user.twoFactorEnabled).toBe(false);
  });

  it("is refused in the public demo account", async () => {
    const demo = await Client.as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    for (const [url, body] of [[SETUP], [ENABLE, { code: "123456" }], [DISABLE, { code: "123456" }]] as const) {
      const r = body ? await demo.postEntity(url, "twoFactor", body) : await demo.json("POST", url);
      expect([url, r.status, r.body.message]).toEqual([url, 403, DEMO_REFUSED]);
    }
    expect((await demo.get("/api/users/get-profile")).body.user.twoFactorEnabled).toBe(false);
  });

  it("needs a session", async () => {
    expect((await new Client().json("POST", SETUP)).status).toBe(401);
  });
});

describe("login with two-factor on", () => {
  it("without otp answers 401 twoFactorRequired and sets no session; with the code it logs in", async () => {
    const { email, password, secret } = await withTwoFactor();
    const c = new Client();
    const r = await login(c, email, password);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ status: "error", twoFactorRequired: true, message: TWO_FACTOR_CODE_NEEDED });
    expect(c.hasCookie(SESSION)).toBe(false);
    expect((await c.get("/api/me")).status).toBe(401);

    // a wrong password is still only a wrong password (nothing said about a second factor)
    expect((await login(c, email, "sbagliata1")).body).toEqual({ status: "error", message: INVALID_LOGIN });
    expect((await login(c, email, "sbagliata1", code(secret, 1))).body).toEqual({ status: "error", message: INVALID_LOGIN });

    const next = code(secret, 1);
    const ok = await login(c, email, password, next);
    expect([ok.status, ok.body.message]).toEqual([200, "Accesso effettuato"]);
    expect(c.hasCookie(SESSION)).toBe(true);
    expect((await c.get("/api/me")).body).toMatchObject({ username: email, twoFactor: { enabled: true, required: false } });

    // the same code a second time: refused (RFC 6238 §5.2), no session
    const replay = new Client();
    const again = await login(replay, email, password, next);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ status: "error", twoFactorRequired: true, message: TWO_FACTOR_CODE_WRONG });
    expect(replay.hasCookie(SESSION)).toBe(false);
  });

  it("takes a recovery code once, with spaces or capitals as typed from paper", async () => {
    const { email, password, recoveryCodes } = await withTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    const a = new Client();
    expect((await login(a, email, password, ` ${first.toUpperCase()} `)).status).toBe(200);
    expect((await a.get("/api/me")).status).toBe(200);
    const b = new Client();
    const used = await login(b, email, password, first);
    expect([used.status, used.body.message, used.body.twoFactorRequired]).toEqual([401, TWO_FACTOR_CODE_WRONG, true]);
    expect(b.hasCookie(SESSION)).toBe(false);
    expect((await login(b, email, password, second.replace("-", ""))).status).toBe(200);
  });

  it("counts wrong codes as the login throttle counts wrong passwords: the 4th try waits, even with the right code", async () => {
    const address = randomAddress();
    const { email, password, secret } = await withTwoFactor(address);
    const c = new Client(undefined, address);
    const right = code(secret, 1);
    const wrong = right === "000000" ? "111111" : "000000";
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await login(c, email, password, wrong)).status);
    const fourth = await login(c, email, password, right);
    statuses.push(fourth.status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(fourth.body.message).toMatch(/^Troppi tentativi di accesso non riusciti: riprova tra \d+ secondi$/);
    expect(c.hasCookie(SESSION)).toBe(false);
    // asking without a code is no failure: another address still logs in at once with the code
    const other = new Client(undefined, randomAddress());
    expect((await login(other, email, password)).status).toBe(401);
    expect((await login(other, email, password, right)).status).toBe(200);
  });

  it("turns off with a current code (or a recovery code): the login asks for none again, the old codes are gone", async () => {
    const { client, email, password, secret, recoveryCodes } = await withTwoFactor();
    const wrong = await client.postEntity(DISABLE, "twoFactor", { code: "aaaaa-aaaaa" });
    expect([wrong.status, wrong.body.message]).toEqual([400, TWO_FACTOR_CODE_WRONG]);
    expect((await client.get("/api/users/get-profile")).body.user.twoFactorEnabled).toBe(true);

    const off = await client.postEntity(DISABLE, "twoFactor", { code: code(secret, 1) });
    expect([off.status, off.body.message]).toEqual([200, "Autenticazione a due fattori disattivata"]);
    expect((await client.get("/api/users/get-profile")).body.user.twoFactorEnabled).toBe(false);
    expect((await login(new Client(), email, password)).status).toBe(200);

    // on again with a new secret: the old recovery codes do not turn it off
    const setup = await client.json("POST", SETUP);
    expect(setup.body.secret).not.toBe(secret);
    expect((await client.postEntity(ENABLE, "twoFactor", { code: code(setup.body.secret) })).status).toBe(200);
    expect((await client.postEntity(DISABLE, "twoFactor", { code: recoveryCodes[0] })).status).toBe(400);
  });

  it("turns off with a recovery code", async () => {
    const { client, email, password, recoveryCodes } = await withTwoFactor();
    expect((await client.postEntity(DISABLE, "twoFactor", { code: recoveryCodes[3] })).status).toBe(200);
    expect((await login(new Client(), email, password)).status).toBe(200);
  });
});

describe("two-factor required by the tenant", () => {
  it("is an admin setting of Impostazioni; /api/me tells the users who have not set it up", async () => {
    const { client } = await signUpTenant("Obbligo S.r.l.");
    const tenant = (await client.get("/api/tenants/get-actual")).body.tenant;
    expect(tenant.twoFactorRequired).toBe(false);
    const saved = await postSettings(client, { ...tenant, twoFactorRequired: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.tenant.twoFactorRequired).toBe(true);
    expect((await client.get("/api/me")).body.twoFactor).toEqual({ enabled: false, required: true });

    const setup = await client.json("POST", SETUP);
    expect((await client.postEntity(ENABLE, "twoFactor", { code: code(setup.body.secret) })).status).toBe(200);
    expect((await client.get("/api/me")).body.twoFactor).toEqual({ enabled: true, required: true });
  });
});

describe("two-factor turned off by an administrator (phone and recovery codes lost)", () => {
  const RESET = (id: number) => `/api/users/two-factor/reset/${id}`;

  it("an admin turns off another user's two-factor: the next login needs no code, the audit log says who; ROLE_USER, oneself and another tenant cannot", async () => {
    const admin = await signUpTenant("Reset Due Fattori S.r.l.");
    const email = uniqueEmail("smarrito");
    const invited = await admin.client.postEntity("/api/users", "user", { email, firstName: "Ugo", lastName: "Smarriti", roles: ["ROLE_USER"], color: "#c3dcf7" });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const userId = invited.body.user.id as number;
    const token = new URL(linkIn(sentMails(email).at(-1)!.text, "/sign-in?token=")).searchParams.get("token")!;
    const user = new Client();
    expect((await user.postEntity("/api/sign-in", "passwordSet", { token, passwordFirst: "ugo12345", passwordSecond: "ugo12345" })).status).toBe(200);
    const setup = await user.json("POST", SETUP);
    expect((await user.postEntity(ENABLE, "twoFactor", { code: code(setup.body.secret) })).status).toBe(200);
    expect((await login(new Client(), email, "ugo12345")).body.twoFactorRequired).toBe(true);
    expect((await admin.client.get(`/api/users/update-form-data/${userId}`)).body.user.twoFactorEnabled).toBe(true);

    // not a ROLE_USER's call, not for oneself, not across tenants (404: the id is not this tenant's)
    expect((await user.json("POST", RESET(userId))).status).toBe(403);
    const self = await admin.client.get("/api/me");
    expect([(await admin.client.json("POST", RESET(self.body.user.id))).status]).toEqual([400]);
    const other = await signUpTenant("Altra Azienda S.r.l.");
    expect((await other.client.json("POST", RESET(userId))).status).toBe(404);
    expect((await login(new Client(), email, "ugo12345")).body.twoFactorRequired).toBe(true);

    const reset = await admin.client.json("POST", RESET(userId));
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.message).toMatch(/^Autenticazione a due fattori disattivata/);
    expect(reset.body.user).toMatchObject({ id: userId, twoFactorEnabled: false });
    expect((await login(new Client(), email, "ugo12345")).status).toBe(200);
    // once: a second reset finds nothing to turn off
    expect((await admin.client.json("POST", RESET(userId))).body.message).toBe("L'utente non ha attivato l'autenticazione a due fattori");

    const log = await admin.client.get("/api/audit-events?startRow=0&limit=50");
    expect(log.body.data.find((e: { event: string; address: string }) => e.event === "Autenticazione a due fattori disattivata" && e.address === email)).toMatchObject({ detail: "Disattivata da un amministratore" });
  });
});
