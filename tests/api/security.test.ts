/**
 * Security headers on pages and API answers; state-changing requests from another origin refused
 * in the one guard (scripts without Origin or Sec-Fetch-Site keep working).
 */
import { describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "@/db/seed";
import { Client, signUpTenant } from "../support/http";

const CROSS_SITE = "Richiesta non consentita: proviene da un altro sito";

describe("security headers", () => {
  it("a page carries a nonce CSP and the frame, type, referrer and permission headers", async () => {
    const { client } = await signUpTenant("Intestazioni");
    const page = await client.raw("GET", "/prodotti");
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy")!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    // Next.js put the nonce on its scripts
    const html = await page.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("permissions-policy")).toContain("camera=()");
    // a fresh nonce per response
    const again = await client.raw("GET", "/prodotti");
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("an API answer is never stored and carries the same headers", async () => {
    const { client } = await signUpTenant("Api Intestazioni");
    const me = await client.raw("GET", "/api/me");
    expect(me.headers.get("cache-control")).toBe("no-store");
    expect(me.headers.get("x-content-type-options")).toBe("nosniff");
    expect(me.headers.get("x-frame-options")).toBe("DENY");
    expect(me.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    // refusals too
    const refused = await new Client().raw("GET", "/api/me");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });
});

describe("favicon", () => {
  it("the app has one", async () => {
    const r = await fetch(new URL("/icon.svg", (await signUpTenant("Icona")).client.base));
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("image/svg+xml");
  });
});

describe("cross-site requests", () => {
  it("a state-changing call from another origin is a 403 and writes nothing; our origin and scripts pass", async () => {
    const { client } = await signUpTenant("Origini");
    const item = (origin: Record<string, string>) => {
      const fd = new FormData();
      fd.set("item", JSON.stringify({ name: "Da fuori" }));
      return client.json("POST", "/api/items", { body: fd, headers: origin });
    };
    for (const headers of <Record<string, string>[]>[{ origin: "https://evil.example" }, { origin: "http://127.0.0.1.evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }]) {
      const r = await item(headers);
      expect([JSON.stringify(headers), r.status, r.body.message]).toEqual([JSON.stringify(headers), 403, CROSS_SITE]);
    }
    expect((await client.get("/api/items?startRow=0&limit=1")).body.count).toBe(0);
    expect((await item({ origin: client.base })).status).toBe(200);
    expect((await item({ "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await item({})).status).toBe(200);
    // deletes are writes too
    expect((await client.json("DELETE", "/api/items/1", { headers: { origin: "https://evil.example" } })).status).toBe(403);
  });

  it("GET /api/logout from another site does not log anyone out", async () => {
    const { client } = await signUpTenant("Logout Altrui");
    const r = await client.json("GET", "/api/logout", { headers: { "sec-fetch-site": "cross-site" } });
    expect(r.status).toBe(403);
    expect((await client.get("/api/me")).status).toBe(200);
    expect((await client.json("GET", "/api/logout", { headers: { "sec-fetch-site": "same-origin" } })).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("GET /login from another site keeps the demo session; from our own pages or the address bar it ends it", async () => {
    const demo = await Client.as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    for (const site of ["cross-site", "same-site"]) {
      const r = await demo.raw("GET", "/login", { headers: { "sec-fetch-site": site, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" } });
      expect([site, r.status]).toEqual([site, 307]);
      expect(new URL(r.headers.get("location")!, demo.base).pathname).not.toBe("/login");
      expect([site, (await demo.get("/api/me")).status]).toEqual([site, 200]);
    }
    const ours = await demo.raw("GET", "/login", { headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" } });
    expect(ours.status).toBe(200);
    expect((await demo.get("/api/me")).status).toBe(401);
    // the address bar ('none') ends it too
    const again = await Client.as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    expect((await again.raw("GET", "/login", { headers: { "sec-fetch-site": "none" } })).status).toBe(200);
    expect((await again.get("/api/me")).status).toBe(401);
  });

  it("a login posted from another origin is refused too", async () => {
    const fd = new FormData();
    fd.set("username", "x@example.it");
    fd.set("password", "x");
    const { client } = await signUpTenant("Login Altrui");
    expect((await client.json("POST", "/api/login", { body: fd, headers: { origin: "https://evil.example" } })).status).toBe(403);
  });
});
