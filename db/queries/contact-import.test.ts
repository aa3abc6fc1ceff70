import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { TenantScope } from "@/db/scope";
import { contacts, tenants } from "@/db/schema";
import { readSpreadsheet } from "@/lib/import/read-spreadsheet";
import { contactSchema } from "@/lib/schemas/contact";
import { contactImportOptionsSchema, detectMapping, type ContactImportOptions } from "@/lib/schemas/contact-import";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import { commitContactImport, previewContactImport, resolveCountry } from "./contact-import";
import { contactEntity } from "./contacts";

// The import on a real database: the embedded one, and the server when DATABASE_URL is set.
const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

const options = (o: Partial<ContactImportOptions> = {}) => contactImportOptionsSchema.parse(o);
const csv = (lines: string[]) => readSpreadsheet(new TextEncoder().encode(lines.join("\r\n") + "\r\n"));

describe("detectMapping", () => {
  it("recognises the usual headers, whatever their case, accents and dots", () => {
    expect(detectMapping(["Ragione Sociale", "P. IVA", "Cod. Fiscale", "Città", "Prov.", "C.A.P.", "E-mail", "PEC", "Codice SDI", "Tel.", "Cliente/Fornitore", "Boh"])).toEqual([
      "companyName", "vatNumber", "fiscalCode", "city", "province", "postalCode", "email", "pec", "sdiCode", "phone", "role", null,
    ]);
    // a field takes the first column naming it
    expect(detectMapping(["Nome", "Cognome", "Nome"])).toEqual(["firstName", "lastName", null]);
  });
  it("reads a lone Nome as the company name (Fatture in Cloud's export)", () => {
    expect(detectMapping(["Codice", "Nome", "Partita IVA", "Indirizzo", "Comune", "Paese"])).toEqual(["code", "companyName", "vatNumber", "address", "city", "country"]);
  });
  it("resolves nations by code or name", () => {
    expect(["IT", "it", "Italia", "ITALY", "Germania", "Germany", "Svizzera", "Paese inventato"].map(resolveCountry)).toEqual(["IT", "IT", "IT", "IT", "DE", "DE", "CH", "Paese inventato"]);
  });
});

