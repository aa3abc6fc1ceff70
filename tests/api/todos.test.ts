/**
 * Impegni over HTTP (issue 13): the save contract { status, message, todo } with the fixed JSON names, the messages
 * of the alert rules, references of another tenant (400) and another tenant's to-do (404), the list's addedParams
 * { done } and the default filter done = 0, set-done (today in Europe/Rome, version-checked, once), the assignees
 * list, and a ROLE_USER-only user at work. Alerts here are in the future: the server's reminder job runs during the
 * suite and must send nothing (the reminders are proven in db/queries/todo-reminders.test.ts and notifications.test.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { todayInRome } from "@/lib/rome-time";
import { type Client, signUpTenant } from "../support/http";
import { DELETED, expectErrors, loginBianchi, SAVED } from "../support/entity-api";

const URL = "/api/todos";
const FIELD = "todo";
const UPDATED = "Modifica effettuata";
const DAYS_BEFORE = "Giorni prima della scadenza";
const FIXED_DATE = "Data fissa";
const today = todayInRome();

type Option = { id: number; toString: string };

const added = (p: Record<string, unknown>) => JSON.stringify(p);
const list = (c: Client, params: Record<string, string> = {}) => c.get(`${URL}?${new URLSearchParams({ startRow: "0", limit: "1000", ...params })}`);
const titles = (r: { body: Record<string, any> }) => (r.body.data as { title: string }[]).map((t) => t.title).sort();

describe("Impegni (todos)", () => {
  let c: Client;
  let other: Client;
  let me: Option;
  let customer: Option;
  let secondCustomer: Option;
  let job: Option;
  let foreign: { contact: Option; job: Option; user: Option; todo: Record<string, any> };

  const create = async (over: Record<string, unknown> = {}) => {
    const r = await c.postEntity(URL, FIELD, { title: "Impegno", ...over });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(SAVED);
    return r.body.todo;
  };

  beforeAll(async () => {
    c = (await signUpTenant("Impegni S.r.l.")).client;
    other = (await signUpTenant("Altri Impegni S.r.l.")).client;
    me = (await c.get(`${URL}/create-form-data`)).body.todo.assignee;
    const a = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente Impegni S.r.l.", isCustomer: true });
    customer = { id: a.body.contact.id, toString: "Cliente Impegni S.r.l." };
    const b = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Secondo Cliente S.r.l.", isCustomer: true });
    secondCustomer = { id: b.body.contact.id, toString: "Secondo Cliente S.r.l." };
    const j = await c.postEntity("/api/activities", "activity", { contact: customer, activityState: "Attivo", paymentType: "Lavoro pagato a ore", name: "Manutenzione" });
    job = { id: j.body.activity.id, toString: j.body.activity.toString };
    const fc = await other.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente Altrui S.r.l.", isCustomer: true });
    const fj = await other.postEntity("/api/activities", "activity", { contact: { id: fc.body.contact.id }, activityState: "Attivo", paymentType: "Lavoro pagato a ore", name: "Altrui" });
    const ft = await other.postEntity(URL, FIELD, { title: "Impegno altrui" });
    foreign = {
      contact: { id: fc.body.contact.id, toString: "Cliente Altrui S.r.l." },
      job: { id: fj.body.activity.id, toString: fj.body.activity.toString },
      user: (await other.get(`${URL}/create-form-data`)).body.todo.assignee,
      todo: ft.body.todo,
    };
  });

  it("create-form-data: a new to-do of the acting user, without alert; formData lists the tenant's users", async () => {
    const r = await c.get(`${URL}/create-form-data`);
    expect(r.status).toBe(200);
    expect(r.body.todo).toEqual({
      id: null,
      version: 0,
      rowColor: null,
      toString: "",
      title: "",
      description: "",
      contact: null,
      activity: null,
      assignee: { id: me.id, toString: "Anna Verdi" },
      dueDate: null,
      done: false,
      doneDate: null,
      alertType: null,
      alertDays: null,
      alertDate: null,
      priority: "Normale",
    });
    expect(r.body.formData).toEqual({ users: [{ id: me.id, toString: "Anna Verdi" }] });
    expect((await c.get(`${URL}/assignees`)).body).toEqual({ status: "ok", users: [{ id: me.id, toString: "Anna Verdi" }] });
  });

  it("saves a to-do with customer, job, assignee and an alert days before its due date, and answers it whole", async () => {
    const t = await create({
      title: "  Richiamare il cliente  ",
      description: "Per il preventivo",
      contact: customer,
      activity: job,
      assignee: me,
      dueDate: "2030-03-10",
      alertType: DAYS_BEFORE,
      alertDays: 3,
      // ignored for this alert type: cleared
      alertDate: "2030-01-01",
      priority: "Alta",
    });
    expect(t).toEqual({
      id: t.id,
      version: 0,
      rowColor: null,
      toString: "Richiamare il cliente",
      title: "Richiamare il cliente",
      description: "Per il preventivo",
      contact: customer,
      activity: job,
      assignee: { id: me.id, toString: "Anna Verdi" },
      dueDate: "2030-03-10",
      done: false,
      doneDate: null,
      alertType: DAYS_BEFORE,
      alertDays: 3,
      alertDate: null,
      priority: "Alta",
    });
    expect((await c.get(`${URL}/get/${t.id}`)).body.todo).toEqual(t);
    // a fixed date instead: the days go
    const u = await c.postEntity(`${URL}/${t.id}`, FIELD, { ...t, alertType: FIXED_DATE, alertDate: "2030-03-01" });
    expect([u.status, u.body.message]).toEqual([200, UPDATED]);
    expect(u.body.todo).toMatchObject({ version: 1, alertType: FIXED_DATE, alertDays: null, alertDate: "2030-03-01" });
    // stale version
    const stale = await c.postEntity(`${URL}/${t.id}`, FIELD, { ...t, version: 0 });
    expect(stale.status).toBe(409);
  });

  it("refuses the alert without its datum, with the spec's style of messages, and writes nothing", async () => {
    const before = (await list(c)).body.count;
    await expectErrors(c, URL, FIELD, { title: "" }, ['Il campo "Titolo" è richiesto']);
    await expectErrors(c, URL, FIELD, { title: "A", alertType: DAYS_BEFORE }, ['Il campo "Giorni prima della scadenza" è richiesto', 'Il campo "Data scadenza" è richiesto per l\'avviso "Giorni prima della scadenza"']);
    await expectErrors(c, URL, FIELD, { title: "A", alertType: DAYS_BEFORE, alertDays: -1, dueDate: "2030-01-10" }, ['Il campo "Giorni prima della scadenza" deve essere un numero intero maggiore o uguale a 0']);
    await expectErrors(c, URL, FIELD, { title: "A", alertType: DAYS_BEFORE, alertDays: "1,5", dueDate: "2030-01-10" }, ['Il campo "Giorni prima della scadenza" deve essere un numero intero maggiore o uguale a 0']);
    await expectErrors(c, URL, FIELD, { title: "A", alertType: FIXED_DATE }, ['Il campo "Data avviso" è richiesto']);
    await expectErrors(c, URL, FIELD, { title: "A", alertType: FIXED_DATE, alertDate: "2030-02-30" }, ['Il campo "Data avviso" non è una data valida']);
    await expectErrors(c, URL, FIELD, { title: "A", alertType: "Domani" }, ['Il campo "Tipo avviso" non è valido']);
    await expectErrors(c, URL, FIELD, { title: "A", priority: "Urgentissima" }, ['Il campo "Priorità" non è valido']);
    await expectErrors(c, URL, FIELD, { title: "A", dueDate: "10/03/2030" }, ['Il campo "Data scadenza" non è una data valida']);
    // 0 days: the alert on the due date itself
    expect((await create({ title: "Il giorno stesso", alertType: DAYS_BEFORE, alertDays: 0, dueDate: "2030-05-05" })).alertDays).toBe(0);
    expect((await list(c)).body.count).toBe(before + 1);
  });

  it("refuses another tenant's customer, job and user (400), a job of another customer, and reaches none of its to-dos (404)", async () => {
    const before = (await list(c)).body.count;
    await expectErrors(c, URL, FIELD, { title: "A", contact: foreign.contact }, ["Il cliente scelto non esiste"]);
    await expectErrors(c, URL, FIELD, { title: "A", activity: foreign.job }, ["Il lavoro scelto non esiste"]);
    await expectErrors(c, URL, FIELD, { title: "A", assignee: foreign.user }, ["L'utente scelto non esiste"]);
    await expectErrors(c, URL, FIELD, { title: "A", contact: secondCustomer, activity: job }, ["Il lavoro scelto non è del cliente indicato"]);
    expect((await list(c)).body.count).toBe(before);
    const id = foreign.todo.id;
    for (const r of [
      await c.get(`${URL}/get/${id}`),
      await c.get(`${URL}/update-form-data/${id}`),
      await c.postEntity(`${URL}/${id}`, FIELD, { ...foreign.todo, title: "Preso" }),
      await c.postForm(`${URL}/set-done/${id}`, {}),
      await c.json("DELETE", `${URL}/${id}`),
    ]) {
      expect([r.status, r.body.message]).toEqual([404, "Impegno non trovato"]);
    }
    expect((await other.get(`${URL}/get/${id}`)).body.todo).toEqual(foreign.todo);
  });

  it("lists with addedParams { done } and the default filter done = 0; set-done marks today, checks the version, once", async () => {
    const open = await create({ title: "Aperto", dueDate: "2030-01-01" });
    const toClose = await create({ title: "Da chiudere", dueDate: "2030-01-02" });
    const closed = await create({ title: "Già fatto", assignee: me, done: true, doneDate: "2026-01-15" });
    expect(closed).toMatchObject({ done: true, doneDate: "2026-01-15" });
    expect((await create({ title: "Fatto senza data", done: true })).doneDate).toBe(today);

    const stale = await c.postForm(`${URL}/set-done/${toClose.id}`, { todo: JSON.stringify({ version: toClose.version + 1 }) });
    expect(stale.status).toBe(409);
    const r = await c.postForm(`${URL}/set-done/${toClose.id}`, { todo: JSON.stringify({ version: toClose.version }) });
    expect([r.status, r.body.status, r.body.message]).toEqual([200, "ok", "Impegno segnato come svolto"]);
    expect(r.body.todo).toEqual({ ...toClose, version: toClose.version + 1, done: true, doneDate: today });
    const again = await c.postForm(`${URL}/set-done/${toClose.id}`, {});
    expect([again.status, again.body.message]).toEqual([400, "L'impegno è già segnato come svolto"]);
    // without a body: no version check
    const openToo = await create({ title: "Senza versione" });
    expect((await c.json("POST", `${URL}/set-done/${openToo.id}`)).body.todo.done).toBe(true);

    const undone = titles(await list(c, { addedParams: added({ done: 0 }) }));
    expect(undone).toContain(open.title);
    expect(undone).not.toContain("Da chiudere");
    expect(undone).not.toContain("Già fatto");
    expect(titles(await list(c, { addedParams: added({ done: 1 }) }))).toEqual(["Da chiudere", "Fatto senza data", "Già fatto", "Senza versione"]);
    // the page's default filter (the grid's column filter) gives the same set as done = 0
    const filtered = titles(await list(c, { filterModel: JSON.stringify({ done: { filterType: "boolean", type: "equals", filter: 0 } }) }));
    expect(filtered).toEqual(undone);
    for (const bad of [{ done: 2 }, { done: "forse" }]) {
      const b = await list(c, { addedParams: added(bad) });
      expect([b.status, b.body.errors]).toEqual([400, ['Parametro "done" non valido: atteso 0 o 1']]);
    }
    // the grid's row: the columns the page shows
    const row = (await list(c, { addedParams: added({ done: 1 }) })).body.data.find((t: { id: number }) => t.id === closed.id);
    expect(row).toMatchObject({ title: "Già fatto", done: true, doneDate: "2026-01-15", priority: "Normale", assignee: { id: me.id, toString: "Anna Verdi" } });
  });

  it("deletes a to-do", async () => {
    const t = await create({ title: "Da eliminare" });
    const r = await c.json("DELETE", `${URL}/${t.id}`);
    expect([r.status, r.body.message]).toEqual([200, DELETED]);
    expect((await c.get(`${URL}/get/${t.id}`)).status).toBe(404);
  });

  it("is a Sezioni area: a ROLE_USER-only user plans to-dos for a colleague of the tenant", async () => {
    const luca = await loginBianchi();
    const form = await luca.get(`${URL}/create-form-data`);
    expect(form.status).toBe(200);
    expect(form.body.todo.assignee.toString).toBe("Luca Bianchi");
    const colleague = (form.body.formData.users as Option[]).find((u) => u.toString === "Mario Rossi")!;
    const r = await luca.postEntity(URL, FIELD, { title: "Per Mario", assignee: colleague, dueDate: "2030-06-01", alertType: FIXED_DATE, alertDate: "2030-05-30" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.todo.assignee).toEqual(colleague);
    expect((await luca.get(`${URL}/assignees?query=bianchi`)).body.users).toEqual([form.body.todo.assignee]);
    expect((await luca.json("POST", `${URL}/set-done/${r.body.todo.id}`)).status).toBe(200);
    expect((await luca.json("DELETE", `${URL}/${r.body.todo.id}`)).status).toBe(200);
  });
});
