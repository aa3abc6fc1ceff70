import { beforeAll, describe, expect, it } from "vitest";
import { BIANCHI_LOGIN, ROSSI_LOGIN } from "@/db/seed";
import { Client, signUpTenant } from "../support/http";

// ---- helpers shared by the lookup-table tests (kept inline so each file stands alone) ----
const SAVED = "Salvataggio effettuato";
const FORM_ERROR = "Errore nella compilazione dei campi";

/** Rows in the tenant's list (grid contract). */
async function countRows(c: Client, url: string): Promise<number> {
  const r = await c.get(`${url}?startRow=0&limit=1`);
  expect(r.status).toBe(200);
  return r.body.count as number;
}

/** A save refused with 400 and exactly these messages (nothing written is checked by the caller). */
async function expectErrors(c: Client, url: string, field: string, entity: unknown, errors: string[]) {
  const r = await c.postEntity(url, field, entity);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.status).toBe("error");
  expect(r.body.errors).toEqual(errors);
  expect(r.body.message).toBe([FORM_ERROR, ...errors].join("\n"));
}

/** Bad bodies on a save URL: all 4xx (never 500), as listed. */
async function expectBadBodies(c: Client, url: string, field: string) {
  const statuses: number[] = [];
  statuses.push((await c.postForm(url, {})).status); // missing field
  statuses.push((await c.postForm(url, { [field]: "{" })).status); // broken JSON
  statuses.push((await c.postForm(url, { [field]: "[]" })).status); // not an object
  statuses.push((await c.postForm(url, { [field]: "42" })).status);
  statuses.push((await c.json("POST", url, { body: "x=1", headers: { "content-type": "text/plain" } })).status); // unsupported format
  expect(statuses).toEqual([400, 400, 400, 400, 400]);
  const big = await c.postEntity(url, field, { name: "x".repeat(1_100_000) });
  expect(big.status).toBe(413);
}

const URL = "/api/services";
const FIELD = "service";

describe("Services (Servizi, /api/services)", () => {
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

    expect((await c.json("DELETE", `${URL}/${e.id}`)).body).toEqual({ status: "ok", message: "Eliminazione effettuata" });
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
    const rossi = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    const foreignVat = (await rossi.get("/api/vat-rates/get-filtered-list")).body.options[0].id;
    await expectErrors(c, URL, FIELD, { name: "X", vat: { id: foreignVat } }, ["L'aliquota IVA scelta non esiste"]);
    await expectBadBodies(c, URL, FIELD);
    await expectBadBodies(c, `${URL}/1`, FIELD); // the update URL parses the same way
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
    const luca = await Client.as(BIANCHI_LOGIN.username, BIANCHI_LOGIN.password);
    expect((await luca.get(URL)).status).toBe(403);
    expect((await luca.get(`${URL}/create-form-data`)).status).toBe(403);
    expect((await luca.get(`${URL}/update-form-data/1`)).status).toBe(403);
    expect((await luca.postEntity(URL, FIELD, { name: "X" })).status).toBe(403);
    expect((await luca.postEntity(`${URL}/1`, FIELD, { name: "X", version: 0 })).status).toBe(403);
    expect((await luca.json("DELETE", `${URL}/1`)).status).toBe(403);
  });
});
