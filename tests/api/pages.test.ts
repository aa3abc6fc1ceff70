import { describe, expect, it } from "vitest";
import { BIANCHI_LOGIN, DEMO_LOGIN, ROSSI_LOGIN } from "@/db/seed";
import { Client } from "../support/http";

const location = (r: Response) => (r.headers.get("location") ? new URL(r.headers.get("location")!, "http://x").pathname : null);

describe("pages: roles enforced on the server", () => {
  it("sends nobody to /login from every shell page, and serves the public pages", async () => {
    const c = new Client();
    for (const path of ["/", "/dashboard", "/fatture", "/utenti", "/anagrafica", "/acquista/4"]) {
      const r = await c.raw("GET", path);
      expect(r.status, path).toBe(307);
      expect(location(r), path).toBe("/login");
    }
    for (const path of ["/login", "/sign-up", "/reset-password", "/reset-password-two", "/sign-in", "/auth/access", "/auth/error"]) {
      expect((await c.raw("GET", path)).status, path).toBe(200);
    }
  });

  it("lets an admin open every area with its title", async () => {
    const c = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    for (const [path, title] of [
      ["/fatture", "Fatture"],
      ["/aliquote-iva", "Aliquote IVA"],
      ["/report-fatturazione", "Report fatturazione"],
      ["/utenti", "Utenti"],
      ["/fatture-acquisto", "Fatture d&#x27;acquisto"],
    ]) {
      const r = await c.raw("GET", path!);
      expect(r.status, path).toBe(200);
      expect(await r.text(), path).toContain(`>${title}</h1>`);
    }
  });

  it("redirects a ROLE_USER-only user away from Amministrazione, Statistiche and Impostazioni, to the last route", async () => {
    const c = await Client.as(BIANCHI_LOGIN.username, BIANCHI_LOGIN.password);
    let r = await c.raw("GET", "/fatture");
    expect(location(r)).toBe("/");
    expect((await c.raw("GET", "/agenda")).status).toBe(200); // remembered
    for (const path of ["/fatture", "/scadenziario", "/report-ore-vendite", "/utenti"]) {
      r = await c.raw("GET", path);
      expect(r.status, path).toBe(307);
      expect(location(r), path).toBe("/agenda");
    }
    // and the menu it gets holds only Sezioni
    const home = await (await c.raw("GET", "/")).text();
    expect(home).toContain("Sezioni");
    expect(home).not.toContain("Amministrazione");
    expect(home).not.toContain("Statistiche");
  });

  it("shows Preventivi only to the configured tenants", async () => {
    const c = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    const r = await c.raw("GET", "/preventivi");
    expect(r.status).toBe(307);
    expect(await (await c.raw("GET", "/")).text()).not.toContain(">Preventivi<");
  });

  it("logs the demo user out on /login", async () => {
    const c = await Client.as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    expect((await c.get("/api/me")).status).toBe(200);
    const r = await c.raw("GET", "/login");
    expect(r.status).toBe(200);
    expect((await c.get("/api/me")).status).toBe(401);
  });

  it("sends a logged-in ordinary user from /login to the remembered route", async () => {
    const c = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    await c.raw("GET", "/scadenziario");
    const r = await c.raw("GET", "/login");
    expect(location(r)).toBe("/scadenziario");
    // /dashboard is never remembered
    await c.raw("GET", "/dashboard");
    expect(location(await c.raw("GET", "/login"))).toBe("/scadenziario");
  });

  it("the login response points to the remembered route", async () => {
    const c = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    await c.raw("GET", "/lavori");
    await c.json("POST", "/api/logout");
    const r = await c.login(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    expect(r.body.redirectTo).toBe("/lavori");
  });

  it("shows the demo call to action only to the demo tenant", async () => {
    const demo = await Client.as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    expect(await (await demo.raw("GET", "/")).text()).toContain("senza carta di credito");
    const rossi = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    expect(await (await rossi.raw("GET", "/")).text()).not.toContain('data-testid="demo-cta"');
  });

  it("serves the not-found page for unknown paths", async () => {
    const c = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    const r = await c.raw("GET", "/non-esiste");
    expect(r.status).toBe(404);
    expect(await r.text()).toContain("Pagina non trovata");
  });
});
