// npm start's direct dispatch of GET /api/* calls (scripts/api-dispatch.mjs): which calls it takes, and, on the
// PostgreSQL server, that every answer it gives is the answer Next.js gives for the same request: two servers of
// the same build on the same database, one with API_DISPATCH=off, asked the same things.
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { BIANCHI_LOGIN, DEMO_LOGIN, ROSSI_LOGIN } from "@/db/seed";
import type { TestDatabase, TestDbKind } from "../support/databases";
import { Client } from "../support/http";
import { createSeededDatabase, type RunningServer, startServer } from "../support/server";

const TRACE = "x-gestionale-dispatch";
const kind = inject("dbKind") as TestDbKind;

let database: TestDatabase;
let direct: RunningServer;
let viaNext: RunningServer | null = null;

const login = (base: string, who: { username: string; password: string }) => Client.as(who.username, who.password, base);

beforeAll(async () => {
  database = await createSeededDatabase(kind, "dispatch");
  direct = await startServer(kind, { API_DISPATCH_TRACE: "1", WEB_CONCURRENCY: "1" }, database);
  // PGlite's files open in one process only: the comparison needs the server
  if (kind === "postgres") viaNext = await startServer(kind, { API_DISPATCH: "off", API_DISPATCH_TRACE: "1", WEB_CONCURRENCY: "1" }, database);
}, 180_000);

afterAll(async () => {
  await direct?.stop();
  await viaNext?.stop();
  await database?.drop();
});

describe("npm start hands GET /api/* calls straight to their route handlers", () => {
  it("answers the API's GET calls itself, authenticated or not, whatever the answer", async () => {
    const rossi = await login(direct.baseUrl, ROSSI_LOGIN);
    const anonymous = new Client(direct.baseUrl);
    const cases: [Client, string, number][] = [
      [rossi, "/api/me", 200],
      [rossi, "/api/items?startRow=0&limit=50", 200],
      [rossi, "/api/items/create-form-data", 200],
      [rossi, "/api/activities/get-unfinished", 200],
      [rossi, "/api/items/update-form-data/2000000000", 404],
      [rossi, "/api/items?startRow=0&limit=abc", 400],
      [anonymous, "/api/items?startRow=0&limit=50", 401],
      [anonymous, "/api/calendar/nessuno.ics", 404],
    ];
    for (const [client, url, status] of cases) {
      const r = await client.raw("GET", url);
      expect([url, r.status, r.headers.get(TRACE)]).toEqual([url, status, "direct"]);
    }
  });

  it("leaves to Next.js every other method, Auth.js, the logout, pages, unknown paths and paths Next rewrites first", async () => {
    const rossi = await login(direct.baseUrl, ROSSI_LOGIN);
    const cases: [string, string][] = [
      ["HEAD", "/api/me"],
      ["POST", "/api/items/get-filtered-list"],
      ["GET", "/api/auth/session"],
      ["GET", "/api/nessuna-rotta-qui"],
      ["GET", "/api/items/"],
      ["GET", "/api//items"],
      ["GET", "/api/items/get/%31"],
      ["GET", "/fatture"],
      // marked needsNextRequestScope (Auth.js's signOut sets its cookie through next/headers); last: it logs out
      ["GET", "/api/logout"],
    ];
    for (const [method, url] of cases) {
      const r = await rossi.raw(method, url);
      expect([method, url, r.headers.get(TRACE)]).toEqual([method, url, null]);
    }
    // Next normalises these before routing: a redirect, as before
    expect((await rossi.raw("GET", "/api/items/")).status).toBe(308);
    expect((await rossi.raw("GET", "/api/me")).status).toBe(401);
  });
});

