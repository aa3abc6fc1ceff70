import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { passwordTokens, users } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { authenticate, createPasswordToken, createTenantWithAdmin, DuplicateLoginError, findTokenUser, usePasswordToken } from "./accounts";
import { waitSecondsAfter } from "@/lib/auth/throttle";
import { createSession } from "./sessions";

describe("accounts on the embedded database", () => {
  let tdb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    tdb = await createTestDatabase("pglite", "accounts");
    database = await tdb.open();
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it("stores an argon2id hash, never the password", async () => {
    const { admin, tenant } = await createTenantWithAdmin(database.db, { denomination: "X", email: "Hash@Example.it", firstName: "H", lastName: "H", password: "segreta12" });
    expect(admin.username).toBe("hash@example.it");
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin.passwordHash).not.toContain("segreta12");
    expect(admin.roles).toEqual(["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"]);
    expect(tenant.isFree).toBe(true);
    await expect(
      createTenantWithAdmin(database.db, { denomination: "Y", email: "hash@example.it", firstName: "H", lastName: "H", password: "segreta12" }),
    ).rejects.toBeInstanceOf(DuplicateLoginError);
  });

  it("a reset link expires after one hour", async () => {
    const { admin } = await createTenantWithAdmin(database.db, { denomination: "T", email: "token@example.it", firstName: "T", lastName: "T", password: "segreta12" });
    const token = await createPasswordToken(database.db, admin, "reset");
    const [row] = await database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, admin.id));
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(ttl - 3_600_000)).toBeLessThan(5_000);
    expect(row!.tokenHash).not.toBe(token);
    expect((await findTokenUser(database.db, "reset", token))?.id).toBe(admin.id);
    // an invitation token is not a reset token
    expect(await findTokenUser(database.db, "invite", token)).toBeUndefined();
    await database.db.update(passwordTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordTokens.id, row!.id));
    expect(await findTokenUser(database.db, "reset", token)).toBeUndefined();
    expect(await usePasswordToken(database.db, "reset", token, "nuova1234")).toBeUndefined();
    const [u] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(u!.passwordHash).toBe(admin.passwordHash);
  });

  it("slows the failing address, never the owner at a known address; caps failures per address", async () => {
    const { admin } = await createTenantWithAdmin(database.db, { denomination: "L", email: "lento@example.it", firstName: "L", lastName: "L", password: "giusta123" });
    const login = "lento@example.it";
    // 3 failures from the attacker's address: that address waits, a correct password from elsewhere works
    for (let i = 0; i < 3; i++) expect(await authenticate(database.db, login, "sbagliata", "10.0.0.66")).toEqual({ ok: false, reason: "invalid" });
    const attacker = await authenticate(database.db, login, "giusta123", "10.0.0.66");
    expect(attacker).toMatchObject({ ok: false, reason: "throttled" });
    expect((attacker as { wait: number }).wait).toBeGreaterThan(0);
    expect(await authenticate(database.db, login, "giusta123", "192.168.1.10")).toMatchObject({ ok: true });
    await createSession(database.db, admin, { clientAddress: "192.168.1.10" });

    // 10 failures from many addresses: new addresses wait, the owner's known address does not
    for (let i = 0; i < 10; i++) await authenticate(database.db, login, "sbagliata", `10.1.0.${i}`);
    expect(await authenticate(database.db, login, "giusta123", "172.16.0.1")).toMatchObject({ ok: false, reason: "throttled" });
    expect(await authenticate(database.db, login, "giusta123", "192.168.1.10")).toMatchObject({ ok: true });
    // the success forgave the account's failures: a new address works again
    expect(await authenticate(database.db, login, "giusta123", "172.16.0.1")).toMatchObject({ ok: true });

    // spraying one password over many accounts from one address stops at 30 failures
    for (let i = 0; i < 30; i++) await authenticate(database.db, `nessuno${i}@example.it`, "Password1", "10.9.9.9");
    expect(await authenticate(database.db, login, "giusta123", "10.9.9.9")).toMatchObject({ ok: false, reason: "throttled" });
    expect(waitSecondsAfter(2)).toBe(0);
    expect(waitSecondsAfter(3)).toBe(5);
    expect(waitSecondsAfter(4)).toBe(10);
    expect(waitSecondsAfter(30)).toBe(900);
  });
});
