/**
 * Agenda over HTTP (issue 13): the range call at its edges, the DST change days, overlapping appointments,
 * participants, cross-tenant references and records, stale versions, roles, and the per-user .ics feed parsed
 * back with node-ical (its events equal to the saved ones; a regenerated token stops the old URL at once).
 */
import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { romeInstant } from "@/lib/rome-time";
import { Client, linkIn, sentMails, signUpTenant, uniqueEmail } from "../support/http";
import { expectErrors, SAVED, saveIssuer } from "../support/entity-api";

const URL = "/api/agenda-events";
const FIELD = "agendaEvent";
const UPDATED = "Modifica effettuata";
const RANGE_ERROR = "Intervallo non valido: start e end nel formato aaaa-mm-gg o aaaa-mm-ggThh:mm, end dopo start, al massimo 62 giorni";

type Json = Record<string, any>;

const range = (c: Client, start: string, end: string, more: Record<string, string> = {}) => c.get(`${URL}?${new URLSearchParams({ start, end, ...more })}`);

/** The instant of an Italian wall-clock 'yyyy-MM-ddTHH:mm' that exists. */
const instant = (local: string) => romeInstant(local.slice(0, 10), local.slice(11, 16))!;

async function inviteUser(admin: Client, roles: string[], password?: string): Promise<{ id: number; client?: Client }> {
  const email = uniqueEmail("agenda");
  const invited = await admin.postEntity("/api/users", "user", { email, firstName: "Ada", lastName: "Conti", roles });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  if (!password) return { id: invited.body.user.id };
  const token = new globalThis.URL(linkIn(sentMails(email).at(-1)!.text, "/sign-in?token=")).searchParams.get("token")!;
  const client = new Client();
  const set = await client.postEntity("/api/sign-in", "passwordSet", { token, passwordFirst: password, passwordSecond: password });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { id: invited.body.user.id, client };
}

