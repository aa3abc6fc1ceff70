import { describe, expect, it } from "vitest";
import { BIANCHI_LOGIN, DEMO_LOGIN, ROSSI_LOGIN } from "@/db/seed";
import { INVALID_LOGIN } from "@/lib/auth/messages";
import { Client, uniqueEmail } from "../support/http";

describe("login and session", () => {
  it("logs in with username and returns the current user from /api/me", async () => {
    const c = new Client();
    const r = await c.login(DEMO_LOGIN.username, DEMO_LOGIN.password);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ok", redirectTo: "/" });
    const me = await c.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ status: "ok", username: "demo", roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"], tenant: { id: 1 } });
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|passwordHash/);
  });

  it("logs in with the e-mail, case-insensitively", async () => {
    const c = new Client();
    expect((await c.login("MARIO.Rossi@example.it", ROSSI_LOGIN.password)).status).toBe(200);
    expect((await c.get("/api/me")).body.username).toBe(ROSSI_LOGIN.username);
  });

  it("refuses a wrong password with 401 and an Italian message, and sets no session", async () => {
    const c = new Client();
    const r = await c.login(ROSSI_LOGIN.username, "sbagliata1");
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ status: "error", message: INVALID_LOGIN });
    expect((await c.get("/api/me")).status).toBe(401);
  });

  it("answers 401 on /api/me and on protected calls without a session", async () => {
    const c = new Client();
    for (const url of ["/api/me", "/api/tenants/get-data", "/api/users/get-profile", "/api/tenants/get-logo-thumb"]) {
      const r = await c.get(url);
      expect(r.status, url).toBe(401);
      expect(r.body.status).toBe("error");
      expect(r.body.message).toMatch(/login/i);
    }
  });

  it("slows down repeated failed logins on the same name", async () => {
    const c = new Client();
    const name = uniqueEmail("nessuno");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await c.login(name, "sbagliata1")).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const r = await c.login(name, "sbagliata1");
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^Troppi tentativi di accesso non riusciti: riprova tra \d+ secondi$/);
  });

  it("logs out with POST and with GET", async () => {
    for (const method of ["POST", "GET"]) {
      const c = await Client.as(BIANCHI_LOGIN.username, BIANCHI_LOGIN.password);
      expect((await c.get("/api/me")).status).toBe(200);
      const r = await c.json(method, "/api/logout");
      expect(r.status).toBe(200);
      expect(r.body.status).toBe("ok");
      expect((await c.get("/api/me")).status, method).toBe(401);
    }
  });

  it("logout succeeds even without a session", async () => {
    const r = await new Client().json("POST", "/api/logout");
    expect(r.status).toBe(200);
  });
});

describe("bad input on login never 500s", () => {
  it("missing fields give the validation list", async () => {
    const r = await new Client().postForm("/api/login", {});
    expect(r.status).toBe(400);
    expect(r.body.message).toContain("Errore nella compilazione dei campi");
    expect(r.body.errors).toEqual(['Il campo "Username o email" è richiesto', 'Il campo "Password" è richiesto']);
  });

  it("malformed JSON is a 400", async () => {
    const r = await new Client().json("POST", "/api/login", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body.status).toBe("error");
  });

  it("an unsupported body type is a 400", async () => {
    const r = await new Client().json("POST", "/api/login", { body: "username=x", headers: { "content-type": "text/plain" } });
    expect(r.status).toBe(400);
  });

  it("an oversize body is a 413", async () => {
    const r = await new Client().postForm("/api/login", { username: "x", password: "y".repeat(2 * 1024 * 1024) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ status: "error", message: "File troppo grande" });
  });
});