describe.each(kinds)("contact import on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "import");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: "ia@example.it", firstName: "A", lastName: "A", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id);
  });
  beforeEach(async () => {
    await a.deleteWhere(contacts, undefined);
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  const names = async () => (await a.list(contacts, { orderBy: contacts.id })).map((c) => c.name);

  it("creates the valid rows, reports the others by row number with the form's messages, and writes none of them", async () => {
    const sheet = await csv([
      "Ragione sociale;Nome;Cognome;Partita IVA;Codice fiscale;CAP;Città;Provincia;Email",
      "Alfa S.r.l.;;;01234567897;;40121;Bologna;BO;info@alfa.it",
      ";Anna;Verdi;;VRDNNA80A41H501H;00184;Roma;RM;",
      "Beta S.p.A.;;;01234567890;;20100;Milano;MI;",
      ";Luca;;;;;;;",
      "Gamma;;;;;123456;Torino;XX;non-una-mail",
    ]);
    const preview = await previewContactImport(a, sheet, options());
    expect(preview).toMatchObject({ format: "csv", encoding: "UTF-8", separator: ";", total: 5, problems: [], counts: { created: 2, updated: 0, skipped: 0, refused: 3 } });
    expect(preview.report).toEqual([
      { row: 4, messages: ["La partita IVA non è valida (cifra di controllo errata)"] },
      { row: 5, messages: ['Il campo "Cognome" è richiesto'] },
      { row: 6, messages: ["Indirizzo email non corretto", "Il CAP deve essere composto da 5 cifre", "La sigla della provincia non è valida"] },
    ]);
    expect(await names()).toEqual([]);
    const result = await commitContactImport(a, sheet, options());
    expect(result).toEqual({ created: 2, updated: 0, skipped: 0, refused: 3, report: preview.report, reportTruncated: false });
    expect(await names()).toEqual(["Alfa S.r.l.", "Verdi Anna"]);
    const anna = (await a.list(contacts)).find((c) => c.lastName === "Verdi")!;
    expect(anna).toMatchObject({ kind: "PERSON", isCustomer: true, isSupplier: false, withholdingAgent: false, country: "IT" });
  });

  it("skips or updates rows whose VAT number (or codice fiscale, without one) exists; an update keeps what the row leaves empty", async () => {
    const alfa = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Alfa", vatNumber: "01234567897", city: "Bologna", phone: "051 1", isCustomer: true, referents: [{ firstName: "Rita" }] }));
    await contactEntity.create(a, contactSchema.parse({ kind: "PERSON", firstName: "Anna", lastName: "Verdi", fiscalCode: "VRDNNA80A41H501H", isCustomer: true }));
    const sheet = await csv([
      "Denominazione;Nome;Cognome;P.IVA;CF;Telefono;Città",
      "Alfa S.r.l.;;;IT01234567897;;;Modena",
      ";Anna;Verdi;;VRDNNA80A41H501H;333;",
      "Nuova;;;12345678903;;;",
    ]);
    expect((await commitContactImport(a, sheet, options())).valueOf()).toMatchObject({ created: 1, updated: 0, skipped: 2, refused: 0 });
    const updated = await commitContactImport(a, sheet, options({ onExisting: "update" }));
    // 'Nuova' exists now as well: updated like the others
    expect(updated).toMatchObject({ created: 0, updated: 3, skipped: 0, refused: 0 });
    const now = await contactEntity.get(a, alfa.id);
    expect(now).toMatchObject({ companyName: "Alfa S.r.l.", city: "Modena", phone: "051 1", version: 1 });
    expect(now.referents.map((r) => r.firstName)).toEqual(["Rita"]);
    expect((await a.list(contacts)).find((c) => c.lastName === "Verdi")!.phone).toBe("333");
  });

  it("refuses an update that cannot say which contact it means, or a second row for the same contact", async () => {
    for (const city of ["Milano", "Roma"]) await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: `Sede ${city}`, vatNumber: "01234567897", isCustomer: true }));
    await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Unica", vatNumber: "12345678903", isCustomer: true }));
    const sheet = await csv(["Ragione sociale;Partita IVA", "Sede;01234567897", "Unica 1;12345678903", "Unica 2;12345678903"]);
    const r = await commitContactImport(a, sheet, options({ onExisting: "update" }));
    expect(r).toMatchObject({ created: 0, updated: 1, skipped: 0, refused: 2 });
    expect(r.report).toEqual([
      { row: 2, messages: ["La partita IVA 01234567897 appartiene a 2 contatti: aggiornali dalla loro scheda"] },
      { row: 4, messages: ["La riga 3 del file aggiorna già lo stesso contatto"] },
    ]);
    expect(await names()).toEqual(["Sede Milano", "Sede Roma", "Unica 1"]);
  });

  it("checks codes against the tenant and the file, and requires them when the tenant asks", async () => {
    await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Ha il codice", code: "C1", isCustomer: true }));
    const sheet = await csv(["Codice;Ragione sociale", "c1;Uno", "C2;Due", "C2;Tre", ";Quattro"]);
    const r = await commitContactImport(a, sheet, options());
    expect(r.report).toEqual([
      { row: 2, messages: ['Il codice "c1" è già usato da "Ha il codice"'] },
      { row: 4, messages: ['Il codice "C2" è già usato alla riga 3 del file'] },
    ]);
    await database.db.execute(sql`update ${tenants} set contact_with_code = true where id = ${a.tenantId}`);
    const required = await commitContactImport(a, await csv(["Codice;Ragione sociale", ";Cinque"]), options());
    expect(required.report).toEqual([{ row: 2, messages: ['Il campo "Codice" è richiesto'] }]);
    await database.db.execute(sql`update ${tenants} set contact_with_code = false where id = ${a.tenantId}`);
  });

  it("mends what Excel does to Italian data and reads roles, nations and the PA", async () => {
    const sheet = await csv([
      "Ragione sociale;Partita IVA;CAP;Provincia;Nazione;Codice destinatario;Cliente/Fornitore",
      "Zeri;1234567897;100;(rm);Italia;ABC1234;Fornitore",
      "Comune di Prova;;40100;BO;IT;UFABCD;Cliente",
      "Gmbh;DE123456789;10115;;Germania;;Entrambi",
      "Strano;;;;;;boh",
    ]);
    const r = await commitContactImport(a, sheet, options());
    expect(r.report).toEqual([{ row: 5, messages: ['Valore "boh" non valido per "Cliente/Fornitore": usare Cliente, Fornitore o Entrambi'] }]);
    const rows = await a.list(contacts, { orderBy: contacts.id });
    expect(rows.map((c) => [c.name, c.vatCountry, c.vatNumber, c.postalCode, c.province, c.country, c.sdiCode, c.publicAdministration, c.splitPayment, c.isCustomer, c.isSupplier])).toEqual([
      ["Zeri", "IT", "01234567897", "00100", "RM", "IT", "ABC1234", false, false, false, true],
      ["Comune di Prova", "IT", "", "40100", "BO", "IT", "UFABCD", true, true, true, false],
      ["Gmbh", "DE", "123456789", "10115", "", "DE", "", false, false, true, true],
    ]);
  });

  it("uses the default role without a role column, and yes/no columns when there are", async () => {
    await commitContactImport(a, await csv(["Ragione sociale", "Solo fornitore"]), options({ defaultRole: "SUPPLIER" }));
    const r = await commitContactImport(a, await csv(["Ragione sociale;Cliente;Fornitore", "Entrambi;sì;X", "Nessuno;no;no", "Dubbio;forse;"]), options());
    expect(r.report).toEqual([
      { row: 3, messages: ["Indicare almeno uno tra Cliente e Fornitore"] },
      { row: 4, messages: ['Valore "forse" non valido nella colonna "Cliente (sì/no)": usare Sì o No', "Indicare almeno uno tra Cliente e Fornitore"] },
    ]);
    expect((await a.list(contacts, { orderBy: contacts.id })).map((c) => [c.name, c.isCustomer, c.isSupplier])).toEqual([
      ["Solo fornitore", false, true],
      ["Entrambi", true, true],
    ]);
  });

  it("a mapping without a name, or with a field twice, is shown by the preview and refused by the commit", async () => {
    const sheet = await csv(["Città;Telefono", "Roma;06"]);
    const preview = await previewContactImport(a, sheet, options());
    expect(preview.problems).toEqual(['Abbinare una colonna a "Ragione sociale" oppure a "Nome" e "Cognome"']);
    expect(preview.report).toEqual([{ row: 2, messages: ['Il campo "Ragione sociale" è richiesto'] }]);
    const twice = await commitContactImport(a, sheet, options({ mapping: ["companyName", "companyName"] })).catch((e) => e);
    expect([twice.httpStatus, twice.message]).toEqual([400, 'Il campo "Ragione sociale" è abbinato a più colonne: sceglilo per una sola']);
    const short = await previewContactImport(a, sheet, options({ mapping: ["companyName"] })).catch((e) => e);
    expect([short.httpStatus, short.message]).toEqual([400, "Abbinamento delle colonne non valido: ricarica il file"]);
    // the user's mapping wins over the detected one
    expect((await commitContactImport(a, sheet, options({ mapping: ["companyName", null] }))).created).toBe(1);
    expect(await names()).toEqual(["Roma"]);
  });

  it("writes nothing when the transaction fails part-way (one transaction for the whole file)", async () => {
    await database.db.execute(sql`alter table contacts add constraint contacts_test_boom check (city <> 'Boom')`);
    try {
      const lines = ["Ragione sociale;Città"];
      for (let i = 1; i <= 1500; i++) lines.push(`Azienda ${i};${i === 1500 ? "Boom" : "Roma"}`);
      const err = await commitContactImport(a, await csv(lines), options()).catch((e) => e);
      expect(err).toBeInstanceOf(Error);
      expect(await a.count(contacts)).toBe(0);
    } finally {
      await database.db.execute(sql`alter table contacts drop constraint contacts_test_boom`);
    }
  });
});
