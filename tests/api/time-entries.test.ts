/**
 * Ore lavorate and the time tracker over HTTP (issue 10): time-entry-get, START (race, finished, foreign
 * and unknown jobs, a moment already covered), STOP; entries with the spec's messages, overlaps, midnight
 * and the DST change; a ROLE_USER-only user reaches only their own entries, the admin everyone's; the
 * list's totals and the CSV export.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { countRows, DELETED, expectErrors, loginBianchi, loginRossi, postSettings, SAVED } from "../support/entity-api";

const URL = "/api/time-entries";
const FIELD = "timeEntry";
const UPDATED = "Modifica effettuata";
const START = `${URL}/time-entry-start`;
const STOP = `${URL}/time-entry-end`;
const GET_RUNNING = `${URL}/time-entry-get`;
const ALREADY_RUNNING = "È già in corso un lavoro: fermarlo con STOP prima di iniziarne un altro";
const NOW_COVERED = "Adesso è già coperto da un'altra registrazione: modificarla prima di iniziare";
const RUNNING_ENTRY = "La registrazione è in corso: fermare il cronometro prima di modificarla";
const FINISHED_JOB = "Il lavoro è completato: non si possono registrare altre ore";

type Option = { id: number; toString: string };

/** The Italian day and time of an instant, as the server shows them. */
function rome(instant: Date): { date: string; time: string; italian: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}`, italian: `${p.day}/${p.month}/${p.year}` };
}

const list = (c: Client, params: Record<string, string> = {}) => c.get(`${URL}?${new URLSearchParams({ startRow: "0", limit: "1000", ...params })}`);
const byJob = (activityId: number, more: Record<string, string> = {}) => ({ addedParams: JSON.stringify({ activityId }), ...more });

describe("Ore lavorate and the time tracker", () => {
  let c: Client;
  let other: Client;
  let me: Option;
  let customer: Option;
  let job: Option & { activityNumber: number };
  let finishedJob: Option;
  let foreignJob: Option;

  const newJob = async (client: Client, contact: Option | { id: number }, over: Record<string, unknown> = {}) => {
    const r = await client.postEntity("/api/activities", "activity", { contact, name: "Lavoro", activityState: "Attivo", paymentType: "Lavoro pagato a ore", ...over });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.activity;
  };
  const save = async (client: Client, entry: Record<string, unknown>, id?: number) => {
    const r = await client.postEntity(id ? `${URL}/${id}` : URL, FIELD, entry);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.timeEntry;
  };

  beforeAll(async () => {
    c = (await signUpTenant("Ore S.r.l.")).client;
    other = (await signUpTenant("Altre Ore S.r.l.")).client;
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect((await postSettings(c, { ...t, hourlyPrice: 6000 })).status).toBe(200);
    const mine = (await c.get("/api/me")).body;
    me = { id: mine.user.id, toString: "Anna Verdi" };
    const r = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente Ore S.r.l.", isCustomer: true });
    customer = { id: r.body.contact.id, toString: "Cliente Ore S.r.l." };
    const j = await newJob(c, customer, { name: "Assistenza" });
    job = { id: j.id, toString: j.toString, activityNumber: j.activityNumber };
    const f = await newJob(c, customer, { name: "Già completato", finished: true });
    finishedJob = { id: f.id, toString: f.toString };
    const oc = await other.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente altrui", isCustomer: true });
    const o = await newJob(other, { id: oc.body.contact.id }, { name: "Lavoro altrui" });
    foreignJob = { id: o.id, toString: o.toString };
  });

  describe("the time tracker", () => {
    it("time-entry-get: null while nothing runs", async () => {
      const r = await c.get(GET_RUNNING);
      expect([r.status, r.body]).toEqual([200, { status: "ok", timeEntryRunning: null }]);
    });

    it("START needs a job of the tenant: no id, a bad id, an unknown id, another tenant's job", async () => {
      // no id: the entity route reads "time-entry-start" as an entry's id
      const none = await c.postForm(START);
      expect([none.status, none.body.status, none.body.message]).toEqual([400, "error", "Identificativo non valido"]);
      const bad = await c.postForm(`${START}/abc`);
      expect([bad.status, bad.body.message]).toEqual([400, "Identificativo non valido"]);
      const unknown = await c.postForm(`${START}/2147483647`);
      expect([unknown.status, unknown.body.message]).toEqual([404, "Lavoro non trovato"]);
      const foreign = await c.postForm(`${START}/${foreignJob.id}`);
      expect([foreign.status, foreign.body.message]).toEqual([404, "Lavoro non trovato"]);
      expect((await c.get(GET_RUNNING)).body.timeEntryRunning).toBeNull();
      expect((await other.get(GET_RUNNING)).body.timeEntryRunning).toBeNull();
    });

    it("START on a finished job is refused", async () => {
      const r = await c.postForm(`${START}/${finishedJob.id}`);
      expect([r.status, r.body.status, r.body.errors]).toEqual([400, "error", [FINISHED_JOB]]);
      expect((await c.get(GET_RUNNING)).body.timeEntryRunning).toBeNull();
    });

    it("START when now is already covered by an entry is refused", async () => {
      const now = Date.now();
      const from = rome(new Date(now - 30 * 60_000));
      const to = rome(new Date(now + 30 * 60_000));
      const covering = await save(c, { activity: job, date: from.date, startTime: from.time, endTime: to.time });
      const r = await c.postForm(`${START}/${job.id}`);
      expect([r.status, r.body.message]).toEqual([409, NOW_COVERED]);
      expect((await c.json("DELETE", `${URL}/${covering.id}`)).status).toBe(200);
    });

    it("two STARTs at once: exactly one runs, the other is a 409 with a clear message; time-entry-get shows it; STOP answers the entry", async () => {
      const [a, b] = await Promise.all([c.postForm(`${START}/${job.id}`), c.postForm(`${START}/${job.id}`)]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const [won, lost] = a.status === 200 ? [a, b] : [b, a];
      expect(lost.body).toMatchObject({ status: "error", message: ALREADY_RUNNING });
      expect(Object.keys(won.body).sort()).toEqual(["message", "status", "timeEntryRunning"]);
      expect(won.body.message).toBe("Inizio lavoro confermato");
      const running = won.body.timeEntryRunning;
      expect(running).toEqual({ id: expect.any(Number), start: expect.any(String), activity: { id: job.id, toString: `${job.toString} (Cliente Ore S.r.l.)` } });
      // START is taken to the minute
      expect(running.start).toMatch(/:00\.000Z$/);
      expect(Date.now() - Date.parse(running.start)).toBeLessThan(120_000);
      expect((await c.get(GET_RUNNING)).body).toEqual({ status: "ok", timeEntryRunning: running });
      // the same for the user in another tab; nothing for another tenant
      expect((await c.copy().get(GET_RUNNING)).body.timeEntryRunning).toEqual(running);
      expect((await other.get(GET_RUNNING)).body.timeEntryRunning).toBeNull();
      // a third START, and a START on another job, are refused too
      expect((await c.postForm(`${START}/${job.id}`)).body.message).toBe(ALREADY_RUNNING);

      // while it runs: the entry is changed by STOP only, a manual entry over it names it
      const start = rome(new Date(running.start));
      const edit = await c.postEntity(`${URL}/${running.id}`, FIELD, { activity: job, date: start.date, startTime: "00:00", endTime: "00:01", version: 0 });
      expect([edit.status, edit.body.message]).toEqual([409, RUNNING_ENTRY]);
      const del = await c.json("DELETE", `${URL}/${running.id}`);
      expect([del.status, del.body.message]).toEqual([409, RUNNING_ENTRY]);
      const later = rome(new Date(Date.parse(running.start) + 5 * 60_000));
      const muchLater = rome(new Date(Date.parse(running.start) + 10 * 60_000));
      await expectErrors(c, URL, FIELD, { activity: job, date: later.date, startTime: later.time, endTime: muchLater.time }, [
        `Intervallo sovrapposto a un'altra registrazione delle ${start.time} (in corso) del ${start.italian}`,
      ]);
      // the running entry shows in the job's list without an end
      const rows = (await list(c, byJob(job.id))).body.data;
      expect(rows.find((r: any) => r.id === running.id)).toMatchObject({ startTime: start.time, endTime: null, hours: null });

      const stop = await c.postForm(STOP);
      expect(stop.status, JSON.stringify(stop.body)).toBe(200);
      expect(Object.keys(stop.body).sort()).toEqual(["message", "status", "timeEntry"]);
      expect(stop.body.message).toBe("Fine lavoro confermata");
      const entry = stop.body.timeEntry;
      expect(entry).toMatchObject({ id: running.id, version: 1, user: me, activity: { id: job.id, toString: job.toString }, contact: customer, date: start.date, startTime: start.time, description: "", billable: true, invoiced: false });
      expect(entry.minutes).toBeGreaterThanOrEqual(1);
      expect(entry.endTime).toBe(rome(new Date(Date.parse(running.start) + entry.minutes * 60_000)).time);
      expect((await c.get(`${URL}/get/${running.id}`)).body.timeEntry).toEqual(entry);
      expect((await c.get(GET_RUNNING)).body).toEqual({ status: "ok", timeEntryRunning: null });
      // STOP with nothing running
      const again = await c.postForm(STOP);
      expect([again.status, again.body.status, again.body.message]).toEqual([409, "error", "Nessun lavoro in corso"]);
      // the stopped entry is an ordinary one: its description is edited, then it is deleted
      const described = await save(c, { ...entry, description: "Telefonata con il cliente" }, entry.id);
      expect([described.description, described.version, described.minutes]).toEqual(["Telefonata con il cliente", 2, entry.minutes]);
      expect((await c.json("DELETE", `${URL}/${entry.id}`)).body).toEqual({ status: "ok", message: DELETED });
    });

    it("another tenant cannot stop the tracker or read the entries", async () => {
      expect((await other.postForm(STOP)).status).toBe(409);
      expect((await other.postForm(`${START}/${job.id}`)).status).toBe(404);
    });
  });

  describe("time entries", () => {
    it("create-form-data: today, the acting user, the job of ?activityId; the admin may choose among the users", async () => {
      const form = await c.get(`${URL}/create-form-data?activityId=${job.id}`);
      expect(form.status).toBe(200);
      expect(form.body.timeEntry).toMatchObject({ id: null, version: 0, user: me, activity: { id: job.id, toString: job.toString }, date: rome(new Date()).date, startTime: "", endTime: "", minutes: null, billable: true, invoiced: false });
      expect(form.body.formData).toEqual({ users: [me], currentUser: me });
      expect((await c.get(`${URL}/create-form-data?activityId=${foreignJob.id}`)).body.timeEntry.activity).toBeNull();
    });

    it("saves an entry: { status, message, timeEntry } with the minutes, the job's customer, the user; update keeps its own interval", async () => {
      const r = await c.postEntity(URL, FIELD, { activity: { id: job.id }, date: "2025-02-03", startTime: "09:00", endTime: "10:30", description: " Analisi dei requisiti " });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(["message", "status", "timeEntry"]);
      expect(r.body.message).toBe(SAVED);
      const e = r.body.timeEntry;
      expect(e).toEqual({
        id: expect.any(Number),
        version: 0,
        rowColor: null,
        toString: "03/02/2025 09:00",
        user: me,
        activity: { id: job.id, toString: job.toString },
        contact: customer,
        date: "2025-02-03",
        startTime: "09:00",
        endTime: "10:30",
        minutes: 90,
        description: "Analisi dei requisiti",
        billable: true,
        invoiced: false,
      });
      expect((await c.get(`${URL}/get/${e.id}`)).body.timeEntry).toEqual(e);
      expect((await c.get(`${URL}/update-form-data/${e.id}`)).body).toEqual({ status: "ok", timeEntry: e, formData: { users: [me], currentUser: me } });
      const u = await c.postEntity(`${URL}/${e.id}`, FIELD, { ...e, endTime: "10:45", billable: false });
      expect([u.status, u.body.message]).toEqual([200, UPDATED]);
      expect(u.body.timeEntry).toMatchObject({ version: 1, startTime: "09:00", endTime: "10:45", minutes: 105, billable: false });
      expect((await c.postEntity(`${URL}/${e.id}`, FIELD, { ...e, endTime: "11:00" })).status).toBe(409);
      expect((await c.json("DELETE", `${URL}/${e.id}`)).body).toEqual({ status: "ok", message: DELETED });
      expect((await c.get(`${URL}/get/${e.id}`)).body).toMatchObject({ status: "error", message: "Registrazione non trovata" });
    });

    it("the messages, word for word, and nothing is written", async () => {
      const before = await countRows(c, URL);
      const ok = { activity: job, date: "2025-02-04", startTime: "09:00", endTime: "10:00" };
      await expectErrors(c, URL, FIELD, { ...ok, activity: null }, ['Il campo "Lavoro" è richiesto']);
      await expectErrors(c, URL, FIELD, { ...ok, date: null }, ['Il campo "Data" è richiesto']);
      await expectErrors(c, URL, FIELD, { ...ok, date: undefined }, ['Il campo "Data" è richiesto']);
      await expectErrors(c, URL, FIELD, { ...ok, date: "2025-02-30" }, ["Data non valida (formato gg/mm/aaaa)"]);
      await expectErrors(c, URL, FIELD, { ...ok, startTime: "" }, ['Il campo "Ora inizio" è richiesto']);
      await expectErrors(c, URL, FIELD, { ...ok, endTime: undefined }, ['Il campo "Ora fine" è richiesto']);
      await expectErrors(c, URL, FIELD, { ...ok, endTime: "25:00" }, ["Orario non valido (formato HH:mm)"]);
      await expectErrors(c, URL, FIELD, { ...ok, endTime: "09:00" }, ["L'ora di fine deve essere diversa dall'ora di inizio"]);
      await expectErrors(c, URL, FIELD, { ...ok, activity: { id: foreignJob.id } }, ["Il lavoro scelto non esiste"]);
      await expectErrors(c, URL, FIELD, { ...ok, activity: { id: 2147483647 } }, ["Il lavoro scelto non esiste"]);
      // the clocks skip 02:00-02:59 on the last Sunday of March
      await expectErrors(c, URL, FIELD, { ...ok, date: "2025-03-30", startTime: "02:30", endTime: "04:00" }, ["L'orario 02:30 non esiste quel giorno (cambio dell'ora legale)"]);
      expect(await countRows(c, URL)).toBe(before);
    });

    it("no overlap with another entry of the user: the message names it; touching is allowed; across midnight; the DST days", async () => {
      const first = await save(c, { activity: job, date: "2025-02-10", startTime: "09:00", endTime: "10:30" });
      await expectErrors(c, URL, FIELD, { activity: job, date: "2025-02-10", startTime: "10:00", endTime: "11:00" }, [
        "Intervallo sovrapposto a un'altra registrazione delle 09:00-10:30 del 10/02/2025",
      ]);
      await expectErrors(c, URL, FIELD, { activity: job, date: "2025-02-10", startTime: "08:00", endTime: "12:00" }, [
        "Intervallo sovrapposto a un'altra registrazione delle 09:00-10:30 del 10/02/2025",
      ]);
      expect(await save(c, { activity: job, date: "2025-02-10", startTime: "10:30", endTime: "11:00" })).toMatchObject({ minutes: 30 });
      expect(await save(c, { activity: job, date: "2025-02-10", startTime: "08:00", endTime: "09:00" })).toMatchObject({ minutes: 60 });
      // an edit may keep its interval, not take another's
      await expectErrors(c, `${URL}/${first.id}`, FIELD, { ...first, endTime: "10:45" }, ["Intervallo sovrapposto a un'altra registrazione delle 10:30-11:00 del 10/02/2025"]);

      // across midnight: an end at or before the start is the next day
      const night = await save(c, { activity: job, date: "2025-02-10", startTime: "23:00", endTime: "01:30", description: "Intervento notturno" });
      expect(night).toMatchObject({ date: "2025-02-10", startTime: "23:00", endTime: "01:30", minutes: 150, toString: "10/02/2025 23:00" });
      await expectErrors(c, URL, FIELD, { activity: job, date: "2025-02-11", startTime: "01:00", endTime: "02:00" }, [
        "Intervallo sovrapposto a un'altra registrazione delle 23:00-01:30 del 10/02/2025",
      ]);
      expect(await save(c, { activity: job, date: "2025-02-11", startTime: "01:30", endTime: "02:00" })).toMatchObject({ minutes: 30 });
      // a whole day at most: 09:00-09:00 is refused as the same time, 09:00-08:59 is 23 h 59 min
      expect(await save(c, { activity: job, date: "2025-02-12", startTime: "09:00", endTime: "08:59" })).toMatchObject({ minutes: 1439 });
      // the DST change days: the March night is an hour shorter, the October one an hour longer
      expect(await save(c, { activity: job, date: "2025-03-30", startTime: "01:00", endTime: "04:00" })).toMatchObject({ minutes: 120 });
      expect(await save(c, { activity: job, date: "2025-10-26", startTime: "01:00", endTime: "04:00" })).toMatchObject({ minutes: 240 });
      // another user's entries do not overlap mine (the admin records for nobody else here: a tenant of one)
      const otherUser = await other.postEntity(URL, FIELD, { activity: foreignJob, date: "2025-02-10", startTime: "09:00", endTime: "10:30" });
      expect(otherUser.status).toBe(200);
    });

    it("the list: a job's entries with the totals of the filtered set (totals=1), filters by period, user and billable", async () => {
      const j = await newJob(c, customer, { name: "Totali" });
      await save(c, { activity: j, date: "2025-05-05", startTime: "09:00", endTime: "09:50" });
      await save(c, { activity: j, date: "2025-05-05", startTime: "10:00", endTime: "10:07" });
      await save(c, { activity: j, date: "2025-05-06", startTime: "11:00", endTime: "12:00", billable: false });
      await save(c, { activity: j, date: "2025-06-02", startTime: "09:00", endTime: "09:20" });
      const page = await list(c, byJob(j.id, { totals: "1" }));
      expect(page.status).toBe(200);
      expect(page.body.gridData.totals).toEqual(["hours", "amount"]);
      expect(page.body.gridData.columns.filter((x: any) => !x.hidden).map((x: any) => x.header)).toEqual([
        "Data",
        "Inizio",
        "Fine",
        "Utente",
        "Cliente",
        "Lavoro",
        "Ore",
        "Importo",
        "Fatturabile",
        "Fatturato",
        "Descrizione",
      ]);
      expect(page.body.count).toBe(4);
      // newest first; 60 €/h of the tenant: 50 min = 50.00 €, 7 min = 7.00 €, 20 min = 20.00 €, not billable = 0
      expect(page.body.data.map((r: any) => [r.date, r.startTime, r.endTime, r.hours, r.amount, r.billable])).toEqual([
        ["2025-06-02", "09:00", "09:20", 33, 2000, true],
        ["2025-05-06", "11:00", "12:00", 100, 0, false],
        ["2025-05-05", "10:00", "10:07", 12, 700, true],
        ["2025-05-05", "09:00", "09:50", 83, 5000, true],
      ]);
      expect(page.body.data[0]).toMatchObject({ user: me, contact: customer, activity: { id: j.id, toString: j.toString } });
      // the hours of the set are rounded once: 137 minutes = 2.28 h
      expect(page.body.totals).toEqual({ hours: 228, amount: 7700 });
      // a period (May) and a user
      const may = JSON.stringify({ date: { filterType: "date", type: "inRange", dateFrom: "2025-05-01", dateTo: "2025-05-31" }, user: { filterType: "entity", type: "in", values: [me.id] } });
      const filtered = await list(c, byJob(j.id, { totals: "1", filterModel: may }));
      expect([filtered.body.count, filtered.body.totals]).toEqual([3, { hours: 195, amount: 5700 }]);
      const billable = JSON.stringify({ billable: { filterType: "boolean", type: "equals", filter: 1 } });
      expect((await list(c, byJob(j.id, { totals: "1", filterModel: billable }))).body.totals).toEqual({ hours: 128, amount: 7700 });
      // later blocks ask without totals
      expect((await list(c, byJob(j.id))).body.totals).toBeUndefined();
      // an empty set totals zero
      const none = JSON.stringify({ date: { filterType: "date", type: "equals", dateFrom: "2001-01-01" } });
      expect((await list(c, byJob(j.id, { totals: "1", filterModel: none }))).body.totals).toEqual({ hours: 0, amount: 0 });
      const bad = await list(c, { addedParams: JSON.stringify({ activityId: "x" }) });
      expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining("Lavoro non valido")]);
      // another tenant's job names nothing of ours
      expect((await list(other, byJob(j.id))).body.count).toBe(0);
    });

    it("exports the filtered entries as CSV", async () => {
      const j = await newJob(c, customer, { name: "Esportazione" });
      await save(c, { activity: j, date: "2025-07-01", startTime: "09:00", endTime: "10:30", description: "Riunione di avvio" });
      await save(c, { activity: j, date: "2025-07-02", startTime: "14:00", endTime: "14:45", description: "=Formula", billable: false });
      const res = await c.raw("GET", `${URL}/export?${new URLSearchParams({ format: "csv", columns: "date,startTime,endTime,user,contact,activity,description,hours,amount,billable", ...byJob(j.id) })}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toContain("lavori-eseguiti");
      const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
      expect(lines).toEqual([
        "Data;Inizio;Fine;Utente;Cliente;Lavoro;Descrizione;Ore;Importo;Fatturabile",
        `02/07/2025;14:00;14:45;Anna Verdi;Cliente Ore S.r.l.;${j.toString};'=Formula;0,75;0,00;No`,
        `01/07/2025;09:00;10:30;Anna Verdi;Cliente Ore S.r.l.;${j.toString};Riunione di avvio;1,50;90,00;Sì`,
      ]);
    });
  });

  describe("roles: a ROLE_USER-only user reaches only their own entries, the admin everyone's", () => {
    let rossi: Client;
    let luca: Client;
    let rossiMe: Option;
    let lucaMe: Option;
    let j: { id: number; toString: string };
    let contactId: number;

    beforeAll(async () => {
      rossi = await loginRossi();
      luca = await loginBianchi();
      const ids = (await rossi.get("/api/time-entries/create-form-data")).body.formData;
      rossiMe = ids.currentUser;
      lucaMe = ids.users.find((u: Option) => u.toString === "Luca Bianchi");
      expect(lucaMe).toBeDefined();
      const r = await rossi.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente dei ruoli S.r.l.", isCustomer: true, hourlyPrice: 4800 });
      contactId = r.body.contact.id;
      j = await newJob(rossi, { id: contactId }, { name: "Ruoli" });
    });

    it("each records their own; Luca cannot record for Rossi (403), Rossi may record for Luca", async () => {
      const mine = await save(luca, { activity: j, date: "2031-03-03", startTime: "09:00", endTime: "10:00" });
      expect(mine.user).toEqual(lucaMe);
      // the same hours as another user are no overlap
      const admin = await save(rossi, { activity: j, date: "2031-03-03", startTime: "09:00", endTime: "10:00" });
      expect(admin.user).toEqual(rossiMe);
      const forRossi = await luca.postEntity(URL, FIELD, { user: rossiMe, activity: j, date: "2031-03-04", startTime: "09:00", endTime: "10:00" });
      expect([forRossi.status, forRossi.body.message]).toEqual([403, "Solo un amministratore può registrare ore per un altro utente"]);
      const forLuca = await save(rossi, { user: lucaMe, activity: j, date: "2031-03-03", startTime: "10:00", endTime: "11:30" });
      expect(forLuca.user).toEqual(lucaMe);
      // Luca's hours overlap Luca's, whoever records them
      await expectErrors(rossi, URL, FIELD, { user: lucaMe, activity: j, date: "2031-03-03", startTime: "09:30", endTime: "10:15" }, [
        "Intervallo sovrapposto a un'altra registrazione delle 09:00-10:00 del 03/03/2031",
      ]);
      // a user of another tenant is not a user here
      await expectErrors(rossi, URL, FIELD, { user: me, activity: j, date: "2031-03-05", startTime: "09:00", endTime: "10:00" }, ["L'utente scelto non esiste"]);
    });

    it("GET /api/time-entries: Luca sees only his own, Rossi everyone's; another user's entry is a 404 for Luca", async () => {
      const lucaRows = (await list(luca, byJob(j.id, { totals: "1" }))).body;
      expect(lucaRows.data.map((r: any) => [r.user.id, r.startTime])).toEqual([
        [lucaMe.id, "10:00"],
        [lucaMe.id, "09:00"],
      ]);
      // 150 minutes at the customer's 48.00 €/h
      expect(lucaRows.totals).toEqual({ hours: 250, amount: 12000 });
      const all = (await list(rossi, byJob(j.id, { totals: "1" }))).body;
      expect(all.data.map((r: any) => r.user.id).sort()).toEqual([lucaMe.id, lucaMe.id, rossiMe.id].sort());
      expect(all.totals).toEqual({ hours: 350, amount: 16800 });
      // the whole list of Luca: his own rows only (the seed's and these)
      const whole = (await list(luca)).body;
      expect(whole.data.length).toBeGreaterThan(0);
      expect(whole.data.every((r: any) => r.user.id === lucaMe.id)).toBe(true);
      const rossiEntry = all.data.find((r: any) => r.user.id === rossiMe.id);
      for (const path of [`/get/${rossiEntry.id}`, `/update-form-data/${rossiEntry.id}`]) {
        const r = await luca.get(`${URL}${path}`);
        expect([path, r.status, r.body.message]).toEqual([path, 404, "Registrazione non trovata"]);
      }
      expect((await luca.postEntity(`${URL}/${rossiEntry.id}`, FIELD, { activity: j, date: "2031-03-03", startTime: "12:00", endTime: "13:00", version: 0 })).status).toBe(404);
      expect((await luca.json("DELETE", `${URL}/${rossiEntry.id}`)).status).toBe(404);
      expect((await rossi.get(`${URL}/get/${rossiEntry.id}`)).status).toBe(200);
      // the export follows the same rule
      const csv = await (await luca.raw("GET", `${URL}/export?${new URLSearchParams({ format: "csv", columns: "user,startTime", ...byJob(j.id) })}`)).text();
      expect(csv.replace(/^\uFEFF/, "").trim().split("\r\n")).toEqual(["Utente;Inizio", "Luca Bianchi;10:00", "Luca Bianchi;09:00"]);
      // the form: Luca records his own hours only, the admin chooses
      expect((await luca.get(`${URL}/create-form-data`)).body.formData).toEqual({ users: [], currentUser: lucaMe });
      // Luca's tracker is his own: Rossi sees none running
      const start = await luca.postForm(`${START}/${j.id}`);
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      expect((await rossi.get(GET_RUNNING)).body.timeEntryRunning).toBeNull();
      expect((await luca.postForm(STOP)).status).toBe(200);
    });

    it("cleans up: the entries, the job and the customer of tenant 2 go", async () => {
      const ids = (await list(rossi, byJob(j.id))).body.data.map((r: any) => r.id as number);
      for (const id of ids) expect((await rossi.json("DELETE", `${URL}/${id}`)).status).toBe(200);
      expect((await rossi.json("DELETE", `/api/activities/${j.id}`)).status).toBe(200);
      expect((await rossi.json("DELETE", `/api/contacts/${contactId}`)).status).toBe(200);
    });
  });
});
