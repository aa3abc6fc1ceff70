import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { countRows, createFieldValue, DELETED, FORM_ERROR, loginBianchi, SAVED, signUpTwoTenants } from "../support/entity-api";

// The field values entity (spec §7): forms, saves, deletes, the ajax-select list; tenants kept apart.

let a: Client;
let b: Client;

const create = createFieldValue;
const count = (c: Client, fieldName: string) => countRows(c, `/api/field-values?fieldName=${fieldName}`);

beforeAll(async () => {
  [a, b] = await signUpTwoTenants("Valori A", "Valori B");
});

describe("forms", () => {
  it("create-form-data gives an empty value of the list", async () => {
    const r = await a.get("/api/field-values/create-form-data?fieldName=title");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", fieldValue: { id: null, version: 0, fieldName: "title", fieldValue: "", rowColor: null, toString: "" }, formData: {} });
    const bad = await a.get("/api/field-values/create-form-data");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Il parametro "fieldName" è richiesto']);
  });

  it("update-form-data gives the saved value", async () => {
    const v = await create(a, "Arch.");
    const r = await a.get(`/api/field-values/update-form-data/${v.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", fieldValue: { id: v.id, version: 0, fieldName: "title", fieldValue: "Arch.", rowColor: null, toString: "Arch." }, formData: {} });
  });
});

describe("saves", () => {
  it("creates with trimmed text and returns the value", async () => {
    const r = await a.postEntity("/api/field-values", "fieldValue", { fieldName: "title", fieldValue: "  Prof.  " });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ok", message: SAVED, fieldValue: { fieldName: "title", fieldValue: "Prof.", toString: "Prof.", version: 0 } });
  });

  it("bad input on create is a 400 with the spec's messages, never a 500, and writes nothing", async () => {
    const before = await count(a, "vuoti");
    const cases: [unknown, RegExp | string[]][] = [
      [{ fieldName: "vuoti", fieldValue: "" }, ["Il campo è richiesto"]],
      [{ fieldName: "vuoti", fieldValue: "   " }, ["Il campo è richiesto"]],
      [{ fieldName: "vuoti" }, ["Il campo è richiesto"]],
      [{ fieldName: "vuoti", fieldValue: 12 }, ["Il campo è richiesto"]],
      [{ fieldName: "vuoti", fieldValue: "x".repeat(256) }, /troppo lungo/],
      [{ fieldValue: "Senza lista" }, ['Il parametro "fieldName" è richiesto']],
      [{ fieldName: "a b", fieldValue: "x" }, ['Il parametro "fieldName" non è valido']],
      [{ fieldName: "vuoti", fieldValue: "x", version: -1 }, /Versione|>=|0/],
      ["{not json", /JSON/],
      ["[1,2]", /oggetto/],
      ["null", /oggetto/],
    ];
    for (const [entity, expected] of cases) {
      const r = await a.postEntity("/api/field-values", "fieldValue", entity);
      expect(r.status, JSON.stringify(entity)).toBe(400);
      expect(r.body.status).toBe("error");
      if (Array.isArray(expected)) {
        expect(r.body.errors).toEqual(expected);
        expect(r.body.message).toBe([FORM_ERROR, ...expected].join("\n"));
      } else expect(r.body.message).toMatch(expected);
    }
    // missing field, wrong content type
    expect((await a.postForm("/api/field-values", { other: "x" })).status).toBe(400);
    const text = await a.json("POST", "/api/field-values", { body: "fieldValue=x", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(400);
    expect(await count(a, "vuoti")).toBe(before);
  });

  it("updates with the version, refuses a stale version (409) without overwriting", async () => {
    const v = await create(a, "Dot.");
    const r = await a.postEntity(`/api/field-values/${v.id}`, "fieldValue", { fieldValue: "Dott.ssa", version: 0 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ok", message: "Modifica effettuata", fieldValue: { id: v.id, fieldValue: "Dott.ssa", version: 1, fieldName: "title" } });
    const stale = await a.postEntity(`/api/field-values/${v.id}`, "fieldValue", { fieldValue: "Sovrascritto", version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ status: "error", message: "Il record è stato modificato da un altro utente dopo che lo hai aperto: ricarica i dati prima di salvare" });
    expect((await a.get(`/api/field-values/update-form-data/${v.id}`)).body.fieldValue).toMatchObject({ fieldValue: "Dott.ssa", version: 1 });
  });

  it("the list a value belongs to never changes on update", async () => {
    const v = await create(a, "Fisso");
    const r = await a.postEntity(`/api/field-values/${v.id}`, "fieldValue", { fieldName: "altro", fieldValue: "Fisso 2", version: 0 });
    expect(r.body.fieldValue.fieldName).toBe("title");
  });

  it("bad input on update is a 400 and writes nothing", async () => {
    const v = await create(a, "Immutato");
    for (const entity of [{ fieldValue: "", version: 0 }, { version: 0 }, "{", { fieldValue: "x", version: "zero" }]) {
      const r = await a.postEntity(`/api/field-values/${v.id}`, "fieldValue", entity);
      expect(r.status, JSON.stringify(entity)).toBe(400);
    }
    expect((await a.postEntity(`/api/field-values/abc`, "fieldValue", { fieldValue: "x" })).status).toBe(400);
    expect((await a.postEntity(`/api/field-values/99999999`, "fieldValue", { fieldValue: "x", version: 0 })).status).toBe(404);
    // every update says which version it read
    const noVersion = await a.postEntity(`/api/field-values/${v.id}`, "fieldValue", { fieldValue: "x" });
    expect([noVersion.status, noVersion.body.message]).toEqual([400, "Versione mancante: ricarica i dati prima di salvare"]);
    expect((await a.get(`/api/field-values/update-form-data/${v.id}`)).body.fieldValue).toMatchObject({ fieldValue: "Immutato", version: 0 });
  });

  it("deletes; a second delete is a 404", async () => {
    const v = await create(a, "Da eliminare", "cancella");
    const r = await a.json("DELETE", `/api/field-values/${v.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", message: DELETED });
    expect((await a.json("DELETE", `/api/field-values/${v.id}`)).status).toBe(404);
    expect((await a.get(`/api/field-values/update-form-data/${v.id}`)).status).toBe(404);
    expect(await count(a, "cancella")).toBe(0);
  });

  it("refuses a value its list already has (any case): 409, the Italian message, nothing written; ten at once keep one", async () => {
    await create(a, "Geom.", "doppio");
    const r = await a.postEntity("/api/field-values", "fieldValue", { fieldName: "doppio", fieldValue: "geom." });
    expect([r.status, r.body.status, r.body.message]).toEqual([409, "error", 'Il valore "geom." è già presente nella lista']);
    expect(await count(a, "doppio")).toBe(1);
    const many = await Promise.all(Array.from({ length: 10 }, () => a.postEntity("/api/field-values", "fieldValue", { fieldName: "insieme", fieldValue: "Arch." })));
    expect(many.map((x) => x.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await count(a, "insieme")).toBe(1);
    // another list, another tenant: free
    expect((await a.postEntity("/api/field-values", "fieldValue", { fieldName: "altro-doppio", fieldValue: "Geom." })).status).toBe(200);
    expect((await b.postEntity("/api/field-values", "fieldValue", { fieldName: "doppio", fieldValue: "Geom." })).status).toBe(200);
  });
});

describe("tenants apart", () => {
  it("another tenant's id is a 404 on update-form-data, update and delete, and stays untouched", async () => {
    const v = await create(a, "Solo di A", "privati");
    expect((await b.get(`/api/field-values/update-form-data/${v.id}`)).status).toBe(404);
    const up = await b.postEntity(`/api/field-values/${v.id}`, "fieldValue", { fieldValue: "Preso da B", version: 0 });
    expect(up.status).toBe(404);
    expect(up.body).toEqual({ status: "error", message: "Valore non trovato" });
    expect((await b.postEntity(`/api/field-values/${v.id}`, "fieldValue", { fieldValue: "Preso da B", version: 1 })).status).toBe(404);
    expect((await b.json("DELETE", `/api/field-values/${v.id}`)).status).toBe(404);
    expect((await a.get(`/api/field-values/update-form-data/${v.id}`)).body.fieldValue).toMatchObject({ fieldValue: "Solo di A", version: 0 });
    expect(await count(b, "privati")).toBe(0);
    const opts = await b.get("/api/field-values/get-filtered-list/privati");
    expect(opts.body.options).toEqual([]);
  });

  it("needs ROLE_DOCUMENT", async () => {
    const luca = await loginBianchi();
    expect((await luca.postEntity("/api/field-values", "fieldValue", { fieldName: "title", fieldValue: "x" })).status).toBe(403);
    expect((await luca.get("/api/field-values/create-form-data?fieldName=title")).status).toBe(403);
    expect((await luca.get("/api/field-values/get-filtered-list/title")).status).toBe(403);
    expect((await luca.json("DELETE", "/api/field-values/1")).status).toBe(403);
  });
});

describe("get-filtered-list", () => {
  it("a new tenant starts with the usual agent titles", async () => {
    const c = (await signUpTenant("Titoli")).client;
    const r = await c.get("/api/field-values/get-filtered-list/title");
    expect(r.body.options.map((o: any) => o.toString)).toEqual(["Avv.", "Dott.", "Geom.", "Ing.", "Rag.", "Sig.", "Sig.ra"]);
  });

  it("answers { options, status } with the list first, by value, filtered by query, paged", async () => {
    const c = (await signUpTenant("Opzioni")).client;
    for (const t of ["Sig.ra", "Dott.", "Ing.", "Avv.", "Sig."]) await create(c, t, "qualifica");
    for (let i = 0; i < 120; i++) await create(c, `V${String(i).padStart(3, "0")}`, "molti");
    const r = await c.get("/api/field-values/get-filtered-list/qualifica");
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(["options", "status"]);
    expect(r.body.status).toBe("ok");
    expect(r.body.options.map((o: any) => o.toString)).toEqual(["Avv.", "Dott.", "Ing.", "Sig.", "Sig.ra"]);
    expect(Object.keys(r.body.options[0]).sort()).toEqual(["id", "toString"]);
    expect((await c.get("/api/field-values/get-filtered-list/qualifica?query=SIG")).body.options.map((o: any) => o.toString)).toEqual(["Sig.", "Sig.ra"]);
    expect((await c.get("/api/field-values/get-filtered-list/qualifica?query=%25")).body.options).toEqual([]);
    const first = (await c.get("/api/field-values/get-filtered-list/molti")).body.options;
    expect(first.length).toBe(100);
    const more = (await c.get("/api/field-values/get-filtered-list/molti?offset=100")).body.options;
    expect(more.map((o: any) => o.toString)).toEqual(Array.from({ length: 20 }, (_, i) => `V${String(100 + i).padStart(3, "0")}`));
    expect((await c.get("/api/field-values/get-filtered-list/molti?limit=10&offset=5")).body.options[0].toString).toBe("V005");
    for (const bad of ["offset=-1", "limit=0", "limit=abc", "limit=5000"]) {
      expect((await c.get(`/api/field-values/get-filtered-list/molti?${bad}`)).status, bad).toBe(400);
    }
    expect((await c.get(`/api/field-values/get-filtered-list/${encodeURIComponent("a'b")}`)).status).toBe(400);
  });
});
