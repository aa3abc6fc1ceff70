/**
 * Links in e-mails and the calendar feed URL follow the origin the browser used (issue 29: they read
 * http://0.0.0.0:PORT, the address the server listens on). The suite's servers listen on 127.0.0.1 and trust it
 * as a proxy: a request with another Host (sent with node:http: fetch does not let a caller set Host), or a
 * trusted proxy's X-Forwarded-Host/-Proto, must get links on that origin, never on the listening address; a
 * server that trusts no proxy ignores forged forwarded headers. APP_URL's precedence: lib/api/links.test.ts.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKind } from "../support/databases";
import { Client, linkIn, sentMails, signUpTenant, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";

/** A POST with the headers given (Host included), the body urlencoded. */
function post(base: string, path: string, headers: Record<string, string>, fields: Record<string, string> = {}): Promise<{ status: number; body: Record<string, any> }> {
  const body = new URLSearchParams(fields).toString();
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const r = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text || "{}") }));
      },
    );
    r.on("error", reject);
    r.end(body);
  });
}

const resetLink = (to: string, dir?: string) => linkIn(sentMails(to, dir).at(-1)!.text, "/reset-password-two?token=");

describe("links follow the origin the browser used", () => {
  let admin: { client: Client; email: string };
  let port: string;

  beforeAll(async () => {
    admin = await signUpTenant("Studio Link S.r.l.");
    port = new URL(admin.client.base).port;
  });

  const reset = (headers: Record<string, string>) => post(admin.client.base, "/api/reset-password", { "x-forwarded-for": admin.client.address, ...headers }, { resetPassword: JSON.stringify({ email: admin.email }) });
  const feed = (headers: Record<string, string>) => post(admin.client.base, "/api/calendar/regenerate-token", { cookie: admin.client.cookieHeader(), "x-forwarded-for": admin.client.address, ...headers });

  it("the password-reset mail's link: the request's Host, then a trusted proxy's forwarded origin, and a bind Host becomes localhost", async () => {
    expect((await reset({ host: `gestionale.example.test:${port}` })).status).toBe(200);
    expect(resetLink(admin.email)).toMatch(new RegExp(`^http://gestionale\\.example\\.test:${port}/reset-password-two\\?token=`));

    expect((await reset({ host: `127.0.0.1:${port}`, "x-forwarded-host": "app.example.test", "x-forwarded-proto": "https" })).status).toBe(200);
    expect(resetLink(admin.email)).toMatch(/^https:\/\/app\.example\.test\/reset-password-two\?token=/);

    expect((await reset({ host: `0.0.0.0:${port}` })).status).toBe(200);
    const link = resetLink(admin.email);
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/reset-password-two\\?token=`));
    for (const m of sentMails(admin.email)) expect(m.text).not.toContain("0.0.0.0");
  });

  it("the calendar feed URL: the same origin as the request", async () => {
    const a = await feed({ host: `gestionale.example.test:${port}` });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.url).toMatch(new RegExp(`^http://gestionale\\.example\\.test:${port}/api/calendar/`));
    const b = await feed({ host: `127.0.0.1:${port}`, "x-forwarded-host": "app.example.test", "x-forwarded-proto": "https" });
    expect(b.body.url).toMatch(/^https:\/\/app\.example\.test\/api\/calendar\//);
    // GET /api/calendar/token answers the same URL for the same origin
    const c = await admin.client.json("GET", "/api/calendar/token", { headers: { "x-forwarded-host": "app.example.test", "x-forwarded-proto": "https" } });
    expect(c.body.url).toBe(b.body.url);
    for (const u of [a.body.url, b.body.url, c.body.url]) expect(u).not.toContain("0.0.0.0");
  });
});

describe("a server that trusts no proxy", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(testDbKind(), { TRUSTED_PROXIES: "" });
  }, 180_000);
  afterAll(async () => server?.stop());

  it("ignores a forged X-Forwarded-Host: the link is on the Host the request came with", async () => {
    const c = new Client(server.baseUrl);
    const email = uniqueEmail("forgia");
    const password = "prova1234";
    expect((await c.postEntity("/api/sign-up", "signUp", { denomination: "Forgia S.r.l.", firstName: "F", lastName: "F", email, password, passwordSecond: password, acceptTerms: true })).status).toBe(200);
    const port = new URL(server.baseUrl).port;
    const r = await post(server.baseUrl, "/api/reset-password", { host: `gestionale.example.test:${port}`, "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" }, { resetPassword: JSON.stringify({ email }) });
    expect(r.status).toBe(200);
    expect(resetLink(email, server.outboxDir)).toMatch(new RegExp(`^http://gestionale\\.example\\.test:${port}/reset-password-two\\?token=`));
  });
});
