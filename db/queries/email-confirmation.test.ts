/**
 * The address confirmation's data layer (issue 29): who may mail customers. The acting user must be confirmed; a
 * server task (no actor: a planned operation's e-mail) needs one confirmed user in the tenant, so an unconfirmed
 * sign-up cannot mail customers through a schedule either. A reset link that reaches the mailbox confirms too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { confirmEmailAddress, createPasswordToken, createTenantWithAdmin, usePasswordToken } from "./accounts";
import { assertAddressConfirmed, EMAIL_CONFIRMATION_MESSAGES } from "./email-confirmation";

describe("address confirmation", () => {
  let tdb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    tdb = await createTestDatabase("pglite", "confirmation");
    database = await tdb.open();
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  const refusal = (message: string) => expect.objectContaining({ httpStatus: 403, message });

  it("an unconfirmed sign-up mails nobody and orders nothing, as itself or through a server task, until the link; the link works once", async () => {
    const { admin, tenant } = await createTenantWithAdmin(database.db, { denomination: "Da Confermare", email: "nuovo@example.it", firstName: "N", lastName: "N", password: "segreta12", emailConfirmed: false });
    const asAdmin = new TenantScope(database.db, tenant.id, { userId: admin.id, roles: admin.roles });
    const task = new TenantScope(database.db, tenant.id);
    await expect(assertAddressConfirmed(asAdmin, "mail")).rejects.toEqual(refusal(EMAIL_CONFIRMATION_MESSAGES.mail));
    await expect(assertAddressConfirmed(asAdmin, "order")).rejects.toEqual(refusal(EMAIL_CONFIRMATION_MESSAGES.order));
    await expect(assertAddressConfirmed(task, "mail")).rejects.toEqual(refusal(EMAIL_CONFIRMATION_MESSAGES.mail));

    const token = await createPasswordToken(database.db, admin, "confirm");
    expect(await confirmEmailAddress(database.db, "sbagliato")).toBeUndefined();
    expect((await confirmEmailAddress(database.db, token))?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await confirmEmailAddress(database.db, token)).toBeUndefined();
    await expect(assertAddressConfirmed(asAdmin, "mail")).resolves.toBeUndefined();
    await expect(assertAddressConfirmed(asAdmin, "order")).resolves.toBeUndefined();
    await expect(assertAddressConfirmed(task, "mail")).resolves.toBeUndefined();
  });

  it("a reset link that reached the mailbox confirms the address; a confirmation token is no reset token", async () => {
    const { admin, tenant } = await createTenantWithAdmin(database.db, { denomination: "Reset", email: "smarrito@example.it", firstName: "S", lastName: "S", password: "segreta12", emailConfirmed: false });
    const confirm = await createPasswordToken(database.db, admin, "confirm");
    expect(await usePasswordToken(database.db, "reset", confirm, "nuovapass12")).toBeUndefined();
    const reset = await createPasswordToken(database.db, admin, "reset");
    expect((await usePasswordToken(database.db, "reset", reset, "nuovapass12"))?.emailConfirmedAt).toBeInstanceOf(Date);
    await expect(assertAddressConfirmed(new TenantScope(database.db, tenant.id, { userId: admin.id, roles: admin.roles }), "mail")).resolves.toBeUndefined();
  });

  it("accounts not made by the public sign-up count as confirmed (seed, scripts)", async () => {
    const { admin, tenant } = await createTenantWithAdmin(database.db, { denomination: "Seed", email: "seed@example.it", firstName: "S", lastName: "S", password: "segreta12" });
    expect(admin.emailConfirmedAt).toBeInstanceOf(Date);
    expect(admin.platformOperator).toBe(false);
    await expect(assertAddressConfirmed(new TenantScope(database.db, tenant.id, { userId: admin.id, roles: admin.roles }), "order")).resolves.toBeUndefined();
  });
});
