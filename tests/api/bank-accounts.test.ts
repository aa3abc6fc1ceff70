import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { countRows, expectBadBodiesOnSaves, expectDocumentRoleNeeded, expectErrors, SAVED } from "../support/entity-api";

const URL = "/api/bank-accounts";
const FIELD = "bankAccount";
const IBAN = "IT60X0542811101000000123456";

describe("Bank accounts (Conti corrente)", () => {
  let c: Client;
  beforeAll(async () => {
    c = (await signUpTenant("Conti S.r.l.")).client;
  });

  it("creates, reads, updates and deletes; the other type's fields are cleared", async () => {
    const form = await c.get(`${URL}/create-form-data`);
    expect(form.body).toMatchObject({ status: "ok", bankAccount: { id: null, bankAccountType: "Conto bancario" }, formData: { bankAccountTypes: ["Conto bancario", "Altro"] } });

    const created = await c.postEntity(URL, FIELD, { bankAccountType: "Conto bancario", bankName: " Banca di Bologna ", code: "CC 1000/123", iban: " it60 x054 2811 1010 0000 0123 456 ", url: "https://ignorato.example" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(SAVED);
    const b = created.body.bankAccount;
    expect(b).toEqual({ id: expect.any(Number), version: 0, bankAccountType: "Conto bancario", bankName: "Banca di Bologna", code: "CC 1000/123", iban: IBAN, url: "", rowColor: null, toString: "Banca di Bologna (CC 1000/123)" });
    expect((await c.get(`${URL}/update-form-data/${b.id}`)).body.bankAccount).toEqual(b);

    const upd = await c.postEntity(`${URL}/${b.id}`, FIELD, { ...b, bankAccountType: "Altro", bankName: "PayPal", url: "https://www.paypal.me/conti" });
    expect(upd.status).toBe(200);
    expect(upd.body.bankAccount).toMatchObject({ bankAccountType: "Altro", bankName: "PayPal", code: "", iban: "", url: "https://www.paypal.me/conti", version: 1, toString: "PayPal" });

    const list = await c.get(`${URL}?startRow=0&limit=50`);
    expect(list.body.data.find((r: any) => r.id === b.id)).toMatchObject({ bankName: "PayPal", bankAccountType: "Altro" });
    expect((await c.json("DELETE", `${URL}/${b.id}`)).status).toBe(200);
    expect((await c.get(`${URL}/update-form-data/${b.id}`)).status).toBe(404);
  });

  it("validates with the spec's messages and writes nothing", async () => {
    const before = await countRows(c, URL);
    await expectErrors(c, URL, FIELD, {}, ['Il campo "Tipo pagamento" è richiesto', 'Il campo "Nome banca" è richiesto']);
    await expectErrors(c, URL, FIELD, { bankAccountType: "Carta", bankName: "X" }, ['Il campo "Tipo pagamento" è richiesto']);
    await expectErrors(c, URL, FIELD, { bankAccountType: "Altro", bankName: "  " }, ['Il campo "Nome banca" è richiesto']);
    await expectErrors(c, URL, FIELD, { bankAccountType: "Conto bancario", bankName: "Banca" }, ['Il campo "Codice conto" è richiesto']);
    await expectErrors(c, URL, FIELD, { bankAccountType: "Conto bancario", bankName: "Banca", code: "1", iban: "IT60X0542811101000000123457" }, ["L'IBAN non è valido (codice di controllo errato)"]);
    await expectErrors(c, URL, FIELD, { bankAccountType: "Conto bancario", bankName: "Banca", code: "1", iban: "12345" }, ["L'IBAN non ha un formato valido"]);
    await expectErrors(c, URL, FIELD, { bankAccountType: "Altro", bankName: "PayPal", url: "javascript:alert(1)" }, ['Il campo "Link di pagamento" deve essere un indirizzo web (http:// o https://)']);
    // 'Altro' needs no code, and an IBAN is not checked for it (it is cleared)
    const altro = await c.postEntity(URL, FIELD, { bankAccountType: "Altro", bankName: "Satispay", iban: "non valido" });
    expect(altro.status).toBe(200);
    expect(altro.body.bankAccount.iban).toBe("");
    await expectBadBodiesOnSaves(c, URL, FIELD);
    expect(await countRows(c, URL)).toBe(before + 1);
  });

  it("refuses a stale version with 409 and keeps the newer data", async () => {
    const b = (await c.postEntity(URL, FIELD, { bankAccountType: "Conto bancario", bankName: "Banca A", code: "1" })).body.bankAccount;
    expect((await c.postEntity(`${URL}/${b.id}`, FIELD, { ...b, bankName: "Banca B" })).status).toBe(200);
    expect((await c.postEntity(`${URL}/${b.id}`, FIELD, { ...b, bankName: "Banca C" })).status).toBe(409);
    expect((await c.get(`${URL}/update-form-data/${b.id}`)).body.bankAccount).toMatchObject({ bankName: "Banca B", version: 1 });
    expect((await c.postEntity(`${URL}/${b.id}`, FIELD, { bankAccountType: "Altro", bankName: "X" })).status).toBe(400);
    expect((await c.postEntity(`${URL}/999999`, FIELD, { bankAccountType: "Altro", bankName: "X", version: 0 })).status).toBe(404);
  });

  it("needs ROLE_DOCUMENT: a ROLE_USER-only user gets 403", async () => {
    await expectDocumentRoleNeeded(URL, FIELD, { bankAccountType: "Altro", bankName: "X" });
  });
});
