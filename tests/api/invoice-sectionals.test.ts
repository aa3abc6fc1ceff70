import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { expectBadBodiesOnSaves, expectDocumentRoleNeeded, expectErrors, SAVED } from "../support/entity-api";

const URL = "/api/invoice-sectionals";
const FIELD = "invoiceSectional";

async function sectionals(c: Client): Promise<any[]> {
  const r = await c.get(URL);
  expect(r.status).toBe(200);
  return r.body.data;
}

describe("Invoice sectionals (Sezionali)", () => {
  let c: Client;
  beforeAll(async () => {
    c = (await signUpTenant("Sezionali S.r.l.")).client;
  });

  it("a fresh tenant has one default sectional; the list is { data } and not paged", async () => {
    const r = await c.get(URL);
    expect(Object.keys(r.body).sort()).toEqual(["data", "status"]);
    expect(r.body.data).toEqual([{ id: expect.any(Number), version: 0, name: "Principale", typology: "Tutti", suffix: "", defaultSectional: true, disabled: false, rowColor: null, toString: "Principale" }]);
  });

  it("creates, edits, moves the default, disables/enables and deletes", async () => {
    const form = await c.get(`${URL}/create-form-data`);
    expect(form.body).toMatchObject({ status: "ok", invoiceSectional: { id: null, typology: "Tutti", defaultSectional: false }, formData: { typologies: ["Tutti", "Persone fisiche", "Persone giuridiche"] } });

    const created = await c.postEntity(URL, FIELD, { name: " Pubblica Amministrazione ", typology: "Persone giuridiche", suffix: "PA" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(SAVED);
    const s = created.body.invoiceSectional;
    expect(s).toMatchObject({ name: "Pubblica Amministrazione", typology: "Persone giuridiche", suffix: "PA", defaultSectional: false, disabled: false, version: 0, toString: "Pubblica Amministrazione" });
    expect((await c.get(`${URL}/update-form-data/${s.id}`)).body.invoiceSectional).toEqual(s);

    // making it the default clears the previous one
    const upd = await c.postEntity(`${URL}/${s.id}`, FIELD, { ...s, defaultSectional: true });
    expect(upd.status).toBe(200);
    expect(upd.body.invoiceSectional).toMatchObject({ defaultSectional: true, version: 1 });
    const list = await sectionals(c);
    expect(list.filter((x) => x.defaultSectional).map((x) => x.id)).toEqual([s.id]);
    expect(list.find((x) => x.name === "Principale")).toMatchObject({ defaultSectional: false, version: 1 });

    // a new default created directly also moves the flag
    const other = (await c.postEntity(URL, FIELD, { name: "Privati", typology: "Persone fisiche", suffix: "P", defaultSectional: true })).body.invoiceSectional;
    expect((await sectionals(c)).filter((x) => x.defaultSectional).map((x) => x.id)).toEqual([other.id]);

    const dis = await c.postForm(`${URL}/disable/${s.id}`);
    expect(dis.status).toBe(200);
    expect(dis.body).toMatchObject({ status: "ok", message: "Sezionale disabilitato: non sarà possibile creare fatture con questo sezionale finché non verrà riabilitato" });
    expect(dis.body.invoiceSectional).toMatchObject({ disabled: true, toString: "Pubblica Amministrazione DISABILITATO" });
    expect((await sectionals(c)).find((x) => x.id === s.id).toString).toBe("Pubblica Amministrazione DISABILITATO");
    const en = await c.postForm(`${URL}/enable/${s.id}`);
    expect(en.body).toMatchObject({ status: "ok", message: "Sezionale abilitato", invoiceSectional: { disabled: false, toString: "Pubblica Amministrazione" } });

    expect((await c.json("DELETE", `${URL}/${s.id}`)).status).toBe(200);
    expect((await c.get(`${URL}/update-form-data/${s.id}`)).status).toBe(404);
    expect((await c.postForm(`${URL}/disable/${s.id}`)).status).toBe(404);
    expect((await c.postForm(`${URL}/enable/${s.id}`)).status).toBe(404);
    expect((await c.postForm(`${URL}/enable/abc`)).status).toBe(400);
  });

  it("validates with the spec's messages and writes nothing", async () => {
    const before = (await sectionals(c)).length;
    await expectErrors(c, URL, FIELD, {}, ['Il campo "Nome del sezionale" è richiesto', 'Il campo "Tipologia di clienti" è richiesto']);
    await expectErrors(c, URL, FIELD, { name: "  ", typology: "Tutti", suffix: "Z" }, ['Il campo "Nome del sezionale" è richiesto']);
    await expectErrors(c, URL, FIELD, { name: "X", typology: "Aziende", suffix: "Z" }, ['Il campo "Tipologia di clienti" è richiesto']);
    await expectErrors(c, URL, FIELD, { name: "X", typology: "Tutti", suffix: "a b" }, ['Il campo "Suffisso" può contenere solo lettere, cifre e i segni / - _ (massimo 20 caratteri)']);
    await expectErrors(c, URL, FIELD, { name: "X", typology: "Tutti", suffix: "P" }, ["Esiste già un sezionale con questo suffisso"]);
    await expectErrors(c, URL, FIELD, { name: "X", typology: "Tutti", suffix: "Y", defaultSectional: "sì" }, ['Il campo "Predefinito" non è valido']);
    await expectBadBodiesOnSaves(c, URL, FIELD);
    expect((await sectionals(c)).length).toBe(before);
  });

  it("refuses a stale version with 409 and changes nothing, not even the other defaults", async () => {
    const s = (await c.postEntity(URL, FIELD, { name: "Vers", typology: "Tutti", suffix: "V" })).body.invoiceSectional;
    expect((await c.postEntity(`${URL}/${s.id}`, FIELD, { ...s, name: "Nuovo" })).status).toBe(200);
    const defaultsBefore = (await sectionals(c)).filter((x) => x.defaultSectional).map((x) => [x.id, x.version]);
    const stale = await c.postEntity(`${URL}/${s.id}`, FIELD, { ...s, name: "Vecchio", defaultSectional: true });
    expect(stale.status).toBe(409);
    expect((await c.get(`${URL}/update-form-data/${s.id}`)).body.invoiceSectional).toMatchObject({ name: "Nuovo", version: 1, defaultSectional: false });
    expect((await sectionals(c)).filter((x) => x.defaultSectional).map((x) => [x.id, x.version])).toEqual(defaultsBefore);
    expect((await c.postEntity(`${URL}/${s.id}`, FIELD, { name: "Senza", typology: "Tutti", suffix: "V" })).status).toBe(400);
    expect((await c.postEntity(`${URL}/999999`, FIELD, { name: "X", typology: "Tutti", version: 0 })).status).toBe(404);
  });

  it("needs ROLE_DOCUMENT: a ROLE_USER-only user gets 403", async () => {
    const luca = await expectDocumentRoleNeeded(URL, FIELD, { name: "X", typology: "Tutti" });
    expect((await luca.postForm(`${URL}/disable/1`)).status).toBe(403);
    expect((await luca.postForm(`${URL}/enable/1`)).status).toBe(403);
  });
});
