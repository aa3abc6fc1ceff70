import { beforeAll, describe, expect, it } from "vitest";
import { Client, signUpTenant } from "../support/http";
import { countRows, DELETED, expectBadBodiesOnSaves, expectDocumentRoleNeeded, expectErrors, SAVED } from "../support/entity-api";

const URL = "/api/vat-rates";
const FIELD = "vatRate";

describe("VAT rates (Aliquote IVA)", () => {
  let c: Client;
  beforeAll(async () => {
    c = (await signUpTenant("Aliquote S.r.l.")).client;
  });

  it("a fresh tenant has the usual Italian rates and the common 0% naturas", async () => {
    const r = await c.get(`${URL}?startRow=0&limit=50`);
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(9);
    const rows = r.body.data.map((d: any) => `${d.rate}|${d.natura}|${d.active}`);
    expect(rows.slice(0, 4)).toEqual(["2200||true", "1000||true", "500||true", "400||true"]);
    expect(rows.slice(4).map((s: string) => s.split("|")[1]).sort()).toEqual(["N1", "N2.2", "N3.1", "N3.2", "N4"]);
    const opts = await c.get(`${URL}/get-filtered-list`);
    expect(Object.keys(opts.body)).toEqual(["options", "status"]);
    expect(opts.body.status).toBe("ok");
    expect(opts.body.options[0]).toEqual({ id: expect.any(Number), toString: "22% - Aliquota ordinaria" });
    expect(opts.body.options).toHaveLength(9);
    const n4 = await c.get(`${URL}/get-filtered-list?query=N4`);
    expect(n4.body.options.map((o: any) => o.toString)).toEqual(["0% N4 - Esente art. 10 DPR 633/72"]);
    expect((await c.get(`${URL}/get-filtered-list?offset=8`)).body.options).toHaveLength(1);
    expect((await c.get(`${URL}/get-filtered-list?offset=-1`)).status).toBe(400);
  });

  it("creates, reads, updates and deletes a rate; decimals are normalised", async () => {
    const form = await c.get(`${URL}/create-form-data`);
    expect(form.status).toBe(200);
    expect(form.body.vatRate).toMatchObject({ id: null, rate: "", active: true });
    expect(form.body.formData.naturas).toContainEqual({ code: "N4", label: "Esenti" });
    expect(form.body.formData.naturas.map((n: any) => n.code)).not.toContain("N2");

    const created = await c.postEntity(URL, FIELD, { rate: " 7,5% ", description: "  Aliquota speciale ", natura: "", active: true });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: "ok", message: SAVED });
    const v = created.body.vatRate;
    expect(v).toMatchObject({ rate: "7.50", description: "Aliquota speciale", natura: null, active: true, version: 0, toString: "7,5% - Aliquota speciale" });

    const read = await c.get(`${URL}/update-form-data/${v.id}`);
    expect(read.body.vatRate).toEqual(v);

    const upd = await c.postEntity(`${URL}/${v.id}`, FIELD, { ...v, rate: 8, active: false });
    expect(upd.status).toBe(200);
    expect(upd.body.vatRate).toMatchObject({ rate: "8.00", active: false, version: 1 });
    // inactive rates leave the selects
    expect((await c.get(`${URL}/get-filtered-list`)).body.options.map((o: any) => o.id)).not.toContain(v.id);

    const del = await c.json("DELETE", `${URL}/${v.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ status: "ok", message: DELETED });
    expect((await c.get(`${URL}/update-form-data/${v.id}`)).status).toBe(404);
    expect((await c.json("DELETE", `${URL}/${v.id}`)).status).toBe(404);
  });

  it("validates with Italian messages and writes nothing", async () => {
    const before = await countRows(c, URL);
    await expectErrors(c, URL, FIELD, {}, ['Il campo "Aliquota" è richiesto']);
    await expectErrors(c, URL, FIELD, { rate: "" }, ['Il campo "Aliquota" è richiesto']);
    await expectErrors(c, URL, FIELD, { rate: "abc" }, ['Il campo "Aliquota" non è un numero decimale corretto']);
    await expectErrors(c, URL, FIELD, { rate: "1,2,3" }, ['Il campo "Aliquota" non è un numero decimale corretto']);
    await expectErrors(c, URL, FIELD, { rate: "150" }, ['Il campo "Aliquota" deve essere compreso tra 0 e 100']);
    await expectErrors(c, URL, FIELD, { rate: "-1" }, ['Il campo "Aliquota" deve essere compreso tra 0 e 100']);
    await expectErrors(c, URL, FIELD, { rate: "0" }, ['Il campo "Natura" è richiesto per le aliquote allo 0%']);
    await expectErrors(c, URL, FIELD, { rate: "22", natura: "N4" }, ['Il campo "Natura" va indicato solo per le aliquote allo 0%']);
    await expectErrors(c, URL, FIELD, { rate: "0", natura: "N2" }, ['Il campo "Natura" non contiene un codice valido']);
    await expectErrors(c, URL, FIELD, { rate: "0", natura: "N4", active: "si" }, ['Il campo "Attiva" non è valido']);
    // the same rate twice (case aside) is refused; another description (another legal reference) is a new rate
    await expectErrors(c, URL, FIELD, { rate: "22,0", description: "aliquota ORDINARIA" }, ["Esiste già un'aliquota IVA con la stessa percentuale, natura e descrizione"]);
    await expectBadBodiesOnSaves(c, URL, FIELD);
    expect(await countRows(c, URL)).toBe(before);
  });

  it("refuses a stale version (409) and keeps the newer data; update needs a version", async () => {
    const v = (await c.postEntity(URL, FIELD, { rate: "12", description: "Prima" })).body.vatRate;
    expect((await c.postEntity(`${URL}/${v.id}`, FIELD, { ...v, description: "Seconda" })).status).toBe(200);
    const stale = await c.postEntity(`${URL}/${v.id}`, FIELD, { ...v, description: "Terza" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modificato da un altro utente/);
    expect((await c.get(`${URL}/update-form-data/${v.id}`)).body.vatRate).toMatchObject({ description: "Seconda", version: 1 });
    const noVersion = await c.postEntity(`${URL}/${v.id}`, FIELD, { rate: "12", description: "Senza versione" });
    expect(noVersion.status).toBe(400);
    expect((await c.postEntity(`${URL}/999999`, FIELD, { rate: "12", version: 0 })).status).toBe(404);
    expect((await c.postEntity(`${URL}/abc`, FIELD, { rate: "12", version: 0 })).status).toBe(400);
    expect((await c.get(`${URL}/update-form-data/99999999999`)).status).toBe(400);
  });

  it("a rate used by a product cannot be deleted (409), only deactivated", async () => {
    const v = (await c.postEntity(URL, FIELD, { rate: "0", natura: "N3.1", description: "Export" })).body.vatRate;
    const item = (await c.postEntity("/api/items", "item", { name: "Articolo export", amount: 1000, vat: { id: v.id } })).body.item;
    const del = await c.json("DELETE", `${URL}/${v.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe("L'aliquota IVA è usata da prodotti o servizi: non può essere eliminata (disattivala)");
    expect((await c.get(`${URL}/update-form-data/${v.id}`)).status).toBe(200);
    await c.postEntity(`${URL}/${v.id}`, FIELD, { ...v, active: false });
    // the product's own form still offers its (now inactive) rate
    const itemForm = await c.get(`/api/items/update-form-data/${item.id}`);
    expect(itemForm.body.formData.vats.map((o: any) => o.id)).toContain(v.id);
    expect((await c.get("/api/items/create-form-data")).body.formData.vats.map((o: any) => o.id)).not.toContain(v.id);
  });

  it("the grid filters, sorts and exports", async () => {
    const r = await c.get(`${URL}?startRow=0&limit=50&sortModel=${encodeURIComponent(JSON.stringify([{ colId: "rate", sort: "asc" }]))}&filterModel=${encodeURIComponent(JSON.stringify({ rate: { filterType: "number", type: "greaterOrEqual", filter: "5" } }))}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: any) => d.rate).slice(0, 3)).toEqual([500, 1000, 1200]);
    const bad = await c.get(`${URL}?sortModel=${encodeURIComponent(JSON.stringify([{ colId: "rate; drop table vat_rates", sort: "asc" }]))}`);
    expect(bad.status).toBe(400);
    const csv = await c.raw("GET", `${URL}/export?format=csv&columns=rate,description`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Aliquota ordinaria");
  });

  it("needs ROLE_DOCUMENT: a ROLE_USER-only user gets 403", async () => {
    const luca = await expectDocumentRoleNeeded(URL, FIELD, { rate: "22" });
    expect((await luca.raw("GET", `${URL}/export?format=csv`)).status).toBe(403);
    expect((await new Client().get(URL)).status).toBe(401);
  });
});
