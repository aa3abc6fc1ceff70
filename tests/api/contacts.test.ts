import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { countRows, DELETED, expectErrors, loginBianchi, SAVED } from "../support/entity-api";

const URL = "/api/contacts";
const FIELD = "contact";
const UPDATED = "Modifica effettuata";
const FOREIGN_ROW = "Una delle righe inviate non appartiene a questo elemento: ricarica i dati";

const company = (over: Record<string, unknown> = {}) => ({ kind: "COMPANY", companyName: "Azienda di prova S.r.l.", isCustomer: true, ...over });
const person = (over: Record<string, unknown> = {}) => ({ kind: "PERSON", firstName: "Anna", lastName: "Verdi", isCustomer: true, ...over });
const list = (c: Client, params: Record<string, string> = {}) => c.get(`${URL}?${new URLSearchParams({ startRow: "0", limit: "1000", ...params })}`);
const added = (p: Record<string, string>) => ({ addedParams: JSON.stringify(p) });
const dupVat = (vat: string, names: string) =>
  `Attenzione: la partita IVA ${vat} è già usata da ${names}. Il contatto è stato salvato comunque: le sedi di una stessa azienda possono condividerla.`;

describe("Contacts (Anagrafica)", () => {
  let c: Client;
  let other: Client;
  let modality: { id: number; toString: string };
  let account: { id: number; toString: string };
  let agent: { id: number; toString: string };

  beforeAll(async () => {
    c = (await signUpTenant("Anagrafica S.r.l.")).client;
    other = (await signUpTenant("Altra Anagrafica S.r.l.")).client;
    const m = await c.postEntity("/api/payment-modalities", "paymentModality", {
      name: "Bonifico 30 gg",
      paymentType: "MP05",
      paymentModalityRows: [{ paymentModalityExpirationType: "Dalla data fattura", paymentDay: 30, monthsAfter: 0, amountPercentage: "100" }],
    });
    modality = { id: m.body.paymentModality.id, toString: "Bonifico 30 gg" };
    const b = await c.postEntity("/api/bank-accounts", "bankAccount", { bankAccountType: "Conto bancario", bankName: "Banca Prova", code: "CC 1" });
    account = { id: b.body.bankAccount.id, toString: "Banca Prova (CC 1)" };
    const a = await c.postEntity("/api/agents", "agent", { firstName: "Marco", lastName: "Ferri" });
    agent = { id: a.body.agent.id, toString: "Marco Ferri" };
  });

  it("create-form-data: a company customer (a supplier with role=SUPPLIER) and the tenant's lists", async () => {
    const form = await c.get(`${URL}/create-form-data`);
    expect(form.status).toBe(200);
    expect(form.body.contact).toMatchObject({ id: null, version: 0, kind: "COMPANY", isCustomer: true, isSupplier: false, vatCountry: "IT", country: "IT", withholdingAgent: true, hourlyPrice: null, referents: [] });
    expect(form.body.formData).toEqual({ paymentModalities: [modality], bankAccounts: [account], agents: [agent], contactWithCode: false, tenantHourlyPrice: 0 });
    expect((await c.get(`${URL}/create-form-data?role=SUPPLIER`)).body.contact).toMatchObject({ isCustomer: false, isSupplier: true });
  });

  it("saves a company with referents and defaults; get/{id} carries the supplier defaults (spec §7); update replaces the referents", async () => {
    const created = await c.postEntity(URL, FIELD, company({
      companyName: " Rossi Impianti S.r.l. ",
      code: "C100",
      isSupplier: true,
      vatNumber: "it 123 456 789 03",
      fiscalCode: "12345678903",
      address: "Via Roma 1",
      postalCode: "40121",
      city: "Bologna",
      province: "bo",
      email: "info@rossi.example.it",
      pec: "rossi@pec.example.it",
      sdiCode: "m5uxcr1",
      hourlyPrice: 4500,
      customerPaymentModality: modality,
      customerBankAccount: account,
      supplierPaymentModality: { id: modality.id },
      supplierBankAccount: { id: account.id },
      agent: { id: agent.id },
      firstName: "ignorato",
      referents: [
        { tempId: "a", firstName: "Giorgio", lastName: "Landi", role: "Titolare", email: "g.landi@example.it", phone: "335 1" },
        { tempId: "b", lastName: "Monti", role: "Amministrazione" },
      ],
    }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(["contact", "message", "status"]);
    expect(created.body.message).toBe(SAVED);
    const r = created.body.contact;
    expect(r).toMatchObject({
      kind: "COMPANY",
      companyName: "Rossi Impianti S.r.l.",
      firstName: "",
      lastName: "",
      toString: "Rossi Impianti S.r.l.",
      vatCountry: "IT",
      vatNumber: "12345678903",
      province: "BO",
      sdiCode: "M5UXCR1",
      withholdingAgent: true,
      publicAdministration: false,
      hourlyPrice: 4500,
      customerPaymentModality: modality,
      customerBankAccount: account,
      supplierPaymentModality: modality,
      supplierBankAccount: account,
      agent,
      version: 0,
      rowColor: null,
    });
    expect(r.referents).toEqual([
      { id: expect.any(Number), version: 0, firstName: "Giorgio", lastName: "Landi", role: "Titolare", email: "g.landi@example.it", phone: "335 1", notes: "" },
      { id: expect.any(Number), version: 0, firstName: "", lastName: "Monti", role: "Amministrazione", email: "", phone: "", notes: "" },
    ]);
    expect((await c.get(`${URL}/get/${r.id}`)).body.contact).toEqual(r);
    expect((await c.get(`${URL}/update-form-data/${r.id}`)).body.contact).toEqual(r);

    const upd = await c.postEntity(`${URL}/${r.id}`, FIELD, { ...r, supplierBankAccount: null, referents: [{ ...r.referents[1], phone: "051 2" }, { tempId: "c", firstName: "Nuovo" }] });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.message).toBe(UPDATED);
    const u = upd.body.contact;
    expect([u.version, u.supplierBankAccount]).toEqual([1, null]);
    expect(u.referents.map((x: any) => [x.id === r.referents[1].id, x.firstName || x.lastName, x.phone])).toEqual([[true, "Monti", "051 2"], [false, "Nuovo", ""]]);
  });

  it("a person: Nome and Cognome, toString 'Cognome Nome', not a withholding agent by default", async () => {
    const r = await c.postEntity(URL, FIELD, person({ companyName: "ignorata", fiscalCode: "rssmra85t10a562s" }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.contact).toMatchObject({ kind: "PERSON", companyName: "", toString: "Verdi Anna", fiscalCode: "RSSMRA85T10A562S", withholdingAgent: false });
  });

  it("every validation message, word for word, and nothing is written", async () => {
    const before = await countRows(c, URL);
    await expectErrors(c, URL, FIELD, { isCustomer: true, companyName: "X" }, ["Indicare se il contatto è una persona giuridica o una persona fisica"]);
    await expectErrors(c, URL, FIELD, company({ companyName: "  " }), ['Il campo "Ragione sociale" è richiesto']);
    await expectErrors(c, URL, FIELD, person({ firstName: "", lastName: "" }), ['Il campo "Nome" è richiesto', 'Il campo "Cognome" è richiesto']);
    await expectErrors(c, URL, FIELD, person({ lastName: "" }), ['Il campo "Cognome" è richiesto']);
    await expectErrors(c, URL, FIELD, company({ isCustomer: false, isSupplier: false }), ["Indicare almeno uno tra Cliente e Fornitore"]);
    // Partita IVA: length and check digit (rules §6.1)
    await expectErrors(c, URL, FIELD, company({ vatNumber: "12345678901" }), ["La partita IVA non è valida (cifra di controllo errata)"]);
    await expectErrors(c, URL, FIELD, company({ vatNumber: "1234567890" }), ["La partita IVA deve essere composta da 11 cifre"]);
    await expectErrors(c, URL, FIELD, company({ vatCountry: "DE", vatNumber: "DE-12" }), ["La partita IVA estera deve essere di 2-28 lettere o cifre"]);
    await expectErrors(c, URL, FIELD, company({ vatCountry: "ZZ" }), ['Il campo "Paese IVA" deve essere il codice di una nazione di 2 lettere (es. IT, DE)']);
    // codice fiscale: check character, format, numeric codes, persons need 16 characters (rules §6.2)
    await expectErrors(c, URL, FIELD, person({ fiscalCode: "RSSMRA85T10A562A" }), ["Il codice fiscale non è valido (carattere di controllo errato)"]);
    await expectErrors(c, URL, FIELD, person({ fiscalCode: "RSSMRA85T10A562" }), ["Il codice fiscale deve essere di 16 caratteri (11 cifre per le società)"]);
    await expectErrors(c, URL, FIELD, person({ fiscalCode: "12345678903" }), ["Il codice fiscale di una persona fisica deve essere di 16 caratteri"]);
    await expectErrors(c, URL, FIELD, company({ fiscalCode: "12345678901" }), ["Il codice fiscale numerico non è valido (cifra di controllo errata)"]);
    await expectErrors(c, URL, FIELD, company({ country: "FR", fiscalCode: "AB-12" }), ["Il codice fiscale estero deve essere di 1-28 lettere o cifre"]);
    // address in Italy, nation
    await expectErrors(c, URL, FIELD, company({ postalCode: "4012" }), ["Il CAP deve essere composto da 5 cifre"]);
    await expectErrors(c, URL, FIELD, company({ province: "XX" }), ["La sigla della provincia non è valida"]);
    await expectErrors(c, URL, FIELD, company({ country: "XX" }), ['Il campo "Nazione" deve essere il codice di una nazione di 2 lettere (es. IT, DE)']);
    // e-mail and PEC
    await expectErrors(c, URL, FIELD, company({ email: "non-una-mail" }), ["Indirizzo email non corretto"]);
    await expectErrors(c, URL, FIELD, company({ pec: "pec@" }), ["Indirizzo PEC non corretto"]);
    // SDI code: 7 characters, 6 for the public administration, which requires it
    await expectErrors(c, URL, FIELD, company({ sdiCode: "ABC123" }), ["Il codice destinatario deve essere di 7 caratteri"]);
    await expectErrors(c, URL, FIELD, company({ sdiCode: "ABC12-3" }), ["Il codice destinatario può contenere solo lettere e cifre"]);
    await expectErrors(c, URL, FIELD, company({ publicAdministration: true }), ['Il campo "Codice destinatario" è richiesto per la Pubblica Amministrazione']);
    await expectErrors(c, URL, FIELD, company({ publicAdministration: true, sdiCode: "ABC1234" }), ["Il codice destinatario della Pubblica Amministrazione deve essere di 6 caratteri (codice univoco ufficio)"]);
    // money, referents
    await expectErrors(c, URL, FIELD, company({ hourlyPrice: -1 }), ["L'importo non può essere negativo"]);
    await expectErrors(c, URL, FIELD, company({ hourlyPrice: 12.5 }), ['Il campo "Prezzo orario" non è un importo valido']);
    await expectErrors(c, URL, FIELD, company({ referents: [{ role: "Senza nome" }] }), ['Indicare almeno uno tra "Nome" e "Cognome" del referente']);
    await expectErrors(c, URL, FIELD, company({ referents: [{ firstName: "A", email: "x@" }] }), ["Indirizzo email non corretto"]);
    await expectErrors(c, URL, FIELD, company({ referents: "tutti" }), ["Referenti non validi"]);
    await expectErrors(c, URL, FIELD, company({ referents: Array.from({ length: 101 }, () => ({ firstName: "A" })) }), ["Troppi referenti (massimo 100)"]);
    // several at once, in the form's order
    await expectErrors(c, URL, FIELD, company({ companyName: "", email: "x", vatNumber: "1", isCustomer: false }), [
      "Indirizzo email non corretto",
      'Il campo "Ragione sociale" è richiesto',
      "Indicare almeno uno tra Cliente e Fornitore",
      "La partita IVA deve essere composta da 11 cifre",
    ]);
    expect(await countRows(c, URL)).toBe(before);
  });

  it("accepts the valid identifiers: IT prefix, omocodia, foreign contacts without Italian checks", async () => {
    const ok = async (entity: unknown) => {
      const r = await c.postEntity(URL, FIELD, entity);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.contact;
    };
    expect((await ok(company({ vatNumber: "IT01234567897" }))).vatNumber).toBe("01234567897");
    expect((await ok(person({ fiscalCode: "RSSMRA85T10A56NH" }))).fiscalCode).toBe("RSSMRA85T10A56NH");
    const gmbh = await ok(company({ companyName: "Müller GmbH", vatCountry: "de", vatNumber: "DE 811907980", country: "de", postalCode: "80804", province: "Bayern", sdiCode: "XXXXXXX" }));
    expect([gmbh.vatCountry, gmbh.vatNumber, gmbh.country, gmbh.postalCode]).toEqual(["DE", "811907980", "DE", "80804"]);
    const pa = await ok(company({ companyName: "Comune di Prova", publicAdministration: true, splitPayment: true, sdiCode: "uf h3k8" }));
    expect([pa.sdiCode, pa.withholdingAgent, pa.splitPayment]).toEqual(["UFH3K8", true, true]);
  });

  it("a VAT number another contact has: saved, with a dialogMessage naming it (on update too); never another tenant's", async () => {
    await other.postEntity(URL, FIELD, company({ companyName: "Segreto altrui", vatNumber: "02845190376" }));
    const first = await c.postEntity(URL, FIELD, company({ companyName: "Alfa S.r.l.", vatNumber: "02845190376" }));
    expect(first.body.dialogMessage).toBeUndefined();
    const branch = await c.postEntity(URL, FIELD, company({ companyName: "Alfa S.r.l. - Sede di Modena", vatNumber: "02845190376" }));
    expect(branch.status).toBe(200);
    expect(branch.body).toMatchObject({ status: "ok", message: SAVED, dialogMessage: dupVat("02845190376", '"Alfa S.r.l."') });
    expect(branch.body.contact.companyName).toBe("Alfa S.r.l. - Sede di Modena");
    const again = await c.postEntity(`${URL}/${first.body.contact.id}`, FIELD, { ...first.body.contact, city: "Bologna" });
    expect(again.body).toMatchObject({ message: UPDATED, dialogMessage: dupVat("02845190376", '"Alfa S.r.l. - Sede di Modena"') });
    const eu = await c.postEntity(URL, FIELD, company({ companyName: "Müller Zweig", vatCountry: "DE", vatNumber: "811907980", country: "DE" }));
    expect(eu.body.dialogMessage).toBe(dupVat("DE811907980", '"Müller GmbH"'));
  });

  it("a code names one contact of the tenant (any case)", async () => {
    await expectErrors(c, URL, FIELD, company({ companyName: "Altro", code: "c100" }), ['Il codice "c100" è già usato da "Rossi Impianti S.r.l."']);
    expect((await other.postEntity(URL, FIELD, company({ code: "C100" }))).status).toBe(200);
  });

  it("another tenant's payment modality, bank account, agent or referent is refused; its contact is a 404", async () => {
    const om = await other.postEntity("/api/payment-modalities", "paymentModality", { name: "Altrui", paymentType: "MP01", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese", paymentDay: 0, monthsAfter: 0, amountPercentage: "100" }] });
    const ob = await other.postEntity("/api/bank-accounts", "bankAccount", { bankAccountType: "Altro", bankName: "PayPal altrui" });
    const oa = await other.postEntity("/api/agents", "agent", { firstName: "Agente", lastName: "Altrui" });
    const oc = await other.postEntity(URL, FIELD, company({ companyName: "Contatto altrui", referents: [{ firstName: "Referente altrui" }] }));
    const before = await countRows(c, URL);
    await expectErrors(c, URL, FIELD, company({ customerPaymentModality: { id: om.body.paymentModality.id } }), ["La modalità di pagamento scelta non esiste"]);
    await expectErrors(c, URL, FIELD, company({ supplierPaymentModality: { id: om.body.paymentModality.id } }), ["La modalità di pagamento scelta non esiste"]);
    await expectErrors(c, URL, FIELD, company({ customerBankAccount: { id: ob.body.bankAccount.id } }), ["Il conto corrente scelto non esiste"]);
    await expectErrors(c, URL, FIELD, company({ supplierBankAccount: { id: ob.body.bankAccount.id } }), ["Il conto corrente scelto non esiste"]);
    await expectErrors(c, URL, FIELD, company({ agent: { id: oa.body.agent.id } }), ["L'agente scelto non esiste"]);
    expect(await countRows(c, URL)).toBe(before);
    const mine = (await c.postEntity(URL, FIELD, company({ companyName: "Mio" }))).body.contact;
    const hijack = await c.postEntity(`${URL}/${mine.id}`, FIELD, { ...mine, referents: [{ id: oc.body.contact.referents[0].id, firstName: "Rubato" }] });
    expect([hijack.status, hijack.body.errors]).toEqual([400, [FOREIGN_ROW]]);
    expect((await other.get(`${URL}/get/${oc.body.contact.id}`)).body.contact.referents[0].firstName).toBe("Referente altrui");
    for (const path of [`/get/${oc.body.contact.id}`, `/update-form-data/${oc.body.contact.id}`]) expect((await c.get(`${URL}${path}`)).status).toBe(404);
    expect((await c.postEntity(`${URL}/${oc.body.contact.id}`, FIELD, { ...company(), version: 0 })).status).toBe(404);
    expect((await c.json("DELETE", `${URL}/${oc.body.contact.id}`)).status).toBe(404);
  });

  it("the list: Tipologia and Clienti / Fornitori as addedParams, search over name, code, VAT, fiscal code, e-mail and city", async () => {
    const all = (await list(c)).body;
    expect(all.gridData.columns.filter((x: any) => !x.hidden).map((x: any) => x.header)).toEqual(["Codice", "Denominazione", "Partita IVA", "Codice fiscale", "Città", "Email", "Cliente", "Fornitore", "PA"]);
    expect(all.gridData.columns.filter((x: any) => x.searchable).map((x: any) => x.field)).toEqual(["code", "name", "vatNumber", "fiscalCode", "city", "email"]);
    const names = (body: any) => body.data.map((r: any) => r.name);
    expect(names((await list(c, added({ typology: "PERSON" }))).body)).toEqual(["Verdi Anna", "Verdi Anna"]);
    expect(names((await list(c, added({ typology: "COMPANY" }))).body)).not.toContain("Verdi Anna");
    expect(names((await list(c, added({ typology: "ALL", role: "SUPPLIER" }))).body)).toEqual(["Rossi Impianti S.r.l."]);
    expect((await list(c, added({ role: "CUSTOMER" }))).body.count).toBe(all.count);
    // the VAT number as invoices print it, with its country prefix, finds the number stored bare
    for (const search of ["rossi impianti", "C100", "12345678903", "IT12345678903", "it1234567", "info@rossi", "bologna"]) {
      expect(names((await list(c, { search })).body), search).toContain("Rossi Impianti S.r.l.");
    }
    expect(names((await list(c, { search: "RSSMRA85T10A56NH" })).body)).toEqual(["Verdi Anna"]);
    const row = all.data.find((r: any) => r.name === "Rossi Impianti S.r.l.");
    expect(row).toMatchObject({ code: "C100", vatNumber: "12345678903", city: "Bologna", province: "BO", email: "info@rossi.example.it", isCustomer: true, isSupplier: true, publicAdministration: false });
    // the grid's own parameters are validated
    const bad = await list(c, added({ typology: "ALTRO" }));
    expect([bad.status, bad.body.errors]).toEqual([400, ['Parametro "typology" non valido: usare ALL, PERSON o COMPANY']]);
    expect((await list(c, added({ role: "AGENTE" }))).body.errors).toEqual(['Parametro "role" non valido: usare CUSTOMER o SUPPLIER']);
    // export of the filtered set
    const csv = await (await c.raw("GET", `${URL}/export?format=csv&columns=code,name,vatNumber&${new URLSearchParams(added({ role: "SUPPLIER" }))}`)).text();
    expect(csv.replace(/^\uFEFF/, "").trim().split("\r\n")).toEqual(["Codice;Denominazione;Partita IVA", "C100;Rossi Impianti S.r.l.;12345678903"]);
  });

  it("get-filtered-list: the ajax select's source, with query, offset and an optional role", async () => {
    const all = await c.get(`${URL}/get-filtered-list`);
    expect(Object.keys(all.body)).toEqual(["options", "status"]);
    expect(all.body.options.length).toBeGreaterThan(5);
    expect(all.body.options[0]).toEqual({ id: expect.any(Number), toString: expect.any(String) });
    const byName = (await c.get(`${URL}/get-filtered-list?query=rossi`)).body.options.map((o: any) => o.toString);
    expect(byName).toEqual(["Rossi Impianti S.r.l."]);
    expect((await c.get(`${URL}/get-filtered-list?query=0284519`)).body.options.map((o: any) => o.toString)).toEqual(["Alfa S.r.l.", "Alfa S.r.l. - Sede di Modena"]);
    expect((await c.get(`${URL}/get-filtered-list?query=IT0284519`)).body.options.map((o: any) => o.toString)).toEqual(["Alfa S.r.l.", "Alfa S.r.l. - Sede di Modena"]);
    expect((await c.get(`${URL}/get-filtered-list?role=SUPPLIER`)).body.options.map((o: any) => o.toString)).toEqual(["Rossi Impianti S.r.l."]);
    expect((await c.get(`${URL}/get-filtered-list?role=CUSTOMER&query=verdi`)).body.options).toHaveLength(2);
    // a person found by the first characters of the codice fiscale
    expect((await c.get(`${URL}/get-filtered-list?query=rssmra85t10a56n`)).body.options.map((o: any) => o.toString)).toEqual(["Verdi Anna"]);
    const second = (await c.get(`${URL}/get-filtered-list?offset=1&limit=1`)).body.options;
    expect(second).toEqual([all.body.options[1]]);
    const bad = await c.get(`${URL}/get-filtered-list?role=AGENT`);
    expect([bad.status, bad.body.message]).toEqual([400, 'Parametro "role" non valido: usare CUSTOMER o SUPPLIER']);
  });

  it("delete: the contact and its referents go; row colours apply to contacts", async () => {
    const r = (await c.postEntity(URL, FIELD, company({ companyName: "Da eliminare", referents: [{ firstName: "Via" }] }))).body.contact;
    const color = await c.postForm("/api/row-colors/change-row-colors", { table: "contacts", ids: String(r.id), color: "#c8efc4" });
    expect(color.body).toEqual({ status: "ok", message: "Modifica effettuata", updated: 1 });
    expect((await c.get(`${URL}/get/${r.id}`)).body.contact.rowColor).toBe("#c8efc4");
    const del = await c.json("DELETE", `${URL}/${r.id}`);
    expect(del.body).toEqual({ status: "ok", message: DELETED });
    expect((await c.get(`${URL}/get/${r.id}`)).status).toBe(404);
  });

  it("is a Sezioni area: a ROLE_USER-only user works with the contacts", async () => {
    const luca = await loginBianchi();
    expect((await luca.get(URL)).status).toBe(200);
    expect((await luca.get(`${URL}/create-form-data`)).body.formData.paymentModalities.length).toBeGreaterThan(0);
    const r = await luca.postEntity(URL, FIELD, person({ firstName: "Luca", lastName: "Cliente di Bianchi" }));
    expect(r.status).toBe(200);
    expect((await luca.json("DELETE", `${URL}/${r.body.contact.id}`)).status).toBe(200);
  });
});
