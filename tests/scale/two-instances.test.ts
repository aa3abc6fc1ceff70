/**
 * Two instances, one database: every piece of state lives in PostgreSQL, and the app works through a
 * transaction-mode pooler. Two app processes on one fresh database through pgbouncer (transaction
 * pooling) behind nginx (round-robin), exercised both through the proxy and on each instance directly.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "./client";
import { missingTools, startCluster, type Cluster } from "./cluster";

const SESSION_EXPIRED = "Sessione non valida o scaduta: effettua di nuovo il login";
const STALE = /modificato da un altro utente|versione/i;

let cluster: Cluster;
let A: string;
let B: string;
let proxy: string;

/**
 * The copied cookie on `base` right after a logout elsewhere: refused on the first try. The logout
 * answers only once its own notification has come back through PostgreSQL (app/api/logout), so every
 * instance has been told before the client can ask again.
 */
async function refusedAtOnce(browser: Browser, base: string): Promise<{ status: number; body: Record<string, any> }> {
  return browser.get(base, "/api/me");
}

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.it`;

/** Signs up a tenant on `base`; returns its logged-in administrator. */
async function signUp(base: string, denomination: string): Promise<{ browser: Browser; email: string; password: string }> {
  const browser = new Browser();
  const email = uniqueEmail("admin");
  const password = "prova1234";
  const r = await browser.postEntity(base, "/api/sign-up", "signUp", {
    denomination,
    firstName: "Anna",
    lastName: "Verdi",
    email,
    password,
    passwordSecond: password,
    acceptTerms: true,
  });
  if (r.status !== 200) throw new Error(`sign-up fallito: ${r.status} ${JSON.stringify(r.body)}`);
  return { browser, email, password };
}

const missing = missingTools();
if (missing.length) console.warn(`[scale] saltato: mancano ${missing.join(", ")}`);


/**
 * The requests nginx served since `before`, once `count` of them are logged: nginx writes a request's log line
 * after sending its answer, so the last one may land a moment after the client has read it (up to 2 s).
 */
async function servedSince(before: number, count: number) {
  let served = cluster.served().slice(before);
  for (const until = Date.now() + 2_000; served.length < count && Date.now() < until; served = cluster.served().slice(before)) await new Promise((r) => setTimeout(r, 20));
  return served;
}
describe.skipIf(missing.length > 0)("two app instances on one PostgreSQL, through pgbouncer (transaction pooling) behind nginx", () => {
  beforeAll(async () => {
    cluster = await startCluster();
    [A, B] = cluster.instances;
    proxy = cluster.proxy;
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it("both instances migrate the empty database once and query it through pgbouncer in transaction mode", async () => {
    // the first database use of each instance, at the same time: migrations run under an advisory lock
    const [a, b] = await Promise.all([new Browser().login(A, "nessuno@example.it", "sbagliata1"), new Browser().login(B, "nessuno2@example.it", "sbagliata1")]);
    expect([a.status, b.status]).toEqual([401, 401]);
    const journal = JSON.parse(readFileSync(path.join(process.cwd(), "drizzle", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    const direct = postgres(cluster.directUrl, { max: 1, onnotice: () => {} });
    // the admin console speaks the simple protocol only
    const bouncer = postgres(cluster.pgbouncerAdmin, { max: 1, prepare: false, fetch_types: false, onnotice: () => {} });
    try {
      const [{ n }] = await direct`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(n).toBe(journal.entries.length);
      const { browser } = await signUp(A, "Pooler S.r.l.");
      expect((await browser.get(B, "/api/items?startRow=0&limit=50")).body).toMatchObject({ status: "ok", count: 0, countExact: true });
      const config = await bouncer.unsafe("show config").simple();
      expect(config.find((r) => r.key === "pool_mode")?.value).toBe("transaction");
      const database = new URL(cluster.directUrl).pathname.slice(1);
      const stats = (await bouncer.unsafe("show stats").simple()).find((r) => r.database === database);
      // the app's own queries went through the pooler, not around it
      expect(Number(stats?.total_xact_count)).toBeGreaterThan(5);
    } finally {
      await direct.end();
      await bouncer.end();
    }
  });

  it("a login on one instance answers on the other, directly and through the proxy", async () => {
    const { email, password } = await signUp(A, "Login Condiviso S.r.l.");
    const browser = new Browser();
    expect((await browser.login(A, email, password)).status).toBe(200);
    const onB = await browser.get(B, "/api/me");
    expect(onB.status).toBe(200);
    expect(onB.body.username).toBe(email);
    expect((await browser.get(A, "/api/me")).status).toBe(200);

    const viaProxy = new Browser();
    const before = cluster.served().length;
    expect((await viaProxy.login(proxy, email, password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await viaProxy.get(proxy, "/api/me")).body.username).toBe(email);
    const served = await servedSince(before, 5);
    expect(served).toHaveLength(5);
    // round-robin: the login and the calls after it were answered by both instances
    expect(new Set(served.map((s) => s.upstream))).toEqual(new Set(cluster.upstreams));
  });

  it("a logout on one instance is refused on the other at once (the other had the session cached)", async () => {
    const { email, password } = await signUp(B, "Logout Condiviso S.r.l.");
    const browser = new Browser();
    expect((await browser.login(A, email, password)).status).toBe(200);
    const copied = browser.copy();
    // both instances have read (and cached) the live session
    expect((await copied.get(A, "/api/me")).status).toBe(200);
    expect((await copied.get(B, "/api/me")).status).toBe(200);
    expect((await browser.postForm(A, "/api/logout")).status).toBe(200);
    const onB = await refusedAtOnce(copied, B);
    expect(onB.status).toBe(401);
    expect(onB.body.message).toBe(SESSION_EXPIRED);
    // the instance that ended the session refuses it with no wait at all
    const onA = await copied.get(A, "/api/me");
    expect(onA.status).toBe(401);
    expect(onA.body.message).toBe(SESSION_EXPIRED);

    // the same through the proxy: the logout lands on one instance, the copied cookie on both
    const viaProxy = new Browser();
    expect((await viaProxy.login(proxy, email, password)).status).toBe(200);
    const copiedViaProxy = viaProxy.copy();
    expect((await copiedViaProxy.get(proxy, "/api/me")).status).toBe(200);
    expect((await copiedViaProxy.get(proxy, "/api/me")).status).toBe(200);
    const before = cluster.served().length;
    expect((await viaProxy.postForm(proxy, "/api/logout")).status).toBe(200);
    expect((await refusedAtOnce(copiedViaProxy, proxy)).status).toBe(401);
    expect((await refusedAtOnce(copiedViaProxy, proxy)).status).toBe(401);
    expect(new Set((await servedSince(before, 3)).slice(1).map((s) => s.upstream))).toEqual(new Set(cluster.upstreams));
  });

  it("login throttling counts the failures of both instances", async () => {
    const { email, password } = await signUp(A, "Tentativi S.r.l.");
    const browser = new Browser();
    // three free failures, alternating the instances; the fourth attempt must wait, wherever it lands
    for (const base of [A, B, A]) expect((await browser.login(base, email, "sbagliata1")).status).toBe(401);
    const throttled = await browser.login(B, email, "sbagliata1");
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/^Troppi tentativi di accesso non riusciti: riprova tra \d+ secondi$/);
    // even the right password waits, on the other instance too
    expect((await browser.login(A, email, password)).status).toBe(429);

    const other = await signUp(B, "Tentativi Proxy S.r.l.");
    const viaProxy = new Browser();
    for (let i = 0; i < 3; i++) expect((await viaProxy.login(proxy, other.email, "sbagliata1")).status).toBe(401);
    expect((await viaProxy.login(proxy, other.email, "sbagliata1")).status).toBe(429);
    expect((await viaProxy.login(proxy, other.email, other.password)).status).toBe(429);
  });

  it("an update with a stale version is a 409 whichever instance served the read", async () => {
    const { browser } = await signUp(A, "Versioni S.r.l.");
    const created = await browser.postEntity(B, "/api/items", "item", { name: "Prodotto condiviso", amount: 1000 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.item.id as number;

    for (const [reader, writer] of [
      [A, B],
      [B, A],
      [proxy, proxy],
    ] as const) {
      const read = (await browser.get(reader, `/api/items/update-form-data/${id}`)).body.item;
      const first = await browser.postEntity(writer, `/api/items/${id}`, "item", { ...read, amount: read.amount + 1 });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.item.version).toBe(read.version + 1);
      // the same read saved again, on either instance: somebody else's change is never overwritten
      for (const base of [writer, reader]) {
        const stale = await browser.postEntity(base, `/api/items/${id}`, "item", { ...read, amount: read.amount + 2 });
        expect(stale.status).toBe(409);
        expect(stale.body.message).toMatch(STALE);
      }
    }
    const final = (await browser.get(A, `/api/items/update-form-data/${id}`)).body.item;
    expect(final).toMatchObject({ version: 3, amount: 1003 });
  });
});
