import { describe, expect, it } from "vitest";
import { canSee, decideNavigation, isOwnNavigation, isRememberable, routeTitle, startPage, visibleMenu, type NavUser } from "./navigation";

const all: NavUser = { username: "mario.rossi@example.it", roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"], tenantId: 2 };
const plain: NavUser = { username: "luca@example.it", roles: ["ROLE_USER"], tenantId: 2 };
const adminOnly: NavUser = { username: "a@example.it", roles: ["ROLE_ADMIN"], tenantId: 2 };
const demo: NavUser = { username: "demo", roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"], tenantId: 1 };
const quotes = [315, 66];

const labels = (u: NavUser | null) => visibleMenu(u, undefined, quotes).map((g) => g.label);

describe("route titles", () => {
  it("take the title from the route", () => {
    expect(routeTitle("/fatture-acquisto")).toBe("Fatture d'acquisto");
    expect(routeTitle("/modalita-pagamento")).toBe("Modalità pagamento");
    expect(routeTitle("/")).toBe("");
    expect(routeTitle("/nowhere")).toBe("");
  });
});

describe("role gating", () => {
  it("needs ROLE_USER for any non-public route", () => {
    expect(canSee(adminOnly, "/anagrafica", quotes)).toBe(false);
    expect(canSee(adminOnly, "/dashboard", quotes)).toBe(true);
    expect(canSee(null, "/login", quotes)).toBe(true);
    expect(canSee(null, "/", quotes)).toBe(false);
  });
  it("needs ROLE_DOCUMENT for Amministrazione and ROLE_ADMIN for Statistiche and Utenti", () => {
    expect(canSee(plain, "/fatture", quotes)).toBe(false);
    expect(canSee(plain, "/report-fatturazione", quotes)).toBe(false);
    expect(canSee(plain, "/utenti", quotes)).toBe(false);
    expect(canSee(all, "/fatture", quotes)).toBe(true);
    expect(canSee(all, "/utenti", quotes)).toBe(true);
  });
  it("shows Preventivi only to the configured tenants", () => {
    expect(canSee(all, "/preventivi", quotes)).toBe(false);
    expect(canSee({ ...all, tenantId: 315 }, "/preventivi", quotes)).toBe(true);
    expect(visibleMenu({ ...all, tenantId: 66 }, undefined, quotes)[0]!.children!.map((i) => i.label)).toContain("Preventivi");
    expect(visibleMenu(all, undefined, quotes)[0]!.children!.map((i) => i.label)).not.toContain("Preventivi");
  });
});

describe("side menu", () => {
  it("hides groups that end up empty", () => {
    expect(labels(all)).toEqual(["Sezioni", "Amministrazione", "Statistiche", "Impostazioni"]);
    expect(labels(plain)).toEqual(["Sezioni"]);
    expect(labels({ ...plain, roles: ["ROLE_USER", "ROLE_DOCUMENT"] })).toEqual(["Sezioni", "Amministrazione"]);
    expect(labels(null)).toEqual([]);
  });
  it("keeps the Tabelle submenu under Amministrazione", () => {
    const amm = visibleMenu(all, undefined, quotes).find((g) => g.label === "Amministrazione")!;
    const tabelle = amm.children!.find((c) => c.label === "Tabelle")!;
    expect(tabelle.children!.map((c) => c.path)).toEqual(["/prodotti", "/servizi", "/conti-corrente", "/modalita-pagamento", "/aliquote-iva", "/agenti"]);
  });
  it("lists Operazioni pianificate under Amministrazione, for ROLE_DOCUMENT only (as its page)", () => {
    const paths = (u: NavUser) => (visibleMenu(u, undefined, quotes).find((g) => g.label === "Amministrazione")?.children ?? []).map((c) => c.path);
    expect(paths(all)).toContain("/operazioni-pianificate");
    expect(paths({ ...plain, roles: ["ROLE_USER", "ROLE_DOCUMENT"] })).toContain("/operazioni-pianificate");
    expect(paths({ ...plain, roles: ["ROLE_USER", "ROLE_ADMIN"] })).not.toContain("/operazioni-pianificate");
  });
  it("lists Banca under Amministrazione after Scadenziario, for ROLE_DOCUMENT only (as its page)", () => {
    const paths = (u: NavUser) => (visibleMenu(u, undefined, quotes).find((g) => g.label === "Amministrazione")?.children ?? []).map((c) => c.path);
    expect(paths(all).slice(paths(all).indexOf("/scadenziario"), paths(all).indexOf("/scadenziario") + 2)).toEqual(["/scadenziario", "/banca"]);
    expect(decideNavigation("/banca", { ...plain, roles: ["ROLE_USER", "ROLE_DOCUMENT"] }, null, quotes)).toEqual({ kind: "allow" });
    expect(decideNavigation("/banca", { ...plain, roles: ["ROLE_USER", "ROLE_ADMIN"] }, null, quotes).kind).not.toBe("allow");
  });
  it("lets anyone read the service terms the sign-up links to", () => {
    expect(decideNavigation("/condizioni", null, null, quotes)).toEqual({ kind: "allow" });
  });
});

describe("navigation rules", () => {
  it("sends nobody to /login", () => {
    expect(decideNavigation("/fatture", null, null, quotes)).toEqual({ kind: "redirect", to: "/login" });
    expect(decideNavigation("/sign-up", null, null, quotes)).toEqual({ kind: "allow" });
  });
  it("logs the demo user out on /login, only on an own navigation", () => {
    expect(decideNavigation("/login", demo, "/lavori", quotes)).toEqual({ kind: "logout" });
    expect(decideNavigation("/login", demo, "/lavori", quotes, { ownNavigation: true })).toEqual({ kind: "logout" });
    expect(decideNavigation("/login", demo, "/lavori", quotes, { ownNavigation: false })).toEqual({ kind: "redirect", to: "/lavori" });
    expect([undefined, null, "same-origin", "none"].map(isOwnNavigation)).toEqual([true, true, true, true]);
    expect(["cross-site", "same-site"].map(isOwnNavigation)).toEqual([false, false]);
  });
  it("redirects a forbidden path to the last route, else the start page", () => {
    expect(decideNavigation("/fatture", plain, "/lavori", quotes)).toEqual({ kind: "redirect", to: "/lavori" });
    expect(decideNavigation("/fatture", plain, null, quotes)).toEqual({ kind: "redirect", to: "/" });
    // a remembered route the user may no longer see is not used
    expect(decideNavigation("/fatture", plain, "/utenti", quotes)).toEqual({ kind: "redirect", to: "/" });
    expect(decideNavigation("/anagrafica", adminOnly, null, quotes)).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(decideNavigation("/login", all, "/scadenziario", quotes)).toEqual({ kind: "redirect", to: "/scadenziario" });
  });
  it("does not remember /dashboard, /login or public pages", () => {
    expect(isRememberable("/dashboard")).toBe(false);
    expect(isRememberable("/login")).toBe(false);
    expect(isRememberable("/sign-up")).toBe(false);
    expect(isRememberable("/agenda")).toBe(true);
    expect(startPage(plain)).toBe("/");
    expect(startPage(adminOnly)).toBe("/dashboard");
  });
});
