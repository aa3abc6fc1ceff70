/**
 * Lavori over HTTP (issue 10): the save contract { status, message, activity }, the spec's messages, the
 * progressive number (also under 20 saves at once) and 'Modifica' of it, the state history, Da fatturare
 * with the customer's and the tenant's rate, get-unfinished, mark-finished, and the deletes refused.
 * A job with invoiced hours is refused in db/queries/activities.test.ts: no call sets `invoiced` yet.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { countRows, DELETED, expectErrors, FORM_ERROR, loginBianchi, postSettings, SAVED } from "../support/entity-api";

const URL = "/api/activities";
const FIELD = "activity";
const UPDATED = "Modifica effettuata";
const CONTACT_IN_USE = "Il contatto è usato da lavori o documenti: non può essere eliminato";
const HOURLY = "Lavoro pagato a ore";
const FIXED = "Lavoro pagato a corpo";

type Option = { id: number; toString: string };

const added = (p: Record<string, unknown>) => JSON.stringify(p);
const list = (c: Client, params: Record<string, string> = {}) => c.get(`${URL}?${new URLSearchParams({ startRow: "0", limit: "1000", ...params })}`);

describe("Lavori (activities)", () => {
  let c: Client;
  let other: Client;
  let customer: Option;
  let ratedCustomer: Option;
  const job = (over: Record<string, unknown> = {}) => ({ contact: customer, activityState: "Attivo", paymentType: HOURLY, name: "Lavoro", ...over });
  const create = async (over: Record<string, unknown> = {}) => {
    const r = await c.postEntity(URL, FIELD, job(over));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.activity;
  };
  const update = async (saved: Record<string, unknown>, over: Record<string, unknown>) => {
    const r = await c.postEntity(`${URL}/${saved.id}`, FIELD, { ...saved, ...over });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(UPDATED);
    return r.body.activity;
  };
  const entry = async (activity: Option | { id: number }, over: Record<string, unknown>) => {
    const r = await c.postEntity("/api/time-entries", "timeEntry", { activity, ...over });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.timeEntry;
  };

  beforeAll(async () => {
    c = (await signUpTenant("Lavori S.r.l.")).client;
    other = (await signUpTenant("Altri Lavori S.r.l.")).client;
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect((await postSettings(c, { ...t, hourlyPrice: 6000 })).status).toBe(200);
    const a = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente Lavori S.r.l.", isCustomer: true });
    customer = { id: a.body.contact.id, toString: "Cliente Lavori S.r.l." };
    const b = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente Tariffa S.r.l.", isCustomer: true, hourlyPrice: 3333 });
    ratedCustomer = { id: b.body.contact.id, toString: "Cliente Tariffa S.r.l." };
  });

  it("create-form-data: a new hourly job in state Attivo, the tenant's rate; ?contactId fixes the customer", async () => {
    const form = await c.get(`${URL}/create-form-data`);
    expect(form.status).toBe(200);
    expect(form.body.activity).toEqual({
      id: null,
      version: 0,
      rowColor: null,
      toString: "",
      contact: null,
      activityNumber: null,
      activityState: "Attivo",
      name: "",
      description: "",
      paymentType: HOURLY,
      activityAmount: null,
      currency: "EUR",
      activityExpirationDate: null,
      finished: false,
      invoiced: false,
      activityStateLogs: [],
      workedMinutes: 0,
      toInvoiceMinutes: 0,
      toInvoice: 0,
      hourlyRate: 0,
      hourlyRateFrom: "tenant",
    });
    expect(form.body.formData).toEqual({ tenantHourlyPrice: 6000 });
    expect((await c.get(`${URL}/create-form-data?contactId=${customer.id}`)).body.activity.contact).toEqual(customer);
    // another tenant's customer is not fixed
    expect((await other.get(`${URL}/create-form-data?contactId=${customer.id}`)).body.activity.contact).toBeNull();
  });

  it("saves a job: { status, message, activity } with number 1, its history and hours; update answers 'Modifica effettuata'", async () => {
    const r = await c.postEntity(URL, FIELD, job({ name: " Sito web ", description: "Sito vetrina", activityExpirationDate: "2026-12-31", activityNumber: null }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["activity", "message", "status"]);
    expect([r.body.status, r.body.message]).toEqual(["ok", SAVED]);
    const a = r.body.activity;
    expect(a).toEqual({
      id: expect.any(Number),
      version: 0,
      rowColor: null,
      toString: "1 - Sito web",
      contact: customer,
      activityNumber: 1,
      activityState: "Attivo",
      name: "Sito web",
      description: "Sito vetrina",
      paymentType: HOURLY,
      activityAmount: null,
      currency: "EUR",
      activityExpirationDate: "2026-12-31",
      finished: false,
      invoiced: false,
      activityStateLogs: [{ stateBefore: null, stateAfter: "Attivo", created: expect.any(String), user: "Anna Verdi" }],
      workedMinutes: 0,
      toInvoiceMinutes: 0,
      toInvoice: 0,
      hourlyRate: 6000,
      hourlyRateFrom: "tenant",
    });
    expect(Math.abs(Date.parse(a.activityStateLogs[0].created) - Date.now())).toBeLessThan(60_000);
    expect((await c.get(`${URL}/get/${a.id}`)).body.activity).toEqual(a);
    expect((await c.get(`${URL}/update-form-data/${a.id}`)).body).toEqual({ status: "ok", activity: a, formData: { tenantHourlyPrice: 6000 } });
    const u = await c.postEntity(`${URL}/${a.id}`, FIELD, { ...a, name: "Sito web aziendale" });
    expect(Object.keys(u.body).sort()).toEqual(["activity", "message", "status"]);
    expect([u.status, u.body.message, u.body.activity.version, u.body.activity.toString, u.body.activity.activityNumber]).toEqual([200, UPDATED, 1, "1 - Sito web aziendale", 1]);
    // a stale version is refused
    expect((await c.postEntity(`${URL}/${a.id}`, FIELD, { ...a, name: "Vecchio" })).status).toBe(409);
  });

  it("the spec's required-field messages, word for word, and nothing is written", async () => {
    const before = await countRows(c, URL);
    await expectErrors(c, URL, FIELD, job({ name: "" }), ['Il campo "Nome lavoro" è richiesto']);
    await expectErrors(c, URL, FIELD, job({ name: "   " }), ['Il campo "Nome lavoro" è richiesto']);
    await expectErrors(c, URL, FIELD, job({ activityState: undefined }), ['Il campo "Stato lavoro" è richiesto']);
    await expectErrors(c, URL, FIELD, job({ activityState: "" }), ['Il campo "Stato lavoro" è richiesto']);
    await expectErrors(c, URL, FIELD, job({ paymentType: undefined }), ['Il campo "Tipo pagamento" è richiesto']);
    await expectErrors(c, URL, FIELD, job({ paymentType: null }), ['Il campo "Tipo pagamento" è richiesto']);
    await expectErrors(c, URL, FIELD, job({ contact: undefined }), ['Il campo "Cliente" è richiesto']);
    await expectErrors(c, URL, FIELD, job({ contact: null }), ['Il campo "Cliente" è richiesto']);
    await expectErrors(c, URL, FIELD, {}, ['Il campo "Cliente" è richiesto', 'Il campo "Stato lavoro" è richiesto', 'Il campo "Nome lavoro" è richiesto', 'Il campo "Tipo pagamento" è richiesto']);
    // values outside the lists, amounts, numbers and dates
    await expectErrors(c, URL, FIELD, job({ activityState: "Chiuso" }), ["Stato lavoro non valido"]);
    await expectErrors(c, URL, FIELD, job({ paymentType: "A giornata" }), ["Tipo pagamento non valido"]);
    await expectErrors(c, URL, FIELD, job({ paymentType: FIXED, activityAmount: 12.5 }), ['Il campo "Importo lavoro" non è un importo valido']);
    // a bad Numero is refused (its own message is lost in the schema's union for now: 'Input non valido')
    for (const activityNumber of [0, -3, 2.5, "abc"]) expect((await c.postEntity(URL, FIELD, job({ activityNumber }))).status).toBe(400);
    await expectErrors(c, URL, FIELD, job({ activityExpirationDate: "31/02/2026" }), ['Il campo "Scadenza prevista" non è una data valida']);
    // the customer must be one of the tenant's customers
    const supplier = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Solo Fornitore", isSupplier: true });
    await expectErrors(c, URL, FIELD, job({ contact: { id: supplier.body.contact.id } }), ["Il cliente scelto non esiste"]);
    const foreign = await other.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente altrui", isCustomer: true });
    await expectErrors(c, URL, FIELD, job({ contact: { id: foreign.body.contact.id } }), ["Il cliente scelto non esiste"]);
    expect(await countRows(c, URL)).toBe(before);
  });

  it("activityNumber: progressive and unique, also for 20 saves at once; 'Modifica' to a taken number is refused", async () => {
    const { body } = await list(c, { sortModel: JSON.stringify([{ colId: "activityNumber", sort: "desc" }]) });
    const last = body.data[0].activityNumber as number;
    const saves = await Promise.all(Array.from({ length: 20 }, (_, i) => c.postEntity(URL, FIELD, job({ name: `Parallelo ${i}` }))));
    expect(saves.map((r) => r.status)).toEqual(Array(20).fill(200));
    const numbers = saves.map((r) => r.body.activity.activityNumber as number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => last + 1 + i));
    const first = saves.find((r) => r.body.activity.activityNumber === last + 1)!.body.activity;
    const second = saves.find((r) => r.body.activity.activityNumber === last + 2)!.body.activity;
    // 'Modifica': a number another job has is refused, naming it; nothing changes
    await expectErrors(c, `${URL}/${first.id}`, FIELD, { ...first, activityNumber: second.activityNumber }, [`Il numero ${second.activityNumber} è già usato dal lavoro "${second.name}"`]);
    expect((await c.get(`${URL}/get/${first.id}`)).body.activity).toEqual(first);
    // a free number is taken (as a string too, as the form's input sends it); the next new job skips it
    const moved = await update(first, { activityNumber: String(last + 22) });
    expect([moved.activityNumber, moved.toString]).toEqual([last + 22, `${last + 22} - ${first.name}`]);
    expect((await create({ name: "Dopo la modifica" })).activityNumber).toBe(last + 21);
    expect((await create({ name: "Salta il numero preso" })).activityNumber).toBe(last + 23);
    // keeping its own number (or sending none) is not a change
    expect((await update(moved, { activityNumber: null })).activityNumber).toBe(last + 22);
    // a new job may ask for a free number, not a taken one; another tenant's numbers are its own
    await expectErrors(c, URL, FIELD, job({ name: "Doppio", activityNumber: last + 23 }), [`Il numero ${last + 23} è già usato dal lavoro "Salta il numero preso"`]);
    expect((await other.postEntity(URL, FIELD, { ...job({ name: "Altrui", activityNumber: last + 23 }), contact: (await otherCustomer()) })).body.activity.activityNumber).toBe(last + 23);
  });

  let otherCustomerOption: Option | undefined;
  async function otherCustomer(): Promise<Option> {
    if (!otherCustomerOption) {
      const r = await other.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente di Altri", isCustomer: true });
      otherCustomerOption = { id: r.body.contact.id, toString: "Cliente di Altri" };
    }
    return otherCustomerOption;
  }

  it("writes the history on each state change (state before, after, time, user), not on other saves", async () => {
    const a = await create({ name: "Con storico", activityState: "Sospeso" });
    expect(a.activityStateLogs.map((l: any) => [l.stateBefore, l.stateAfter, l.user])).toEqual([[null, "Sospeso", "Anna Verdi"]]);
    const active = await update(a, { activityState: "Attivo" });
    const renamed = await update(active, { name: "Con storico (rinominato)", description: "Solo testo" });
    expect(renamed.activityStateLogs).toEqual(active.activityStateLogs);
    const done = await update(renamed, { activityState: "Concluso" });
    expect(done.activityStateLogs.map((l: any) => [l.stateBefore, l.stateAfter, l.user])).toEqual([
      [null, "Sospeso", "Anna Verdi"],
      ["Sospeso", "Attivo", "Anna Verdi"],
      ["Attivo", "Concluso", "Anna Verdi"],
    ]);
    const times = done.activityStateLogs.map((l: any) => Date.parse(l.created));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    // a refused save (stale version) writes no history
    expect((await c.postEntity(`${URL}/${a.id}`, FIELD, { ...done, version: 0, activityState: "Attivo" })).status).toBe(409);
    expect((await c.get(`${URL}/get/${a.id}`)).body.activity.activityStateLogs).toHaveLength(3);
    // another user of the tenant is named: Luca Bianchi (ROLE_USER) on a job of his tenant
    const luca = await loginBianchi();
    const customers = (await luca.get("/api/contacts/get-filtered-list?role=CUSTOMER&limit=1")).body.options;
    const mine = await luca.postEntity(URL, FIELD, job({ contact: { id: customers[0].id }, name: "Di Luca" }));
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const suspended = await luca.postEntity(`${URL}/${mine.body.activity.id}`, FIELD, { ...mine.body.activity, activityState: "Sospeso" });
    expect(suspended.body.activity.activityStateLogs.map((l: any) => [l.stateBefore, l.stateAfter, l.user])).toEqual([
      [null, "Attivo", "Luca Bianchi"],
      ["Attivo", "Sospeso", "Luca Bianchi"],
    ]);
    expect((await luca.json("DELETE", `${URL}/${mine.body.activity.id}`)).status).toBe(200);
  });

  it("Da fatturare: a fixed price counts its amount; an hourly job its billable minutes × the customer's rate, else the tenant's, half-up per entry", async () => {
    const fixed = await create({ name: "A corpo", paymentType: FIXED, activityAmount: 150000 });
    expect(fixed).toMatchObject({ activityAmount: 150000, toInvoice: 150000, workedMinutes: 0 });
    // hours on a fixed-price job are worked, not billed by the hour
    await entry(fixed, { date: "2025-03-03", startTime: "09:00", endTime: "11:00" });
    expect((await c.get(`${URL}/get/${fixed.id}`)).body.activity).toMatchObject({ workedMinutes: 120, toInvoiceMinutes: 120, toInvoice: 150000 });

    // the tenant's 60.00 €/h: 50 min = 50.00 €, 7 min = 7.00 €, a non-billable hour counts nothing
    const hourly = await create({ name: "A ore, tariffa dello studio" });
    await entry(hourly, { date: "2025-03-04", startTime: "09:00", endTime: "09:50" });
    await entry(hourly, { date: "2025-03-04", startTime: "10:00", endTime: "10:07" });
    await entry(hourly, { date: "2025-03-04", startTime: "11:00", endTime: "12:00", billable: false });
    expect((await c.get(`${URL}/get/${hourly.id}`)).body.activity).toMatchObject({ workedMinutes: 117, toInvoiceMinutes: 57, toInvoice: 5700, hourlyRate: 6000, hourlyRateFrom: "tenant" });

    // the customer's 33.33 €/h: 50 min = 27.775 → 27.78, 7 min = 3.8885 → 3.89 (each entry rounded, then summed)
    const rated = await create({ name: "A ore, tariffa del cliente", contact: ratedCustomer });
    await entry(rated, { date: "2025-03-05", startTime: "09:00", endTime: "09:50" });
    await entry(rated, { date: "2025-03-05", startTime: "10:00", endTime: "10:07" });
    const read = (await c.get(`${URL}/get/${rated.id}`)).body.activity;
    expect(read).toMatchObject({ workedMinutes: 57, toInvoiceMinutes: 57, toInvoice: 2778 + 389, hourlyRate: 3333, hourlyRateFrom: "customer" });

    // the list says the same (Ore lavorate in hundredths of an hour), with its totals over the filtered set
    const names = { filterModel: JSON.stringify({ name: { filterType: "text", type: "startsWith", filter: "A " } }) };
    const page = await list(c, { ...names, totals: "1" });
    const byName = Object.fromEntries(page.body.data.map((r: any) => [r.name, [r.workedHours, r.toInvoice]]));
    expect(byName).toEqual({ "A corpo": [200, 150000], "A ore, tariffa dello studio": [195, 5700], "A ore, tariffa del cliente": [95, 3167] });
    expect(page.body.gridData.totals).toEqual(["workedHours", "toInvoice"]);
    expect(page.body.totals).toEqual({ workedHours: 490, toInvoice: 150000 + 5700 + 3167 });

    // a change of the tenant's rate changes what the hourly jobs without a customer rate are worth
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect((await postSettings(c, { ...t, hourlyPrice: 9000 })).status).toBe(200);
    expect((await c.get(`${URL}/get/${hourly.id}`)).body.activity).toMatchObject({ toInvoice: 7500 + 1050, hourlyRate: 9000 });
    expect((await c.get(`${URL}/get/${rated.id}`)).body.activity.toInvoice).toBe(3167);
    const t2 = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect((await postSettings(c, { ...t2, hourlyPrice: 6000 })).status).toBe(200);
  });

  it("get-unfinished: the time tracker's jobs not completed, '{n} - {name} ({customer})', with query, offset and limit", async () => {
    const open = await create({ name: "Ancora aperto" });
    const closed = await create({ name: "Ancora chiuso", finished: true });
    const r = await c.get(`${URL}/get-unfinished`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(["activities", "status"]);
    const labels = r.body.activities.map((o: Option) => o.toString);
    expect(labels).toContain(`${open.activityNumber} - Ancora aperto (Cliente Lavori S.r.l.)`);
    expect(labels).not.toContain(`${closed.activityNumber} - Ancora chiuso (Cliente Lavori S.r.l.)`);
    // newest number first
    expect(r.body.activities[0]).toEqual({ id: open.id, toString: `${open.activityNumber} - Ancora aperto (Cliente Lavori S.r.l.)` });
    expect((await c.get(`${URL}/get-unfinished?query=ancora`)).body.activities).toEqual([{ id: open.id, toString: `${open.activityNumber} - Ancora aperto (Cliente Lavori S.r.l.)` }]);
    expect((await c.get(`${URL}/get-unfinished?query=${open.activityNumber}`)).body.activities).toEqual([{ id: open.id, toString: `${open.activityNumber} - Ancora aperto (Cliente Lavori S.r.l.)` }]);
    expect((await c.get(`${URL}/get-unfinished?query=nessun%20lavoro%20cos%C3%AC`)).body.activities).toEqual([]);
    expect((await c.get(`${URL}/get-unfinished?query=Tariffa%20S.r.l.`)).body.activities.map((o: Option) => o.toString)).toEqual([expect.stringMatching(/ - A ore, tariffa del cliente \(Cliente Tariffa S\.r\.l\.\)$/)]);
    expect((await c.get(`${URL}/get-unfinished?offset=1&limit=1`)).body.activities).toEqual([r.body.activities[1]]);
    expect((await c.get(`${URL}/get-unfinished?limit=abc`)).status).toBe(400);
    // another tenant sees none of them
    expect(JSON.stringify((await other.get(`${URL}/get-unfinished`)).body)).not.toContain("Ancora aperto");
  });

  it("mark-finished ('Segna completato'): the selected jobs, once; the default filter 'non completati' drops them", async () => {
    const one = await create({ name: "Da completare 1" });
    const two = await create({ name: "Da completare 2" });
    const foreign = (await other.postEntity(URL, FIELD, { ...job({ name: "Altrui da non toccare" }), contact: await otherCustomer() })).body.activity;
    const r = await c.postForm(`${URL}/mark-finished`, { ids: `${one.id},${two.id},${foreign.id}` });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", message: "Lavori segnati come completati", updated: 2 });
    // completed is concluded (issue 30: else it missed Report lavori conclusi), the change in its Storico
    for (const a of [one, two]) {
      const done = (await c.get(`${URL}/get/${a.id}`)).body.activity;
      expect(done).toMatchObject({ finished: true, activityState: "Concluso", version: a.version + 1 });
      expect(done.activityStateLogs.at(-1)).toMatchObject({ stateBefore: "Attivo", stateAfter: "Concluso" });
    }
    expect((await other.get(`${URL}/get/${foreign.id}`)).body.activity).toMatchObject({ finished: false, version: foreign.version });
    expect((await c.postForm(`${URL}/mark-finished`, { ids: `${one.id}` })).body.updated).toBe(0);
    const unfinished = await list(c, { filterModel: JSON.stringify({ finished: { filterType: "boolean", type: "equals", filter: 0 } }) });
    const ids = unfinished.body.data.map((x: any) => x.id);
    expect(ids).not.toContain(one.id);
    expect(ids).not.toContain(two.id);
    expect(unfinished.body.data.every((x: any) => x.finished === false)).toBe(true);
    // bad selections are 400s
    for (const ids of ["", "a,b", "0"]) {
      const bad = await c.postForm(`${URL}/mark-finished`, { ids });
      expect([ids, bad.status]).toEqual([ids, 400]);
    }
    expect((await c.postForm(`${URL}/mark-finished`, {})).body.message).toBe("Nessuna riga selezionata");
  });

  it("the list: columns, the customer's jobs (addedParams contactId), search by name and customer", async () => {
    const page = await list(c, { addedParams: added({ contactId: ratedCustomer.id }) });
    expect(page.status).toBe(200);
    expect(page.body.gridData.columns.filter((x: any) => !x.hidden).map((x: any) => x.header)).toEqual([
      "Numero",
      "Nome",
      "Cliente",
      "Stato",
      "Tipo pagamento",
      "Importo",
      "Scadenza prevista",
      "Ore lavorate",
      "Da fatturare",
      "Completato",
    ]);
    expect(page.body.data.map((r: any) => [r.name, r.contact])).toEqual([["A ore, tariffa del cliente", ratedCustomer]]);
    expect((await list(c, { search: "tariffa" })).body.data.map((r: any) => r.name).sort()).toEqual(["A ore, tariffa del cliente", "A ore, tariffa dello studio"]);
    expect((await list(c, { search: "tariffa studio" })).body.data.map((r: any) => r.name)).toEqual(["A ore, tariffa dello studio"]);
    const bad = await list(c, { addedParams: added({ contactId: "x" }) });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining("Cliente non valido")]);
    // the select of a time entry (get-filtered-list): by name or number, one customer's, not completed
    const options = (await c.get(`${URL}/get-filtered-list?contactId=${ratedCustomer.id}&unfinished=1`)).body.options;
    expect(options.map((o: Option) => o.toString)).toEqual([expect.stringMatching(/^\d+ - A ore, tariffa del cliente$/)]);
  });

  it("delete: a job goes with its entries; a job with a running timer is refused; a customer with jobs is refused (409)", async () => {
    const free = await create({ name: "Da eliminare" });
    const e = await entry(free, { date: "2025-04-01", startTime: "09:00", endTime: "10:00" });
    const del = await c.json("DELETE", `${URL}/${free.id}`);
    expect([del.status, del.body]).toEqual([200, { status: "ok", message: DELETED }]);
    expect((await c.get(`${URL}/get/${free.id}`)).status).toBe(404);
    expect((await c.get(`/api/time-entries/get/${e.id}`)).status).toBe(404);
    expect((await c.get(`${URL}/get/${free.id}`)).body.message).toBe("Lavoro non trovato");

    const timed = await create({ name: "Con cronometro" });
    expect((await c.postForm(`/api/time-entries/time-entry-start/${timed.id}`)).status).toBe(200);
    const refused = await c.json("DELETE", `${URL}/${timed.id}`);
    expect([refused.status, refused.body.status, refused.body.message]).toEqual([409, "error", "Sul lavoro è in corso un cronometro: fermarlo prima di eliminare il lavoro"]);
    expect((await c.postForm("/api/time-entries/time-entry-end")).status).toBe(200);

    // the customer has jobs: refused with the contacts' message, and nothing is deleted
    const contactDelete = await c.json("DELETE", `/api/contacts/${customer.id}`);
    expect([contactDelete.status, contactDelete.body.status, contactDelete.body.message]).toEqual([409, "error", CONTACT_IN_USE]);
    expect((await c.get(`/api/contacts/get/${customer.id}`)).status).toBe(200);
    // another tenant cannot delete the job
    expect((await other.json("DELETE", `${URL}/${timed.id}`)).status).toBe(404);
    expect((await c.get(`${URL}/get/${timed.id}`)).status).toBe(200);
  });

  it("is a Sezioni area: a ROLE_USER-only user works with the jobs", async () => {
    const luca = await loginBianchi();
    expect((await luca.get(URL)).status).toBe(200);
    expect((await luca.get(`${URL}/create-form-data`)).status).toBe(200);
    expect((await luca.get(`${URL}/get-unfinished`)).status).toBe(200);
    expect((await luca.postForm(`${URL}/mark-finished`, { ids: "2147483647" })).body).toEqual({ status: "ok", message: "Lavori segnati come completati", updated: 0 });
    // the form's error contract: the first line is the generic message
    const r = await luca.postEntity(URL, FIELD, {});
    expect(r.body.message.split("\n")[0]).toBe(FORM_ERROR);
  });
});
