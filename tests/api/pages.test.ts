import { describe, expect, it } from "vitest";
import { BIANCHI_LOGIN, DEMO_COLLEAGUE_LOGIN, DEMO_LOGIN, ROSSI_LOGIN } from "@/db/seed";
import { canSee, MENU, ROUTES, type MenuItem, type NavUser } from "@/lib/navigation";
import { Client, linkIn, sentMails, signUpTenant, uniqueEmail } from "../support/http";

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

/**
 * Issue 29: a page a role may not open answered 500 (ROLE_USER on /operazioni-pianificate, React #441). Every
 * route of lib/navigation.ts (the menu's pages among them) opened as each kind of user, following the redirect
 * once: never a 5xx, never a React error in the page, and a route the user may not see is a redirect.
 */
describe("pages: every route as every role, no 5xx", () => {
  const paths = [...new Set([...ROUTES.map((r) => (r.path === "/acquista" ? "/acquista/4" : r.path)), ...menuPaths(MENU)])];

  function menuPaths(items: MenuItem[]): string[] {
    return items.flatMap((i) => [...(i.path ? [i.path] : []), ...menuPaths(i.children ?? [])]);
  }

  /** A user of a new tenant with these roles, invited by its admin and logged in through the invitation link. */
  async function invited(admin: Client, roles: string[]): Promise<Client> {
    const email = uniqueEmail("ruoli");
    const r = await admin.postEntity("/api/users/invite", "invite", { email, firstName: "Ruolo", lastName: roles.join(" "), roles });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const token = new URL(linkIn(sentMails(email).at(-1)!.text, "/sign-in?token=")).searchParams.get("token")!;
    const c = new Client();
    const set = await c.postEntity("/api/sign-in", "passwordSet", { token, passwordFirst: "ruoli1234", passwordSecond: "ruoli1234" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return c;
  }

  async function walk(c: Client, who: string, user: NavUser) {
    for (const path of paths) {
      const r = await c.raw("GET", path);
      const text = await r.text();
      expect(r.status, `${who} ${path}`).toBeLessThan(500);
      expect(text, `${who} ${path}`).not.toMatch(/Minified React error|Application error/);
      if (canSee(user, path)) continue;
      // refused: a redirect (to a page the user may open), never the page
      expect([307, 308], `${who} ${path}`).toContain(r.status);
      const to = await c.raw("GET", location(r)!);
      expect(to.status, `${who} ${path} → ${location(r)}`).toBeLessThan(500);
    }
  }

  it("an admin with every role, a ROLE_USER-only employee, a ROLE_DOCUMENT user, a user without ROLE_USER, the demo", async () => {
    const { client: admin } = await signUpTenant("Studio Ruoli S.r.l.");
    const tenantId: number = (await admin.get("/api/me")).body.tenant.id;
    await walk(admin, "admin", { username: "admin", roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"], tenantId });
    await walk(await invited(admin, ["ROLE_USER", "ROLE_DOCUMENT"]), "documenti", { username: "d", roles: ["ROLE_USER", "ROLE_DOCUMENT"], tenantId });
    await walk(await invited(admin, ["ROLE_DOCUMENT"]), "solo documenti", { username: "s", roles: ["ROLE_DOCUMENT"], tenantId });
    await walk(await Client.as(BIANCHI_LOGIN.username, BIANCHI_LOGIN.password), "bianchi", { username: BIANCHI_LOGIN.username, roles: ["ROLE_USER"], tenantId: 2 });
    await walk(await Client.as(DEMO_COLLEAGUE_LOGIN.username, DEMO_COLLEAGUE_LOGIN.password), "moretti", { username: DEMO_COLLEAGUE_LOGIN.username, roles: ["ROLE_USER"], tenantId: 1 });
    await walk(await Client.as(DEMO_LOGIN.username, DEMO_LOGIN.password), "demo", { username: "demo", roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"], tenantId: 1 });
  }, 240_000);

  it("ROLE_USER on /operazioni-pianificate: a redirect, not a 500", async () => {
    const c = await Client.as(BIANCHI_LOGIN.username, BIANCHI_LOGIN.password);
    const r = await c.raw("GET", "/operazioni-pianificate");
    expect(r.status).toBe(307);
    expect(location(r)).not.toBe("/operazioni-pianificate");
  });
});
