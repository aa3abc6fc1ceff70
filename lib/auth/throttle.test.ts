/**
 * Login throttling's promises (lib/auth/throttle.ts) through `authenticate`, on the embedded database
 * and on the PostgreSQL server (DATABASE_URL): a stranger's failures never lock the owner out, an
 * account counts as one whichever of its names is tried, and one address cannot spray many accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { users, type User } from "@/db/schema";
import { authenticate, createTenantWithAdmin } from "@/db/queries/accounts";
import { createSession } from "@/db/queries/sessions";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { LIMITS } from "./rate-limit";
import { ACCOUNT_SLOWDOWN_FAILURES, FREE_FAILURES, secondsToWait, waitSecondsAfter } from "./throttle";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

const PASSWORD = "giusta123";
const WRONG = "sbagliata";
const INVALID = { ok: false, reason: "invalid" };

describe.each(kinds)("login throttling on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let owners = 0;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "throttle");
    database = await tdb.open();
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  /** A fresh account whose username ("gufo.N") differs from its e-mail. */
  async function createOwner(): Promise<{ admin: User; username: string; email: string }> {
    const n = ++owners;
    const email = `gufo${n}-${kind}@example.it`;
    const username = `gufo.${n}.${kind}`;
    const { admin } = await createTenantWithAdmin(database.db, { denomination: `Gufo ${n}`, email, username, firstName: "G", lastName: "G", password: PASSWORD });
    return { admin, username, email };
  }

  const login = (name: string, password: string, address: string) => authenticate(database.db, name, password, address);

  it("after 3 failures from address A, A waits while the owner logs in from address B", async () => {
    const { admin, email } = await createOwner();
    for (let i = 0; i < FREE_FAILURES; i++) expect(await login(email, WRONG, "10.0.1.1")).toEqual(INVALID);
    const refused = await login(email, PASSWORD, "10.0.1.1");
    expect(refused).toEqual({ ok: false, reason: "throttled", wait: waitSecondsAfter(FREE_FAILURES) });
    expect(await login(email, PASSWORD, "10.0.1.2")).toMatchObject({ ok: true, user: { id: admin.id } });
    // A's wait ends: 5 s later it is checked again
    const later = Date.now() + (waitSecondsAfter(FREE_FAILURES) + 1) * 1000;
    expect(await secondsToWait(database.db, { login: email, userId: admin.id }, "10.0.1.1", later)).toBe(0);
  });

  it("the username and the e-mail of one account count as one from an address", async () => {
    const { username, email } = await createOwner();
    for (let i = 0; i < FREE_FAILURES - 1; i++) expect(await login(username, WRONG, "10.0.2.1")).toEqual(INVALID);
    expect(await login(email, WRONG, "10.0.2.1")).toEqual(INVALID);
    expect(await login(username, PASSWORD, "10.0.2.1")).toMatchObject({ ok: false, reason: "throttled" });
    expect(await login(email, PASSWORD, "10.0.2.1")).toMatchObject({ ok: false, reason: "throttled" });
    expect(await login(email, PASSWORD, "10.0.2.2")).toMatchObject({ ok: true });
  });

  it("after many failures from anywhere an unknown address is refused, the owner's known address with the right password gets in", async () => {
    const { admin, username, email } = await createOwner();
    expect(await login(email, PASSWORD, "192.168.5.10")).toMatchObject({ ok: true });
    await createSession(database.db, admin, { clientAddress: "192.168.5.10" });
    // half through the username, half through the e-mail: neither name alone reaches the threshold
    for (let i = 0; i < ACCOUNT_SLOWDOWN_FAILURES; i++) {
      expect(await login(i % 2 ? username : email, WRONG, `10.3.0.${i}`)).toEqual(INVALID);
    }
    const stranger = await login(email, PASSWORD, "172.16.3.1");
    expect(stranger).toMatchObject({ ok: false, reason: "throttled" });
    expect((stranger as { wait: number }).wait).toBeGreaterThan(0);
    expect(await login(username, PASSWORD, "172.16.3.2")).toMatchObject({ ok: false, reason: "throttled" });
    expect(await login(username, PASSWORD, "192.168.5.10")).toMatchObject({ ok: true, user: { id: admin.id } });
    // the owner's success forgave the account's failures: a new address gets in again
    expect(await login(email, PASSWORD, "172.16.3.1")).toMatchObject({ ok: true });
  });

  it("a login that names nobody is throttled the same way", async () => {
    const nobody = `nessuno-${kind}@example.it`;
    for (let i = 0; i < FREE_FAILURES; i++) expect(await login(nobody, WRONG, "10.4.0.1")).toEqual(INVALID);
    expect(await login(nobody, WRONG, "10.4.0.1")).toEqual({ ok: false, reason: "throttled", wait: waitSecondsAfter(FREE_FAILURES) });
    for (let i = FREE_FAILURES; i < ACCOUNT_SLOWDOWN_FAILURES; i++) expect(await login(nobody, WRONG, `10.4.1.${i}`)).toEqual(INVALID);
    expect(await login(nobody, WRONG, "10.4.2.1")).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("failures across 30 accounts from one address hit the per-address ceiling; other addresses are not touched", async () => {
    const { admin, email } = await createOwner();
    const ceiling = LIMITS.loginFailuresPerAddress.max;
    expect(ceiling).toBe(30);
    const sprayed = await database.db
      .insert(users)
      .values(Array.from({ length: ceiling }, (_, i) => ({ tenantId: admin.tenantId, username: `spray${i}-${kind}`, email: `spray${i}-${kind}@example.it`, passwordHash: admin.passwordHash })))
      .returning();
    // one wrong password per account: no account reaches its own limits, every attempt is checked
    for (const user of sprayed) expect(await login(user.email, "Password1", "10.5.0.1")).toEqual(INVALID);
    // the address is done for the window, even with the right password of an account it never tried
    const refused = await login(email, PASSWORD, "10.5.0.1");
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    expect((refused as { wait: number }).wait).toBeGreaterThan(LIMITS.loginFailuresPerAddress.windowSeconds - 60);
    expect(await login(sprayed[0]!.username, PASSWORD, "10.5.0.1")).toMatchObject({ ok: false, reason: "throttled" });
    // the sprayed accounts and the owner still log in from elsewhere
    expect(await login(sprayed[0]!.username, PASSWORD, "10.5.0.2")).toMatchObject({ ok: true });
    expect(await login(email, PASSWORD, "10.5.0.2")).toMatchObject({ ok: true });
  });
});
