import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { auditEvents, users } from "@/db/schema";
import { totpCode } from "@/lib/auth/two-factor";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import { consumeSecondFactor, disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "./two-factor";

// The codes are consumed by the statement that checks them (db/queries/two-factor.ts): two requests racing with one
// code, on a real database, let one through.
const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("two-factor codes on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let scope: TenantScope;
  let userId: number;
  let secret: string;
  let recoveryCodes: string[];

  const user = async () => (await scope.getOrThrow(users, userId))!;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "twofactor");
    database = await tdb.open();
    const t = await createTenantWithAdmin(database.db, { denomination: "Codici", email: "codici@example.it", firstName: "C", lastName: "C", password: "abc12345" });
    userId = t.admin.id;
    scope = new TenantScope(database.db, t.tenant.id, { userId, roles: t.admin.roles });
    secret = (await startTwoFactorSetup(scope, userId)).secret;
    recoveryCodes = await enableTwoFactor(scope, userId, totpCode(secret));
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it("keeps only the hashes of the recovery codes, and the step of the enabling code", async () => {
    const u = await user();
    expect(u.twoFactorEnabledAt).toBeInstanceOf(Date);
    expect(u.twoFactorRecoveryCodes).toHaveLength(10);
    for (const h of u.twoFactorRecoveryCodes) expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(u.twoFactorRecoveryCodes).not.toContain(recoveryCodes[0]);
    expect(u.twoFactorLastStep).toBeGreaterThan(0);
  });

  it("lets one of two racing uses of a recovery code through, and removes it", async () => {
    const u = await user();
    const results = await Promise.all([consumeSecondFactor(scope, u, recoveryCodes[0]!), consumeSecondFactor(scope, u, recoveryCodes[0]!)]);
    expect(results.sort()).toEqual(["recovery", null].sort());
    expect((await user()).twoFactorRecoveryCodes).toHaveLength(9);
  });

  it("accepts a TOTP step once, and no earlier step after it", async () => {
    const u = await user();
    const next = totpCode(secret, Date.now() + 30_000);
    const results = await Promise.all([consumeSecondFactor(scope, u, next), consumeSecondFactor(scope, u, next)]);
    expect(results.sort()).toEqual(["totp", null].sort());
    // the current step's code came before the accepted one
    expect(await consumeSecondFactor(scope, await user(), totpCode(secret))).toBeNull();
  });

  it("turns off with a recovery code and forgets secret, codes and step", async () => {
    await disableTwoFactor(scope, userId, recoveryCodes[1]!);
    const u = await user();
    expect([u.twoFactorSecret, u.twoFactorEnabledAt, u.twoFactorRecoveryCodes, u.twoFactorLastStep]).toEqual([null, null, [], null]);
    expect(await consumeSecondFactor(scope, u, recoveryCodes[2]!)).toBeNull();
  });

  it("wrote each change to the audit log: on, the recovery codes used, off", async () => {
    const events = await scope.list(auditEvents, { orderBy: auditEvents.id });
    expect(events.map((e) => [e.event, e.userId])).toEqual([
      ["two_factor_on", userId],
      ["recovery_code_used", userId],
      ["recovery_code_used", userId],
      ["two_factor_off", userId],
    ]);
  });
});