describe("Agenda", () => {
  let a: Client;
  let b: Client;
  let me: { id: number };
  let ada: { id: number };
  const theirs: Record<string, number> = {};

  const save = async (event: Json) => {
    const r = await a.postEntity(URL, FIELD, event);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(SAVED);
    return r.body[FIELD] as Json;
  };

  beforeAll(async () => {
    a = (await signUpTenant("Agenda Alfa S.r.l.")).client;
    b = (await signUpTenant("Agenda Beta S.r.l.")).client;
    me = (await a.get("/api/users/get-profile")).body.user;
    ada = await inviteUser(a, ["ROLE_USER"]);
    const contact = await b.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente di Beta", isCustomer: true });
    theirs.contact = contact.body.contact.id;
    const job = await b.postEntity("/api/activities", "activity", { contact: { id: theirs.contact }, name: "Lavoro di Beta", activityState: "Attivo", paymentType: "Lavoro pagato a ore" });
    theirs.job = job.body.activity.id;
    theirs.user = (await b.get("/api/users/get-profile")).body.user.id;
  });

  it("saves an appointment and answers it in the contract's shape", async () => {
    const contact = (await a.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true })).body.contact;
    const job = (await a.postEntity("/api/activities", "activity", { contact: { id: contact.id }, name: "Sito", activityState: "Attivo", paymentType: "Lavoro pagato a ore" })).body.activity;
    const e = await save({ title: "Sopralluogo", start: "2026-04-13T09:00", end: "2026-04-13T10:30", contact: { id: contact.id }, activity: { id: job.id }, place: "Via Roma 1", description: "Misure", participants: [{ id: me.id }, { id: ada.id }] });
    expect(e).toMatchObject({
      version: 0,
      title: "Sopralluogo",
      start: "2026-04-13T09:00",
      end: "2026-04-13T10:30",
      allDay: false,
      contact: { id: contact.id, toString: "Rossi S.r.l." },
      activity: { id: job.id },
      place: "Via Roma 1",
      description: "Misure",
    });
    expect(e.participants.map((p: Json) => p.id)).toEqual([me.id, ada.id]);
    expect((await a.get(`${URL}/update-form-data/${e.id}`)).body[FIELD]).toEqual(e);
    const draft = await a.get(`${URL}/create-form-data?start=2026-04-14T15:00&end=2026-04-14T16:00`);
    expect(draft.body[FIELD]).toMatchObject({ id: null, start: "2026-04-14T15:00", end: "2026-04-14T16:00", allDay: false, participants: [{ id: me.id }] });
    expect(draft.body.formData.users.map((u: Json) => u.id).sort()).toEqual([me.id, ada.id].sort());
  });

  it("lists what overlaps [start, end): an appointment ending at start or starting at end is out; overlapping ones are allowed", async () => {
    const before = await save({ title: "Finisce all'inizio", start: "2026-05-04T10:00", end: "2026-05-04T11:00" });
    const inside = await save({ title: "Dentro", start: "2026-05-04T11:00", end: "2026-05-04T12:00" });
    const overlapping = await save({ title: "Sovrapposto", start: "2026-05-04T11:30", end: "2026-05-04T12:30" });
    const after = await save({ title: "Inizia alla fine", start: "2026-05-04T12:30", end: "2026-05-04T13:00" });
    const long = await save({ title: "Fiera (tre settimane)", start: "2026-04-20T00:00", end: "2026-05-10T00:00", allDay: true });
    const r = await range(a, "2026-05-04T11:00", "2026-05-04T12:30");
    expect(r.status).toBe(200);
    expect(r.body.data.map((e: Json) => e.id)).toEqual([long.id, inside.id, overlapping.id]);
    expect(r.body.data.map((e: Json) => e.id)).not.toContain(before.id);
    expect(r.body.data.map((e: Json) => e.id)).not.toContain(after.id);
    expect(r.body.items).toEqual([]);
    // a whole day, as the month view asks it
    const day = await range(a, "2026-05-04", "2026-05-05");
    expect(day.body.data.map((e: Json) => e.id)).toEqual([long.id, before.id, inside.id, overlapping.id, after.id]);
  });

  it("an all-day appointment takes whole days (end exclusive) and is found on each of them", async () => {
    const e = await save({ title: "Ferie", start: "2026-06-08", allDay: true });
    expect([e.start, e.end, e.allDay]).toEqual(["2026-06-08T00:00", "2026-06-09T00:00", true]);
    const two = await save({ title: "Corso", start: "2026-06-10T00:00", end: "2026-06-12T00:00", allDay: true });
    expect((await range(a, "2026-06-11", "2026-06-12")).body.data.map((x: Json) => x.id)).toEqual([two.id]);
    expect((await range(a, "2026-06-12", "2026-06-13")).body.data).toEqual([]);
  });

  it("DST: 02:30 on the last Sunday of March does not exist and is saved as 03:30; an appointment across the October change keeps its wall-clock times", async () => {
    const march = await save({ title: "Notte di marzo", start: "2026-03-29T02:30", end: "2026-03-29T04:00" });
    expect([march.start, march.end]).toEqual(["2026-03-29T03:30", "2026-03-29T04:00"]);
    await expectErrors(a, URL, FIELD, { title: "Al contrario", start: "2026-03-29T02:30", end: "2026-03-29T03:00" }, ["La fine deve essere successiva all'inizio"]);
    const october = await save({ title: "Notte di ottobre", start: "2026-10-24T22:00", end: "2026-10-25T06:00" });
    expect([october.start, october.end]).toEqual(["2026-10-24T22:00", "2026-10-25T06:00"]);
    const moved = await a.postEntity(`${URL}/${october.id}`, FIELD, { ...october, start: "2026-10-25T01:00", end: "2026-10-25T04:00", version: october.version });
    expect([moved.status, moved.body.message, moved.body[FIELD].start, moved.body[FIELD].end]).toEqual([200, UPDATED, "2026-10-25T01:00", "2026-10-25T04:00"]);
    expect((await range(a, "2026-10-25", "2026-10-26")).body.data.map((e: Json) => e.id)).toEqual([october.id]);
    expect((await range(a, "2026-03-29T03:00", "2026-03-29T03:30")).body.data).toEqual([]);
    expect((await range(a, "2026-03-29T03:00", "2026-03-29T03:31")).body.data.map((e: Json) => e.id)).toEqual([march.id]);
  });

  it("filters by participant", async () => {
    const hers = await save({ title: "Di Ada", start: "2026-07-06T09:00", end: "2026-07-06T10:00", participants: [{ id: ada.id }] });
    await save({ title: "Mio", start: "2026-07-06T09:00", end: "2026-07-06T10:00", participants: [{ id: me.id }] });
    expect((await range(a, "2026-07-06", "2026-07-07", { participant: String(ada.id) })).body.data.map((e: Json) => e.id)).toEqual([hers.id]);
    expect((await range(a, "2026-07-06", "2026-07-07")).body.data).toHaveLength(2);
    // the participants are saved as one set: left out = removed, a repeated one counts once
    const changed = await a.postEntity(`${URL}/${hers.id}`, FIELD, { ...hers, participants: [{ id: me.id }, { id: me.id }] });
    expect(changed.body[FIELD].participants.map((p: Json) => p.id)).toEqual([me.id]);
    expect((await range(a, "2026-07-06", "2026-07-07", { participant: String(ada.id) })).body.data).toEqual([]);
  });

  it("shows to-dos with a due date and the Scadenziario's deadlines (ROLE_DOCUMENT only) as read-only all-day items, each toggled", async () => {
    await saveIssuer(a);
    const customer = (await a.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Bianchi S.p.A.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" })).body.contact;
    const vat22 = ((await a.get("/api/vat-rates/get-filtered-list")).body.options as { id: number; toString: string }[]).find((o) => o.toString.startsWith("22%"))!;
    const invoice = await a.postEntity("/api/invoices", "invoice", {
      kind: "INVOICE",
      state: "Emessa",
      date: "2026-02-02",
      contact: { id: customer.id },
      rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: { id: vat22.id } }],
      deadlines: [{ deadlineDate: "2026-02-10", amount: 122000, deadlineState: "Da saldare" }],
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    const todo = await a.postEntity("/api/todos", "todo", { title: "Telefonare al fornitore", dueDate: "2026-02-11", assignee: { id: ada.id } });
    expect(todo.status, JSON.stringify(todo.body)).toBe(200);

    const all = await range(a, "2026-02-09", "2026-02-16", { todos: "1", deadlines: "1" });
    expect(all.body.items).toEqual([
      { kind: "todo", id: `todo-${todo.body.todo.id}`, title: "Telefonare al fornitore", start: "2026-02-11", end: null, allDay: true, done: false },
      { kind: "deadline", id: expect.stringMatching(/^deadline-\d+$/), title: "Da incassare € 1'220,00 - Bianchi S.p.A.", start: "2026-02-10", end: null, allDay: true, done: false },
    ]);
    expect((await range(a, "2026-02-09", "2026-02-16")).body.items).toEqual([]);
    expect((await range(a, "2026-02-09", "2026-02-16", { deadlines: "1" })).body.items.map((i: Json) => i.kind)).toEqual(["deadline"]);
    // the day after is out; one participant's items: the to-dos assigned to them
    expect((await range(a, "2026-02-11T00:00", "2026-02-11T09:00", { todos: "1", deadlines: "1" })).body.items.map((i: Json) => i.kind)).toEqual(["todo"]);
    expect((await range(a, "2026-02-09", "2026-02-16", { todos: "1", participant: String(me.id) })).body.items).toEqual([]);
    // the acting user's own hours, when asked
    const job = (await a.postEntity("/api/activities", "activity", { contact: { id: customer.id }, name: "Assistenza", activityState: "Attivo", paymentType: "Lavoro pagato a ore" })).body.activity;
    const entry = await a.postEntity("/api/time-entries", "timeEntry", { activity: { id: job.id }, date: "2026-02-12", startTime: "09:00", endTime: "10:30" });
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    expect((await range(a, "2026-02-09", "2026-02-16", { timeEntries: "1" })).body.items).toEqual([
      { kind: "timeEntry", id: `time-entry-${entry.body.timeEntry.id}`, title: `Ore: ${job.activityNumber} - Assistenza`, start: "2026-02-12T09:00", end: "2026-02-12T10:30", allDay: false, done: true },
    ]);
    // a ROLE_USER-only user sees the to-dos, never the amounts of the Scadenziario
    const user = await inviteUser(a, ["ROLE_USER"], "user12345");
    expect((await range(user.client!, "2026-02-09", "2026-02-16", { todos: "1", deadlines: "1", timeEntries: "1" })).body.items.map((i: Json) => i.kind)).toEqual(["todo"]);
  });

  it("refuses a bad range with an Italian 400", async () => {
    const queries: Record<string, string>[] = [{ start: "2026-07-06" }, { end: "2026-07-06" }, { start: "2026-07-06", end: "2026-07-06" }, { start: "2026-07-07", end: "2026-07-06" }, { start: "2026-01-01", end: "2026-05-01" }, { start: "06/07/2026", end: "2026-07-08" }, { start: "2026-02-30", end: "2026-03-02" }];
    for (const q of queries) {
      const r = await a.get(`${URL}?${new URLSearchParams(q)}`);
      expect([JSON.stringify(q), r.status, r.body.message]).toEqual([JSON.stringify(q), 400, RANGE_ERROR]);
    }
    const bad = await range(a, "2026-07-06", "2026-07-07", { participant: "abc" });
    expect([bad.status, bad.body.message]).toEqual([400, "Partecipante non valido"]);
  });

  it("refuses another tenant's customer, job and user (400) and answers 404 for another tenant's appointment", async () => {
    const base = { title: "Riferimenti", start: "2026-08-03T09:00", end: "2026-08-03T10:00" };
    const count = async () => (await range(a, "2026-08-03", "2026-08-04")).body.data.length;
    await expectErrors(a, URL, FIELD, { ...base, contact: { id: theirs.contact } }, ["Il cliente scelto non esiste"]);
    await expectErrors(a, URL, FIELD, { ...base, activity: { id: theirs.job } }, ["Il lavoro scelto non esiste"]);
    await expectErrors(a, URL, FIELD, { ...base, participants: [{ id: theirs.user }] }, ["Il partecipante scelto non è un utente dell'azienda"]);
    expect(await count()).toBe(0);
    const mine = await save(base);
    for (const path of [`/update-form-data/${mine.id}`, `/get/${mine.id}`]) expect((await b.get(`${URL}${path}`)).status).toBe(404);
    expect((await b.postEntity(`${URL}/${mine.id}`, FIELD, { ...base, version: 0 })).status).toBe(404);
    expect((await b.json("DELETE", `${URL}/${mine.id}`)).status).toBe(404);
    expect((await range(b, "2026-08-03", "2026-08-04")).body.data).toEqual([]);
    expect((await a.get(`${URL}/get/${mine.id}`)).body[FIELD]).toEqual(mine);
    // an update cannot take a foreign participant either, and changes nothing
    await expectErrors(a, `${URL}/${mine.id}`, FIELD, { ...base, participants: [{ id: theirs.user }], version: mine.version }, ["Il partecipante scelto non è un utente dell'azienda"]);
    expect((await a.get(`${URL}/get/${mine.id}`)).body[FIELD]).toEqual(mine);
  });

  it("saves drags and resizes with the version: a stale one is a 409 and changes nothing; delete", async () => {
    const e = await save({ title: "Da spostare", start: "2026-09-07T09:00", end: "2026-09-07T10:00" });
    const moved = await a.postEntity(`${URL}/${e.id}`, FIELD, { ...e, start: "2026-09-08T09:00", end: "2026-09-08T10:00" });
    expect(moved.status).toBe(200);
    const stale = await a.postEntity(`${URL}/${e.id}`, FIELD, { ...e, start: "2026-09-09T09:00", end: "2026-09-09T11:00" });
    expect(stale.status).toBe(409);
    expect((await a.get(`${URL}/get/${e.id}`)).body[FIELD]).toMatchObject({ start: "2026-09-08T09:00", end: "2026-09-08T10:00", version: 1 });
    const removed = await a.json("DELETE", `${URL}/${e.id}`);
    expect([removed.status, removed.body.message]).toEqual([200, "Eliminazione effettuata"]);
    expect((await a.get(`${URL}/get/${e.id}`)).status).toBe(404);
  });

  it("roles: ROLE_USER is needed, no session is a 401", async () => {
    const docs = await inviteUser(a, ["ROLE_DOCUMENT"], "docs12345");
    expect((await range(docs.client!, "2026-07-06", "2026-07-07")).status).toBe(403);
    expect((await docs.client!.postEntity(URL, FIELD, { title: "No", start: "2026-07-06T09:00", end: "2026-07-06T10:00" })).status).toBe(403);
    expect((await docs.client!.json("POST", "/api/calendar/regenerate-token")).status).toBe(403);
    expect((await new Client().get(`${URL}?start=2026-07-06&end=2026-07-07`)).status).toBe(401);
    expect((await new Client().json("POST", "/api/calendar/regenerate-token")).status).toBe(401);
  });

  it("the .ics feed carries the user's appointments and to-dos, equal to the saved ones; a new token stops the old one at once", async () => {
    const now = new Date();
    const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const timed = await save({ title: "Riunione, con virgola; e punto e virgola", start: `${day(3)}T09:00`, end: `${day(3)}T10:30`, place: "Sala 2", participants: [{ id: me.id }] });
    const allDay = await save({ title: "Trasferta", start: `${day(5)}T00:00`, end: `${day(7)}T00:00`, allDay: true });
    const notMine = await b.postEntity(URL, FIELD, { title: "Di Beta", start: `${day(3)}T09:00`, end: `${day(3)}T10:00` });
    expect(notMine.status).toBe(200);
    const todo = await a.postEntity("/api/todos", "todo", { title: "Chiamare il commercialista", dueDate: day(4), assignee: { id: me.id } });

    expect((await a.get("/api/calendar/token")).body.url).toBeNull();
    const first = await a.json("POST", "/api/calendar/regenerate-token");
    expect(first.status).toBe(200);
    const url = new globalThis.URL(first.body.url as string);
    expect(url.pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await a.get("/api/calendar/token")).body.url).toBe(first.body.url);

    // no session: the token is the credential
    const res = await new Client().raw("GET", url.pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const parsed = ical.sync.parseICS(await res.text());
    const events = Object.values(parsed).filter((x): x is VEvent => x?.type === "VEVENT");
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const t = byUid.get(`agenda-${timed.id}@back-office`)!;
    expect([t.summary, t.location, t.start.toISOString(), t.end!.toISOString()]).toEqual([timed.title, "Sala 2", instant(timed.start).toISOString(), instant(timed.end).toISOString()]);
    const d = byUid.get(`agenda-${allDay.id}@back-office`)!;
    const ymd = (x: Date) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, "0")}-${String(x.getDate()).padStart(2, "0")}`;
    expect([d.summary, d.datetype, ymd(d.start), ymd(d.end!)]).toEqual(["Trasferta", "date", day(5), day(7)]);
    expect(events.map((e) => e.summary)).not.toContain("Di Beta");
    expect(todo.status, JSON.stringify(todo.body)).toBe(200);
    const td = byUid.get(`todo-${todo.body.todo.id}@back-office`)!;
    expect([td.summary, td.datetype, ymd(td.start)]).toEqual(["Impegno: Chiamare il commercialista", "date", day(4)]);

    const second = await a.json("POST", "/api/calendar/regenerate-token");
    expect(second.body.url).not.toBe(first.body.url);
    expect((await new Client().raw("GET", url.pathname)).status).toBe(404);
    expect((await new Client().raw("GET", new globalThis.URL(second.body.url as string).pathname)).status).toBe(200);
    for (const path of [`/api/calendar/${"x".repeat(43)}.ics`, "/api/calendar/abc.ics", url.pathname.replace(".ics", ""), "/api/calendar/.ics"]) {
      expect([path, (await new Client().raw("GET", path)).status]).toEqual([path, 404]);
    }
  });
});
