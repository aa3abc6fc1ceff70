import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { contactReferents, contacts, paymentModalities, tenants } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { contactSchema } from "@/lib/schemas/contact";
import { paymentModalitySchema } from "@/lib/schemas/payment-modality";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import { CONTACT_IN_USE, contactEntity } from "./contacts";
import { paymentModalityEntity } from "./payment-modalities";

// The contacts on a real database: the embedded one, and the server when DATABASE_URL is set.
const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("contacts on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "contacts");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: "ca@example.it", firstName: "A", lastName: "A", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: "cb@example.it", firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id);
    b = new TenantScope(database.db, tb.tenant.id);
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  const save = (scope: TenantScope, raw: Record<string, unknown>) => contactEntity.create(scope, contactSchema.parse(raw));

  it("the Denominazione is generated: the company name, or 'Cognome Nome'", async () => {
    const company = await save(a, { kind: "COMPANY", companyName: "Alfa S.r.l.", firstName: "Ignorato", isCustomer: true });
    const person = await save(a, { kind: "PERSON", firstName: "Anna", lastName: "Verdi", companyName: "Ignorata", isSupplier: true });
    expect([company.toString, company.firstName, company.withholdingAgent]).toEqual(["Alfa S.r.l.", "", true]);
    expect([person.toString, person.companyName, person.withholdingAgent]).toEqual(["Verdi Anna", "", false]);
  });

  it("referents are saved as a set; a referent of another tenant's contact is refused and nothing changes", async () => {
    const mine = await save(a, { kind: "COMPANY", companyName: "Con referenti", isCustomer: true, referents: [{ firstName: "Uno" }, { lastName: "Due" }] });
    const theirs = await save(b, { kind: "COMPANY", companyName: "Altrui", isCustomer: true, referents: [{ firstName: "Segreto" }] });
    expect(mine.referents.map((r) => r.firstName || r.lastName)).toEqual(["Uno", "Due"]);
    const bad = await contactEntity.update(a, mine.id, contactSchema.parse({ ...mine, referents: [{ id: theirs.referents[0]!.id, firstName: "Rubato" }] })).catch((e) => e);
    expect(bad).toBeInstanceOf(ApiError);
    expect((await b.list(contactReferents)).map((r) => r.firstName)).toEqual(["Segreto"]);
    const kept = await contactEntity.update(a, mine.id, contactSchema.parse({ ...mine, referents: [{ ...mine.referents[1]!, role: "Acquisti" }] }));
    expect(kept.referents.map((r) => [r.id, r.lastName, r.role])).toEqual([[mine.referents[1]!.id, "Due", "Acquisti"]]);
  });

  it("a code is unique in the tenant (any case) and required when the tenant asks for codes", async () => {
    await save(a, { kind: "COMPANY", companyName: "Codice uno", code: "C001", isCustomer: true });
    const taken = await save(a, { kind: "COMPANY", companyName: "Codice due", code: "c001", isCustomer: true }).catch((e) => e);
    expect([taken.httpStatus, taken.errors]).toEqual([400, ['Il codice "c001" è già usato da "Codice uno"']]);
    // another tenant may use the same code
    expect((await save(b, { kind: "COMPANY", companyName: "Codice B", code: "C001", isCustomer: true })).code).toBe("C001");
    await database.db.execute(sql`update ${tenants} set contact_with_code = true where id = ${a.tenantId}`);
    const missing = await save(a, { kind: "COMPANY", companyName: "Senza codice", isCustomer: true }).catch((e) => e);
    expect(missing.errors).toEqual(['Il campo "Codice" è richiesto']);
    await database.db.execute(sql`update ${tenants} set contact_with_code = false where id = ${a.tenantId}`);
  });

  it("the duplicate VAT notice names the other contacts, never the other tenant's", async () => {
    await save(b, { kind: "COMPANY", companyName: "Altra azienda", vatNumber: "01234567897", isCustomer: true });
    const first = await save(a, { kind: "COMPANY", companyName: "Sede Milano", vatNumber: "IT 01234567897", isCustomer: true });
    expect(first.vatNumber).toBe("01234567897");
    expect(await contactEntity.saveNotice!(a, first)).toBeUndefined();
    const second = await save(a, { kind: "COMPANY", companyName: "Sede Roma", vatNumber: "01234567897", isCustomer: true });
    expect(await contactEntity.saveNotice!(a, second)).toBe(
      'Attenzione: la partita IVA 01234567897 è già usata da "Sede Milano". Il contatto è stato salvato comunque: le sedi di una stessa azienda possono condividerla.',
    );
    for (const city of ["Torino", "Napoli", "Bari"]) await save(a, { kind: "COMPANY", companyName: `Sede ${city}`, vatNumber: "01234567897", isCustomer: true });
    expect(await contactEntity.saveNotice!(a, second)).toBe(
      'Attenzione: la partita IVA 01234567897 è già usata da "Sede Milano", "Sede Torino", "Sede Napoli" e altri 1. Il contatto è stato salvato comunque: le sedi di una stessa azienda possono condividerla.',
    );
    const foreign = await save(a, { kind: "COMPANY", companyName: "Gmbh", vatCountry: "de", vatNumber: "DE 123456789", country: "DE", isCustomer: true });
    expect([foreign.vatCountry, foreign.vatNumber]).toEqual(["DE", "123456789"]);
    expect(await contactEntity.saveNotice!(a, foreign)).toBeUndefined();
  });

  it("deleting a payment modality clears it as a default; a contact in use by a restricting reference is a 409", async () => {
    const modality = await paymentModalityEntity.create(a, paymentModalitySchema.parse({ name: "Bonifico", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese", paymentDay: 0, monthsAfter: 1, amountPercentage: "100" }] }));
    const c = await save(a, { kind: "COMPANY", companyName: "Fornitore", isSupplier: true, supplierPaymentModality: { id: modality.id } });
    expect(c.supplierPaymentModality).toEqual({ id: modality.id, toString: "Bonifico" });
    await a.delete(paymentModalities, modality.id);
    expect((await contactEntity.get(a, c.id)).supplierPaymentModality).toBeNull();
    // a stand-in for the jobs and documents to come: a restricting composite reference
    await database.db.execute(sql`create table contact_users (id serial primary key, tenant_id integer not null, contact_id integer not null, foreign key (tenant_id, contact_id) references contacts (tenant_id, id) on delete restrict)`);
    await database.db.execute(sql`insert into contact_users (tenant_id, contact_id) values (${a.tenantId}, ${c.id})`);
    const refused = await contactEntity.remove(a, c.id).catch((e) => e);
    expect([refused.httpStatus, refused.message]).toEqual([409, CONTACT_IN_USE]);
    expect(await a.find(contacts, c.id)).toBeDefined();
    await database.db.execute(sql`drop table contact_users`);
    await contactEntity.remove(a, c.id);
    expect(await a.find(contacts, c.id)).toBeUndefined();
  });

  it("insertMany and updateMany write batches of this tenant only; a stale version fails the whole batch", async () => {
    expect(await a.insertMany(contacts, [{ kind: "COMPANY", companyName: "Lotto 1" }, { kind: "COMPANY", companyName: "Lotto 2" }])).toBe(2);
    const batch = (await a.list(contacts, { orderBy: contacts.id })).filter((c) => c.companyName.startsWith("Lotto"));
    expect(batch.map((c) => [c.tenantId, c.name, c.isCustomer, c.code])).toEqual([[a.tenantId, "Lotto 1", true, ""], [a.tenantId, "Lotto 2", true, ""]]);
    const [one, two] = batch;
    expect(await a.updateMany(contacts, [{ id: one!.id, version: 0, values: { city: "Uno" } }, { id: two!.id, version: 0, values: { city: "Due" } }])).toBe(2);
    const stale = await a.updateMany(contacts, [{ id: one!.id, version: 1, values: { city: "Ok" } }, { id: two!.id, version: 0, values: { city: "Vecchia" } }]).catch((e) => e);
    expect(stale.httpStatus).toBe(409);
    // another tenant's row is never reached
    expect(await b.updateMany(contacts, [{ id: one!.id, version: 1, values: { city: "Altrui" } }]).catch((e) => e.httpStatus)).toBe(409);
    expect((await a.list(contacts, { orderBy: contacts.id })).filter((c) => c.companyName.startsWith("Lotto")).map((c) => [c.city, c.version])).toEqual([["Uno", 1], ["Due", 1]]);
  });

  it("the database refuses a default of another tenant (composite keys)", async () => {
    const theirs = await paymentModalityEntity.create(b, paymentModalitySchema.parse({ name: "Altrui", paymentType: "MP01", paymentModalityRows: [{ paymentModalityExpirationType: "Dalla data fattura", paymentDay: 0, monthsAfter: 0, amountPercentage: "100" }] }));
    const err = await a.insert(contacts, { kind: "COMPANY", companyName: "X", customerPaymentModalityId: theirs.id }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    const refused = await save(a, { kind: "COMPANY", companyName: "X", isCustomer: true, customerPaymentModality: { id: theirs.id } }).catch((e) => e);
    expect(refused.errors).toEqual(["La modalità di pagamento scelta non esiste"]);
  });
});
