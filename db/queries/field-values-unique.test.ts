/** Issue 30, defects met on the way: Tabelle › valori campo accepted the same value twice. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { fieldValues } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import { ApiError } from "@/lib/errors";
import { fieldValueSchema } from "@/lib/schemas/field-value";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import { fieldValueEntity, fieldValueTaken } from "./field-values";

describe("field values, once per list (pglite)", () => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;

  beforeAll(async () => {
    tdb = await createTestDatabase("pglite", "fvuniq");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: "fva@example.it", firstName: "A", lastName: "A", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: "fvb@example.it", firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  const create = (scope: TenantScope, fieldName: string, fieldValue: string) => fieldValueEntity.create(scope, fieldValueSchema.parse({ fieldName, fieldValue }));
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(() => null, (err: unknown) => err);
    expect(e).toBeInstanceOf(ApiError);
    return { status: (e as ApiError).httpStatus, message: (e as ApiError).message };
  };
  const count = (scope: TenantScope, fieldName: string) => scope.count(fieldValues, eq(fieldValues.fieldName, fieldName));

  it("refuses a value the list has, ignoring case and spaces, with a 409 that writes nothing", async () => {
    await create(a, "reparto", "Amministrazione");
    expect(await refusal(create(a, "reparto", "  amministrazione "))).toEqual({ status: 409, message: fieldValueTaken("amministrazione") });
    expect(await count(a, "reparto")).toBe(1);
  });

  it("accepts it in another list or another tenant, and a value edited into itself", async () => {
    await create(a, "reparto2", "Amministrazione");
    await create(b, "reparto", "Amministrazione");
    const v = await create(a, "reparto", "Vendite");
    expect(await fieldValueEntity.update(a, v.id, fieldValueSchema.parse({ fieldValue: "VENDITE", version: v.version }))).toMatchObject({ fieldValue: "VENDITE" });
    expect(await refusal(fieldValueEntity.update(a, v.id, fieldValueSchema.parse({ fieldValue: "amministrazione", version: v.version + 1 })))).toMatchObject({ status: 409 });
  });

  it("keeps one of two saves of the same value at the same moment", async () => {
    const results = await Promise.allSettled([create(a, "stato", "Nuovo"), create(a, "stato", "nuovo")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await count(a, "stato")).toBe(1);
  });
});
