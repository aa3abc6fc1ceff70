import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { countRows, expectBadBodiesOnSaves, expectDocumentRoleNeeded, expectErrors, postSettings, SAVED } from "../support/entity-api";

const URL = "/api/payment-modalities";
const FIELD = "paymentModality";
const SUM = "La somma delle percentuali delle righe di pagamento deve essere 100%";
const row = (over: Record<string, unknown> = {}) => ({ paymentModalityExpirationType: "Fine mese", paymentDay: 0, monthsAfter: 1, amountPercentage: "100", ...over });

describe("Payment modalities (Modalità di pagamento) with payment rows", () => {
  let c: Client;
  beforeAll(async () => {
    c = (await signUpTenant("Pagamenti S.r.l.")).client;
  });

  it("creates with ordered rows, replaces the set on update, lists and deletes", async () => {
    const form = await c.get(`${URL}/create-form-data`);
    expect(form.status).toBe(200);
    expect(form.body.paymentModality).toMatchObject({ id: null, paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Dalla data fattura", amountPercentage: "100.00" }] });
    expect(form.body.formData.paymentTypes).toHaveLength(22);
    expect(form.body.formData.paymentTypes[0]).toEqual({ code: "MP01", label: "Contanti" });
    expect(form.body.formData.paymentTypes[21]).toEqual({ code: "MP22", label: "Trattenuta su somme già riscosse" });
    expect(form.body.formData.paymentModalityExpirationTypes).toEqual(["Fine mese", "Dal primo del mese", "Dalla data fattura"]);

    const created = await c.postEntity(URL, FIELD, {
      name: " Bonifico 30/60 gg fine mese ",
      paymentType: "MP05",
      paymentModalityRows: [row({ tempId: "a", monthsAfter: "1", amountPercentage: "33,33" }), row({ tempId: "b", monthsAfter: 2, amountPercentage: "66.67%" })],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(SAVED);
    const m = created.body.paymentModality;
    expect(m).toMatchObject({ name: "Bonifico 30/60 gg fine mese", paymentType: "MP05", version: 0, toString: "Bonifico 30/60 gg fine mese" });
    expect(m.paymentModalityRows).toEqual([
      { id: expect.any(Number), paymentModalityExpirationType: "Fine mese", paymentDay: 0, monthsAfter: 1, amountPercentage: "33.33", version: 0 },
      { id: expect.any(Number), paymentModalityExpirationType: "Fine mese", paymentDay: 0, monthsAfter: 2, amountPercentage: "66.67", version: 0 },
    ]);
    expect((await c.get(`${URL}/update-form-data/${m.id}`)).body.paymentModality).toEqual(m);

    // reorder: the second row first, then a new one; the first is dropped; defaults 0 / 0 / 100 → sum check
    const [r1, r2] = m.paymentModalityRows;
    const upd = await c.postEntity(`${URL}/${m.id}`, FIELD, { ...m, paymentType: "MP12", paymentModalityRows: [{ ...r2, amountPercentage: "50" }, { tempId: "n", paymentModalityExpirationType: "Dalla data fattura", amountPercentage: "50" }] });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const u = upd.body.paymentModality;
    expect(u.version).toBe(1);
    expect(u.paymentModalityRows.map((r: any) => [r.id === r2.id, r.paymentModalityExpirationType, r.paymentDay, r.monthsAfter, r.amountPercentage])).toEqual([
      [true, "Fine mese", 0, 2, "50.00"],
      [false, "Dalla data fattura", 0, 0, "50.00"],
    ]);
    expect(u.paymentModalityRows.map((r: any) => r.id)).not.toContain(r1.id);

    const opts = await c.get(`${URL}/get-filtered-list?query=30/60`);
    expect(Object.keys(opts.body)).toEqual(["options", "status"]);
    expect(opts.body.options).toEqual([{ id: m.id, toString: "Bonifico 30/60 gg fine mese" }]);
    expect((await c.get(`${URL}/get-filtered-list?query=${encodeURIComponent("%")}`)).body.options).toEqual([]);

    const list = await c.get(`${URL}?startRow=0&limit=50`);
    expect(list.body.data.find((r: any) => r.id === m.id)).toMatchObject({ name: "Bonifico 30/60 gg fine mese", paymentType: "MP12", rowsCount: 2 });

    expect((await c.json("DELETE", `${URL}/${m.id}`)).status).toBe(200);
    expect((await c.get(`${URL}/update-form-data/${m.id}`)).status).toBe(404);
  });

  it("validates with the spec's messages and writes nothing", async () => {
    const before = await countRows(c, URL);
    await expectErrors(c, URL, FIELD, { paymentModalityRows: [row()] }, ['Il campo "Nome" è richiesto', 'Il campo "Tipo pagamento" è richiesto']);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP23", paymentModalityRows: [row()] }, ['Il campo "Tipo pagamento" è richiesto']);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP05", paymentModalityRows: [row({ paymentModalityExpirationType: "" })] }, ['Il campo "Scadenza pagamento" è richiesto']);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP05", paymentModalityRows: [row({ paymentModalityExpirationType: undefined })] }, ['Il campo "Scadenza pagamento" è richiesto']);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP05", paymentModalityRows: [row({ paymentDay: "1,5" })] }, ["Il campo deve essere un numero intero"]);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP05", paymentModalityRows: [row({ monthsAfter: 2.5 })] }, ["Il campo deve essere un numero intero"]);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP05", paymentModalityRows: [row({ paymentDay: 400 })] }, ['Il campo "Dopo quanti giorni" deve essere compreso tra 0 e 365']);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP05", paymentModalityRows: [row({ amountPercentage: "cento" })] }, ['Il campo "Percentuale pagamento" non è un numero decimale corretto']);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP05", paymentModalityRows: [row({ amountPercentage: "60" }), row({ amountPercentage: "30" })] }, [SUM]);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP05", paymentModalityRows: [] }, [SUM]);
    await expectErrors(c, URL, FIELD, { name: "X", paymentType: "MP05", paymentModalityRows: [row({ amountPercentage: "0" }), row()] }, ['Il campo "Percentuale pagamento" deve essere maggiore di 0 e al massimo 100']);
    await expectBadBodiesOnSaves(c, URL, FIELD);
    expect(await countRows(c, URL)).toBe(before);
    // a row without a percentage is 100% (the default), so one default row is a valid modality
    const ok = await c.postEntity(URL, FIELD, { name: "Contanti", paymentType: "MP01", paymentModalityRows: [{ paymentModalityExpirationType: "Dalla data fattura" }] });
    expect(ok.status).toBe(200);
    expect(ok.body.paymentModality.paymentModalityRows[0]).toMatchObject({ paymentDay: 0, monthsAfter: 0, amountPercentage: "100.00" });
  });

  it("refuses a stale version with 409: neither the modality nor its rows change", async () => {
    const m = (await c.postEntity(URL, FIELD, { name: "Vers", paymentType: "MP05", paymentModalityRows: [row()] })).body.paymentModality;
    expect((await c.postEntity(`${URL}/${m.id}`, FIELD, { ...m, name: "Nuovo" })).status).toBe(200);
    const stale = await c.postEntity(`${URL}/${m.id}`, FIELD, { ...m, name: "Vecchio", paymentModalityRows: [row({ amountPercentage: "50" }), row({ amountPercentage: "50" })] });
    expect(stale.status).toBe(409);
    const now = (await c.get(`${URL}/update-form-data/${m.id}`)).body.paymentModality;
    expect(now).toMatchObject({ name: "Nuovo", version: 1 });
    expect(now.paymentModalityRows).toHaveLength(1);
    expect((await c.postEntity(`${URL}/${m.id}`, FIELD, { name: "Senza", paymentType: "MP05", paymentModalityRows: [row()] })).status).toBe(400);
  });

  it("deleting the tenant's usual modality clears it in the settings", async () => {
    const m = (await c.postEntity(URL, FIELD, { name: "Abituale", paymentType: "MP05", paymentModalityRows: [row()] })).body.paymentModality;
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    const saved = await postSettings(c, { ...t, paymentModality: { id: m.id } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.tenant.paymentModality).toEqual({ id: m.id, toString: "Abituale" });
    expect((await c.json("DELETE", `${URL}/${m.id}`)).status).toBe(200);
    expect((await c.get("/api/tenants/get-actual")).body.tenant.paymentModality).toBeNull();
  });

  it("needs ROLE_DOCUMENT: a ROLE_USER-only user gets 403", async () => {
    const luca = await expectDocumentRoleNeeded(URL, FIELD, { name: "X" });
    expect((await luca.get(`${URL}/get-filtered-list`)).status).toBe(403);
  });
});