describe.skipIf(kind !== "postgres")("its answers are Next.js's answers, byte for byte", () => {
  type Case = { url: string; as?: "demo" | "bianchi" | "anonymous"; headers?: Record<string, string>; same?: (body: string) => string };
  const clients: Record<string, [Client, Client]> = {};
  let cases: Case[] = [];

  beforeAll(async () => {
    const a = viaNext!;
    // the demo tenant: every kind of record seeded
    clients.demo = [await login(direct.baseUrl, DEMO_LOGIN), await login(a.baseUrl, DEMO_LOGIN)];
    clients.bianchi = [await login(direct.baseUrl, BIANCHI_LOGIN), await login(a.baseUrl, BIANCHI_LOGIN)];
    clients.anonymous = [new Client(direct.baseUrl), new Client(a.baseUrl)];
    const demo = clients.demo[1];
    const item = (await demo.get("/api/items?startRow=0&limit=1")).body.data[0].id;
    // a customer and a draft invoice (POSTs: through Next on either server)
    const contact = await demo.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Confronto S.r.l.", isCustomer: true, vatNumber: "12345678903" });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const vat = (await demo.get("/api/vat-rates/get-filtered-list")).body.options[0];
    const rows = [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat }];
    const draft = await demo.postEntity("/api/invoices", "invoice", { kind: "INVOICE", date: "2026-03-02", contact: { id: contact.body.contact.id }, rows });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const invoice = draft.body.invoice.id;
    // a calendar feed token, for the public feed
    const feed = (await demo.json("POST", "/api/calendar/regenerate-token")).body.url as string;
    cases = [
      { url: "/api/me" },
      { url: "/api/items?startRow=0&limit=50" },
      { url: "/api/items?startRow=0&limit=20&search=a&sortModel=" + encodeURIComponent(JSON.stringify([{ colId: "name", sort: "desc" }])) },
      { url: "/api/items/create-form-data" },
      { url: `/api/items/update-form-data/${item}` },
      { url: "/api/items/get-filtered-list?query=a" },
      { url: "/api/items/export?format=csv" },
      { url: "/api/contacts?startRow=0&limit=50" },
      { url: "/api/invoices?startRow=0&limit=50" },
      { url: `/api/invoices/update-form-data/${invoice}` },
      { url: "/api/activities/get-unfinished" },
      { url: "/api/reports/ReportInvoiceManager" },
      { url: new URL(feed).pathname, as: "anonymous", same: (ics) => ics.replace(/^DTSTAMP:.*$/gm, "DTSTAMP") },
      // failures: not found, bad input, unknown call, no session, no role, another tenant's record
      { url: "/api/items/update-form-data/2000000000" },
      { url: "/api/items/update-form-data/abc" },
      { url: "/api/items?startRow=0&limit=abc" },
      { url: "/api/items/nessuna-chiamata" },
      { url: "/api/items?startRow=0&limit=50", as: "anonymous" },
      { url: "/api/reports/ReportInvoiceManager", as: "bianchi" },
      { url: "/api/calendar/nessuno.ics", as: "anonymous" },
      // compressed as Next compresses
      { url: "/api/items?startRow=0&limit=50", headers: { "accept-encoding": "gzip" } },
    ];
    const rossi = await login(direct.baseUrl, ROSSI_LOGIN);
    const foreign = (await rossi.get("/api/items?startRow=0&limit=1")).body.data[0].id;
    cases.push({ url: `/api/items/update-form-data/${foreign}` });
  });

  /** Status, headers and body bytes of one answer, with what legitimately differs between two servers left out. */
  async function answer(client: Client, c: Case) {
    const res = await fetch(client.base + c.url, {
      headers: { cookie: client.cookieHeader(), "x-forwarded-for": client.address, "accept-encoding": "identity", ...c.headers },
      redirect: "manual",
    });
    const raw = Buffer.from(await res.arrayBuffer());
    const headers = Object.fromEntries([...res.headers].filter(([k]) => !["date", TRACE, "keep-alive", "connection"].includes(k)));
    // fetch() undoes gzip itself; compare the decoded bytes and the header that says it was compressed
    const body = raw.toString("utf8");
    return { trace: res.headers.get(TRACE), compared: { status: res.status, headers, body: c.same ? c.same(body) : body, bytes: raw.length } };
  }

  it("the same status, headers and body for every kind of GET call", async () => {
    const seen = new Map<string, number>();
    for (const c of cases) {
      const [d, n] = clients[c.as ?? "demo"]!;
      const fromDirect = await answer(d, c);
      const fromNext = await answer(n, c);
      expect(fromDirect.compared, c.url).toEqual(fromNext.compared);
      expect([c.url, fromDirect.trace, fromNext.trace]).toEqual([c.url, "direct", null]);
      seen.set(c.url.split("?")[0] + (c.as ? ` (${c.as})` : ""), fromDirect.compared.status);
    }
    // the cases cover answers of every kind: data, a CSV file, a calendar, and each failure status
    expect(new Set(seen.values())).toEqual(new Set([200, 400, 401, 403, 404]));
    expect(seen.get("/api/items/export")).toBe(200);
  });

  it("compresses what Next compresses", async () => {
    const [d, n] = clients.demo!;
    const url = "/api/items?startRow=0&limit=50";
    const get = (c: Client) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: string }>((resolve, reject) => {
        // node:http, not fetch: fetch would decode the body and hide whether it came compressed
        http
          .get(c.base + url, { headers: { cookie: c.cookieHeader(), "accept-encoding": "gzip", "x-forwarded-for": c.address } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (b: Buffer) => chunks.push(b));
            res.on("end", () => {
              const buf = Buffer.concat(chunks);
              const encoding = res.headers["content-encoding"];
              resolve({ encoding, vary: res.headers.vary, body: (encoding === "gzip" ? zlib.gunzipSync(buf) : buf).toString("utf8") });
            });
          })
          .on("error", reject);
      });
    const fromDirect = await get(d);
    expect(fromDirect.encoding).toBe("gzip");
    expect(fromDirect).toEqual(await get(n));
    expect(JSON.parse(fromDirect.body).data.length).toBeGreaterThan(0);
  });
});
