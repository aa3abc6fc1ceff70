import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { countRows, DELETED, expectBadBodiesOnSaves, expectDocumentRoleNeeded, expectErrors, loginRossi, SAVED } from "../support/entity-api";

// Prodotti (/api/items) and Servizi (/api/services) share one contract: the same checks run on both.
describe.each([
  { title: "Products (Prodotti, /api/items)", URL: "/api/items", FIELD: "item" },
  { title: "Services (Servizi, /api/services)", URL: "/api/services", FIELD: "service" },
])("$title", ({ URL, FIELD }) => {
  let c: Client;
  let vat22: { id: number; toString: string };
  beforeAll(async () => {
    c = (await signUpTenant("Listino S.r.l.")).client;
    vat22 = (await c.get("/api/vat-rates/get-filtered-list")).body.options[0];
  });

  it("creates, reads, updates, lists and deletes", async () => {
    const form = await c.get(`${URL}/create-form-data`);
    expect(form.status).toBe(200);
    expect(form.body[FIELD]).toMatchObject({ id: null, name: "", description: "", amount: 0, vat: vat22 });
    expect(form.body.formData.vats).toHaveLength(9);
    expect(form.body.formData.vats[0]).toEqual(vat22);

    const created = await c.postEntity(URL, FIELD, { name: "  Voce di listino ", description: "Descrizione in fattura", amount: 12345, vat: { id: vat22.id, toString: "ignorato" } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ status: "ok", message: SAVED });
    const e = created.body[FIELD];
    expect(e).toEqual({ id: expect.any(Number), version: 0, name: "Voce di listino", description: "Descrizione in fattura", amount: 12345, vat: vat22, rowColor: null, toString: "Voce di listino" });
    expect((await c.get(`${URL}/update-form-data/${e.id}`)).body[FIELD]).toEqual(e);

    const upd = await c.postEntity(`${URL}/${e.id}`, FIELD, { ...e, amount: 99, vat: null });
    expect(upd.status).toBe(200);
    expect(upd.body[FIELD]).toMatchObject({ amount: 99, vat: null, version: 1 });

    const list = await c.get(`${URL}?startRow=0&limit=50&search=listino`);
    expect(list.body.count).toBe(1);
    expect(list.body.data[0]).toMatchObject({ id: e.id, name: "Voce di listino", amount: 99, vat: null });

    expect((await c.json("DELETE", `${URL}/${e.id}`)).body).toEqual({ status: "ok", message: DELETED });
    expect((await c.get(`${URL}/update-form-data/${e.id}`)).status).toBe(404);
  });

  it("validates with the spec's messages and writes nothing", async () => {
    const before = await countRows(c, URL);
    await expectErrors(c, URL, FIELD, {}, ['Il campo "Nome" è richiesto']);
    await expectErrors(c, URL, FIELD, { name: "   " }, ['Il campo "Nome" è richiesto']);
    await expectErrors(c, URL, FIELD, { name: "X", amount: 1.5 }, ['Il campo "Importo" non è un importo valido']);
    await expectErrors(c, URL, FIELD, { name: "X", amount: "12" }, ['Il campo "Importo" non è un importo valido']);
    await expectErrors(c, URL, FIELD, { name: "X", vat: { id: "uno" } }, ["Riferimento non valido"]);
    await expectErrors(c, URL, FIELD, { name: ["X"] }, ['Il campo "Nome" è richiesto']);
    // an unknown VAT id, and one of another tenant, are refused the same way
    await expectErrors(c, URL, FIELD, { name: "X", vat: { id: 2_000_000_000 } }, ["L'aliquota IVA scelta non esiste"]);
    const rossi = await loginRossi();
    const foreignVat = (await rossi.get("/api/vat-rates/get-filtered-list")).body.options[0].id;
    await expectErrors(c, URL, FIELD, { name: "X", vat: { id: foreignVat } }, ["L'aliquota IVA scelta non esiste"]);
    await expectBadBodiesOnSaves(c, URL, FIELD);
    expect(await countRows(c, URL)).toBe(before);
  });

  it("refuses a stale version with 409 and keeps the newer data", async () => {
    const e = (await c.postEntity(URL, FIELD, { name: "Versionato", amount: 100 })).body[FIELD];
    expect((await c.postEntity(`${URL}/${e.id}`, FIELD, { ...e, name: "Secondo" })).status).toBe(200);
    const stale = await c.postEntity(`${URL}/${e.id}`, FIELD, { ...e, name: "Terzo" });
    expect(stale.status).toBe(409);
    expect((await c.get(`${URL}/update-form-data/${e.id}`)).body[FIELD]).toMatchObject({ name: "Secondo", version: 1 });
    expect((await c.postEntity(`${URL}/${e.id}`, FIELD, { name: "Senza versione" })).status).toBe(400);
    // a failed update changes nothing either
    await expectErrors(c, `${URL}/${e.id}`, FIELD, { name: "", version: 1 }, ['Il campo "Nome" è richiesto']);
    expect((await c.get(`${URL}/update-form-data/${e.id}`)).body[FIELD]).toMatchObject({ name: "Secondo", version: 1 });
    expect((await c.postEntity(`${URL}/999999`, FIELD, { name: "X", version: 0 })).status).toBe(404);
  });

  it("needs ROLE_DOCUMENT: a ROLE_USER-only user gets 403", async () => {
    await expectDocumentRoleNeeded(URL, FIELD, { name: "X" });
  });
});
