import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { agentCommissions, agents, fieldValues, invoiceSectionals, items, vatRates } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { agentSchema } from "@/lib/schemas/agent";
import { invoiceSectionalSchema } from "@/lib/schemas/invoice-sectional";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import { isReferenceViolation, mapConstraintErrors, pgConstraint, pgErrorCode } from "@/db/entity";
import { agentEntity } from "./agents";
import { itemsGrid } from "./items";
import { parseGridRequest } from "@/lib/grid/request";
import { invoiceSectionalEntity } from "./invoice-sectionals";
import { DEFAULT_VAT_RATES } from "./vat-rates";

// The lookup tables on a real database: the embedded one, and the server when DATABASE_URL is set.
const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("lookup tables on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "lookups");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: "la@example.it", firstName: "A", lastName: "A", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: "lb@example.it", firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id);
    b = new TenantScope(database.db, tb.tenant.id);
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it("a new tenant gets the default VAT rates and one default sectional", async () => {
    expect(await a.count(vatRates)).toBe(DEFAULT_VAT_RATES.length);
    const zero = await a.list(vatRates);
    expect(zero.filter((r) => r.rate === "0.00").every((r) => r.natura)).toBe(true);
    expect(zero.filter((r) => r.rate !== "0.00").every((r) => r.natura === null)).toBe(true);
    const s = await invoiceSectionalEntity.listAll(a);
    expect(s.map((x) => [x.name, x.defaultSectional, x.suffix])).toEqual([["Principale", true, ""]]);
  });

  it("the unique indexes hold and their violations are named on both drivers", async () => {
    const err = await a.insert(invoiceSectionals, { name: "Doppio", typology: "Tutti", suffix: "D", defaultSectional: true }).catch((e) => e);
    expect(pgErrorCode(err)).toBe("23505");
    expect(pgConstraint(err)).toBe("invoice_sectionals_tenant_default_key");
    const mapped = await mapConstraintErrors(() => a.insert(invoiceSectionals, { name: "Doppio", typology: "Tutti", suffix: "" }), {
      notFound: "",
      unique: { invoice_sectionals_tenant_suffix_key: "suffisso" },
    }).catch((e) => e);
    expect(mapped).toBeInstanceOf(ApiError);
    expect([mapped.httpStatus, mapped.message]).toEqual([409, "suffisso"]);
    // the other tenant has its own default and its own empty suffix
    expect((await invoiceSectionalEntity.listAll(b)).filter((x) => x.defaultSectional)).toHaveLength(1);
  });

  it("concurrent saves that each make a sectional the default leave exactly one default, never a 500", async () => {
    const made = await Promise.all(["X1", "X2", "X3"].map((suffix) => invoiceSectionalEntity.create(a, invoiceSectionalSchema.parse({ name: suffix, typology: "Tutti", suffix }))));
    const results = await Promise.allSettled(made.map((s) => invoiceSectionalEntity.update(a, s.id, invoiceSectionalSchema.parse({ ...s, defaultSectional: true }))));
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ApiError);
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    expect((await invoiceSectionalEntity.listAll(a)).filter((x) => x.defaultSectional)).toHaveLength(1);
  });

  it("a VAT rate referenced by a product cannot be deleted (FK restrict: 23503, or 23001 on PostgreSQL 18)", async () => {
    const [rate] = await a.list(vatRates, { limit: 1 });
    await a.insert(items, { name: "Con IVA", vatRateId: rate!.id });
    const err = await a.delete(vatRates, rate!.id).catch((e) => e);
    expect(isReferenceViolation(pgErrorCode(err))).toBe(true);
    const mapped = await mapConstraintErrors(() => a.delete(vatRates, rate!.id), { notFound: "", inUse: "in uso" }).catch((e) => e);
    expect([mapped.httpStatus, mapped.message]).toEqual([409, "in uso"]);
    // worded for the foreign key that refused it (both drivers name the constraint), else the general message
    const byKey = (inUseBy: Record<string, string>) => mapConstraintErrors(() => a.delete(vatRates, rate!.id), { notFound: "", inUse: "in uso", inUseBy }).catch((e) => e.message);
    expect(await byKey({ items_vat_rate_fk: "usata da un prodotto" })).toBe("usata da un prodotto");
    expect(await byKey({ services_vat_rate_fk: "usata da un servizio" })).toBe("in uso");
  });

  it("the Prodotti grid's first page reads its rows in order from an index, without sorting the catalogue", async () => {
    await a.insertMany(items, Array.from({ length: 400 }, (_, i) => ({ name: `${i % 2 ? "cavo" : "Staffa"} ${String(i).padStart(4, "0")}` })));
    await database.db.execute(sql`analyze items`);
    // the order the list route sends for the grid's default sort (lower(name), id)
    const request = parseGridRequest(itemsGrid, new URLSearchParams("startRow=0&limit=50"), a);
    const explained = await database.db.execute(
      sql`explain select ${items.id} from ${items} where ${items.tenantId} = ${a.tenantId} order by ${sql.join(request.orderBy, sql`, `)} limit 50`,
    );
    const rows = (Array.isArray(explained) ? explained : (explained as { rows: unknown[] }).rows) as { "QUERY PLAN": string }[];
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("items_tenant_lower_name_id_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("the database itself refuses a reference to another tenant's row (composite foreign keys)", async () => {
    const [foreignRate] = await b.list(vatRates, { limit: 1 });
    const err = await a.insert(items, { name: "IVA altrui", vatRateId: foreignRate!.id }).catch((e) => e);
    expect(pgErrorCode(err)).toBe("23503");
    const [foreignTitle] = await b.select({ id: fieldValues.id }).from(fieldValues).where();
    const agentErr = await a.insert(agents, { firstName: "X", titleId: foreignTitle!.id }).catch((e) => e);
    expect(pgErrorCode(agentErr)).toBe("23503");
    // and deleting a title clears it on the agent (SET NULL of the title column only)
    const [ownTitle] = await a.select({ id: fieldValues.id }).from(fieldValues).where();
    const agent = await a.insert(agents, { firstName: "Con titolo", titleId: ownTitle!.id });
    await a.delete(fieldValues, ownTitle!.id);
    expect((await a.getOrThrow(agents, agent.id)).titleId).toBeNull();
  });

  it("commission rows are replaced as a set inside the agent's transaction", async () => {
    const agent = await agentEntity.create(a, agentSchema.parse({ firstName: "Set", agentCommissions: [{ percentage: "1" }, { percentage: "2" }] }));
    const other = await agentEntity.create(b, agentSchema.parse({ firstName: "Altro", agentCommissions: [{ percentage: "9" }] }));
    // a row id of another tenant's agent is refused and nothing changes
    const bad = await agentEntity.update(a, agent.id, agentSchema.parse({ version: 0, firstName: "Cambiato", agentCommissions: [{ id: other.agentCommissions[0]!.id, percentage: "5" }] })).catch((e) => e);
    expect(bad).toBeInstanceOf(ApiError);
    expect((await a.getOrThrow(agents, agent.id)).firstName).toBe("Set");
    expect((await b.list(agentCommissions)).map((r) => r.percentage)).toEqual(["9.00"]);
    const ok = await agentEntity.update(a, agent.id, agentSchema.parse({ version: 0, firstName: "Set", agentCommissions: [{ id: agent.agentCommissions[1]!.id, percentage: "3" }] }));
    expect(ok.agentCommissions.map((r: { id: number; percentage: string }) => [r.id, r.percentage])).toEqual([[agent.agentCommissions[1]!.id, "3.00"]]);
  });
});
