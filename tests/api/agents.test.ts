import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { countRows, createFieldValue, expectBadBodiesOnSaves, expectDocumentRoleNeeded, expectErrors, SAVED } from "../support/entity-api";

const URL = "/api/agents";
const FIELD = "agent";

describe("Agents (Agenti) with commission rows", () => {
  let c: Client;
  let title: { id: number; toString: string };
  beforeAll(async () => {
    c = (await signUpTenant("Agenzia S.r.l.")).client;
    title = { id: (await createFieldValue(c, "Prof.")).id, toString: "Prof." };
  });

  it("creates an agent with commissions, then replaces the set in one save", async () => {
    const form = await c.get(`${URL}/create-form-data`);
    expect(form.status).toBe(200);
    expect(form.body.agent).toMatchObject({ id: null, title: null, agentCommissions: [] });

    const created = await c.postEntity(URL, FIELD, {
      title: { id: title.id },
      firstName: " Marco ",
      lastName: "Ferri",
      email1: "marco.ferri@example.it",
      email2: "",
      phone1: "333 1234567",
      agentCommissions: [
        { tempId: "t1", fromAmount: 0, percentage: "5" },
        { tempId: "t2", fromAmount: 1000000, currency: "EUR", percentage: "7,5%" },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(SAVED);
    const a = created.body.agent;
    expect(a).toMatchObject({ title, firstName: "Marco", lastName: "Ferri", email1: "marco.ferri@example.it", version: 0, toString: "Prof. Marco Ferri" });
    expect(a.agentCommissions).toEqual([
      { id: expect.any(Number), fromAmount: 0, currency: "EUR", percentage: "5.00", version: 0 },
      { id: expect.any(Number), fromAmount: 1000000, currency: "EUR", percentage: "7.50", version: 0 },
    ]);
    expect((await c.get(`${URL}/update-form-data/${a.id}`)).body.agent).toEqual(a);

    // keep the second row (changed), drop the first, add a new one; defaults: 0 and 0%
    const [first, second] = a.agentCommissions;
    const upd = await c.postEntity(`${URL}/${a.id}`, FIELD, {
      ...a,
      title: null,
      agentCommissions: [{ ...second, percentage: "8" }, { tempId: "t3" }],
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const b = upd.body.agent;
    expect(b.version).toBe(1);
    expect(b.toString).toBe("Marco Ferri");
    expect(b.agentCommissions).toHaveLength(2);
    expect(b.agentCommissions[0]).toMatchObject({ id: second.id, percentage: "8.00", fromAmount: 1000000 });
    expect(b.agentCommissions[1]).toMatchObject({ fromAmount: 0, percentage: "0.00" });
    expect(b.agentCommissions.map((r: any) => r.id)).not.toContain(first.id);

    const list = await c.get(`${URL}?startRow=0&limit=50`);
    expect(list.body.data.find((r: any) => r.id === a.id)).toMatchObject({ firstName: "Marco", lastName: "Ferri", title: null });

    expect((await c.json("DELETE", `${URL}/${a.id}`)).status).toBe(200);
    expect((await c.get(`${URL}/update-form-data/${a.id}`)).status).toBe(404);
  });

  it("validates e-mails and percentages with the spec's messages and writes nothing", async () => {
    const before = await countRows(c, URL);
    await expectErrors(c, URL, FIELD, { firstName: "A", email1: "non-una-mail" }, ["Indirizzo email non corretto"]);
    await expectErrors(c, URL, FIELD, { firstName: "A", email2: "x@" }, ["Indirizzo email non corretto"]);
    await expectErrors(c, URL, FIELD, { firstName: "A", agentCommissions: [{ percentage: "cinque" }] }, ['Il campo "Percentuale" non è un numero decimale corretto']);
    await expectErrors(c, URL, FIELD, { firstName: "A", agentCommissions: [{ percentage: true }] }, ['Il campo "Percentuale" non è un numero decimale corretto']);
    await expectErrors(c, URL, FIELD, { firstName: "A", agentCommissions: [{ percentage: "120" }] }, ['Il campo "Percentuale" deve essere compreso tra 0 e 100']);
    await expectErrors(c, URL, FIELD, { firstName: "A", agentCommissions: [{ fromAmount: -5 }] }, ["L'importo non può essere negativo"]);
    await expectErrors(c, URL, FIELD, { firstName: "A", agentCommissions: [{ fromAmount: 0, currency: "USD" }] }, ["Valuta non supportata (solo EUR)"]);
    await expectErrors(c, URL, FIELD, { firstName: "A", agentCommissions: "tutte" }, ["Righe di provvigione non valide"]);
    // unknown title, and a field value of another list, are refused
    await expectErrors(c, URL, FIELD, { firstName: "A", title: { id: 2_000_000_000 } }, ["Il titolo scelto non esiste"]);
    // a blank agent is refused (spec: a record with no name would show as an empty row everywhere)
    await expectErrors(c, URL, FIELD, { firstName: "  ", lastName: "" }, ['Indicare almeno uno tra "Nome" e "Cognome"']);
    const other = await createFieldValue(c, "Valore", "altro");
    await expectErrors(c, URL, FIELD, { firstName: "A", title: { id: other.id } }, ["Il titolo scelto non esiste"]);
    await expectBadBodiesOnSaves(c, URL, FIELD);
    expect(await countRows(c, URL)).toBe(before);
  });

  it("a commission row of another agent cannot be hijacked; nothing is written", async () => {
    const a = (await c.postEntity(URL, FIELD, { firstName: "Uno", agentCommissions: [{ percentage: "1" }] })).body.agent;
    const b = (await c.postEntity(URL, FIELD, { firstName: "Due", agentCommissions: [{ percentage: "2" }] })).body.agent;
    const r = await c.postEntity(`${URL}/${b.id}`, FIELD, { ...b, firstName: "Cambiato", agentCommissions: [{ id: a.agentCommissions[0].id, percentage: "9" }] });
    expect(r.status).toBe(400);
    expect((await c.get(`${URL}/update-form-data/${a.id}`)).body.agent.agentCommissions[0].percentage).toBe("1.00");
    expect((await c.get(`${URL}/update-form-data/${b.id}`)).body.agent).toMatchObject({ firstName: "Due", version: 0 });
  });

  it("refuses a stale version with 409: neither the agent nor its rows change", async () => {
    const a = (await c.postEntity(URL, FIELD, { firstName: "Vers", agentCommissions: [{ percentage: "3" }] })).body.agent;
    expect((await c.postEntity(`${URL}/${a.id}`, FIELD, { ...a, lastName: "Nuovo" })).status).toBe(200);
    const stale = await c.postEntity(`${URL}/${a.id}`, FIELD, { ...a, lastName: "Vecchio", agentCommissions: [] });
    expect(stale.status).toBe(409);
    const now = (await c.get(`${URL}/update-form-data/${a.id}`)).body.agent;
    expect(now).toMatchObject({ lastName: "Nuovo", version: 1 });
    expect(now.agentCommissions).toHaveLength(1);
    expect((await c.postEntity(`${URL}/${a.id}`, FIELD, { firstName: "Senza versione" })).status).toBe(400);
  });

  it("needs ROLE_DOCUMENT: a ROLE_USER-only user gets 403", async () => {
    await expectDocumentRoleNeeded(URL, FIELD, { firstName: "X" });
  });
});
