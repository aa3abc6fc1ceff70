/**
 * Scadenziario over HTTP (issue 12): GET /api/deadlines with addedParams { direction, state, period, from, to } and
 * the footer totals, the column filters, /export, POST /api/deadlines/set-state/{id} (every transition and refusal with
 * its message, the invoice's 'Pagata' and back, a stale version), the 'Sollecito' (GET prefilled, POST into the outbox
 * with the invoice's PDF), another tenant's ids (404 on every call) and roles (403). Purchase invoices' deadlines are
 * covered by the data layer's test (db/queries/deadlines.test.ts), which writes expenses directly.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { lateInterestCents } from "@/lib/fiscal/late-payment-rates";
import { readPdf } from "@/tests/support/sample-invoice";
import { todayInRome } from "@/lib/rome-time";
import { DEADLINE_MESSAGES } from "@/lib/schemas/deadline";
import { type Client, sentMails, signUpTenant } from "../support/http";
import { loginBianchi, saveIssuer } from "../support/entity-api";

const URL = "/api/deadlines";
const FIELD = "deadline";

type Option = { id: number; toString: string };
type Row = Record<string, any> & { id: number; version: number };
type OutboxMail = { to: string; cc: string[]; subject: string; text: string; attachments: { filename: string; contentType: string; contentBase64: string }[] };

const today = todayInRome();
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const italian = (iso: string) => iso.split("-").reverse().join("/");

describe("Scadenziario (GET /api/deadlines, set-state, export, send-reminder)", () => {
  let c: Client;
  let other: Client;
  let company: Option;
  let person: Option;
  let vat22: Option;
  let invoice: { id: number; number: string; deadlines: { id: number }[] };

  const createDoc = async (contact: Option, deadlines: [number, number][], over: Record<string, unknown> = {}) => {
    const r = await c.postEntity("/api/invoices", "invoice", {
      kind: "INVOICE",
      state: "Emessa",
      date: addDays(today, -90),
      contact,
      rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }],
      deadlines: deadlines.map(([days, amount]) => ({ deadlineDate: addDays(today, days), amount, deadlineState: "Da saldare" })),
      ...over,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.invoice;
  };
  const list = (added: Record<string, unknown> = {}, extra: Record<string, string> = {}) =>
    c.get(`${URL}?${new URLSearchParams({ totals: "1", addedParams: JSON.stringify(added), ...extra })}`);
  const rowOf = async (id: number): Promise<Row> => (await list()).body.data.find((r: Row) => r.id === id);
  const move = (client: Client, id: number, deadline: Record<string, unknown>) => client.postEntity(`${URL}/set-state/${id}`, FIELD, deadline);
  const invoiceState = async (id: number) => (await c.get(`/api/invoices/get/${id}`)).body.invoice.state;

  beforeAll(async () => {
    c = (await signUpTenant("Studio Scadenziario S.r.l.")).client;
    other = (await signUpTenant("Altro Studio S.r.l.")).client;
    await saveIssuer(c);
    const a = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", email: "amministrazione@rossi.example.it" });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    company = { id: a.body.contact.id, toString: "Rossi S.r.l." };
    const p = await c.postEntity("/api/contacts", "contact", { kind: "PERSON", firstName: "Mario", lastName: "Rossi", fiscalCode: "RSSMRA80A01H501U", isCustomer: true, address: "Via Po 3", postalCode: "10121", city: "Torino", province: "TO" });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    person = { id: p.body.contact.id, toString: "Rossi Mario" };
    const rates: Option[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    vat22 = rates.find((o) => o.toString.startsWith("22%"))!;

    invoice = await createDoc(company, [
      [-40, 61000],
      [5, 61000],
    ]);
    await createDoc(company, [[-10, 122000]], { state: "Bozza" });
    await createDoc(company, [[-10, 122000]], { kind: "PROFORMA" });
    // a credit note is issued naming the invoice it corrects (issue 27): typed in, so it nets nothing
    await createDoc(person, [[20, 122000]], { kind: "CREDIT_NOTE", correctedInvoice: { number: "1", date: "2026-01-10" } });
  });

  it("lists numbered invoices to collect and credit notes to pay, with the footer's totals per direction; Bozza and proformas left out", async () => {
    const all = await list();
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.gridData.totals).toEqual(["toCollect", "toPay", "balance"]);
    expect(all.body.data.map((r: Row) => [r.deadlineDate, r.direction, r.amount, r.deadlineState, r.documentKind])).toEqual([
      [addDays(today, -40), "Da incassare", 61000, "Da saldare", "INVOICE"],
      [addDays(today, 5), "Da incassare", 61000, "Da saldare", "INVOICE"],
      [addDays(today, 20), "Da pagare", 122000, "Da saldare", "CREDIT_NOTE"],
    ]);
    const first = all.body.data[0];
    expect(first).toMatchObject({ contact: { id: company.id, toString: "Rossi S.r.l." }, document: `Fattura ${invoice.number} del ${italian(addDays(today, -90))}`, documentId: invoice.id, daysOverdue: 40, paymentDate: null });
    expect(first.interest).toBe(lateInterestCents(61000, addDays(today, -40), today));
    expect(all.body.data[2].contact).toEqual({ id: person.id, toString: "Rossi Mario" });
    expect(all.body.totals).toEqual({ toCollect: 122000, toPay: 122000, balance: 0 });

    const incoming = await list({ direction: "IN" });
    expect(incoming.body.count).toBe(2);
    expect(incoming.body.totals).toEqual({ toCollect: 122000, toPay: 0, balance: 122000 });
    const outgoing = await list({ direction: "OUT" });
    expect(outgoing.body.data.map((r: Row) => r.documentKind)).toEqual(["CREDIT_NOTE"]);
    expect(outgoing.body.totals).toEqual({ toCollect: 0, toPay: 122000, balance: -122000 });
  });

  it("filters by period, range, state, counterpart and direction column; refuses bad parameters in Italian", async () => {
    const dates = async (added: Record<string, unknown>, extra: Record<string, string> = {}) => (await list(added, extra)).body.data.map((r: Row) => r.deadlineDate);
    expect(await dates({ period: "overdue" })).toEqual([addDays(today, -40)]);
    expect((await list({ period: "overdue" })).body.totals).toEqual({ toCollect: 61000, toPay: 0, balance: 61000 });
    expect(await dates({ period: "next7" })).toEqual([addDays(today, 5)]);
    expect(await dates({ period: "next30" })).toEqual([addDays(today, 5), addDays(today, 20)]);
    expect(await dates({ period: "range", from: addDays(today, -50), to: addDays(today, 10) })).toEqual([addDays(today, -40), addDays(today, 5)]);
    expect(await dates({ state: "Saldato" })).toEqual([]);
    expect(await dates({}, { filterModel: JSON.stringify({ contact: { filterType: "entity", type: "in", values: [person.id] } }) })).toEqual([addDays(today, 20)]);
    expect(await dates({}, { filterModel: JSON.stringify({ direction: { filterType: "text", type: "equals", filter: "Da pagare" } }) })).toEqual([addDays(today, 20)]);

    const bad = await list({ direction: "SIDEWAYS" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(DEADLINE_MESSAGES.direction);
    const order = await list({ period: "range", from: today, to: addDays(today, -1) });
    expect(order.status).toBe(400);
    expect(order.body.message).toContain(DEADLINE_MESSAGES.rangeOrder);
    expect((await list({ period: "yesterday" })).status).toBe(400);
    expect((await list({ from: "2026-02-30" })).status).toBe(400);
  });

  it("exports the filtered set as CSV", async () => {
    const res = await c.raw("GET", `${URL}/export?${new URLSearchParams({ format: "csv", addedParams: JSON.stringify({ direction: "IN" }) })}`);
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain("Data scadenza");
    expect(csv).toContain("Da incassare");
    expect(csv).toContain(`Fattura ${invoice.number}`);
    expect(csv).not.toContain("Nota di credito");
    expect(csv.trim().split("\n")).toHaveLength(3);
  });

  it("every transition and refusal with its Italian message; a stale version is a 409", async () => {
    const id = invoice.deadlines[0]!.id;
    let row = await rowOf(id);
    const refuse = async (deadline: Record<string, unknown>, message: string, status = 400) => {
      const r = await move(c, id, deadline);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.message).toBe(message);
    };
    await refuse({ deadlineState: "Saldato", version: row.version }, DEADLINE_MESSAGES.paymentDateRequired);
    await refuse({ deadlineState: "Saldato", paymentDate: addDays(today, 1), version: row.version }, DEADLINE_MESSAGES.paymentDateFuture);
    await refuse({ deadlineState: "Da saldare", version: row.version }, DEADLINE_MESSAGES.sameState("Da saldare"));
    const missing = await move(c, id, { version: row.version });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContain(DEADLINE_MESSAGES.deadlineState);

    const storno = await move(c, id, { deadlineState: "Stornato", version: row.version });
    expect(storno.status, JSON.stringify(storno.body)).toBe(200);
    expect(storno.body).toMatchObject({ message: DEADLINE_MESSAGES.changed, deadline: { deadlineState: "Stornato", paymentDate: null } });
    await refuse({ deadlineState: "Saldato", paymentDate: today, version: storno.body.deadline.version }, DEADLINE_MESSAGES.transition("Stornato", "Saldato"));
    // the version the storno replaced: stale
    await refuse({ deadlineState: "Da saldare", version: row.version }, "Il record è stato modificato da un altro utente dopo che lo hai aperto: ricarica i dati prima di salvare", 409);
    const reopened = await move(c, id, { deadlineState: "Da saldare", version: storno.body.deadline.version });
    expect(reopened.body.deadline.deadlineState).toBe("Da saldare");
    row = await rowOf(id);
    const paid = await move(c, id, { deadlineState: "Saldato", paymentDate: today, version: row.version });
    expect(paid.body.deadline).toMatchObject({ deadlineState: "Saldato", paymentDate: today });
    expect(await rowOf(id)).toMatchObject({ deadlineState: "Saldato", paymentDate: today, daysOverdue: 0, interest: 0, toCollect: 0 });
    await refuse({ deadlineState: "Stornato", version: paid.body.deadline.version }, DEADLINE_MESSAGES.transition("Saldato", "Stornato"));
    const back = await move(c, id, { deadlineState: "Da saldare", version: paid.body.deadline.version });
    expect(back.body.deadline).toMatchObject({ deadlineState: "Da saldare", paymentDate: null });
  });

  it("the invoice becomes Pagata when its deadlines are all settled, and goes back to its previous state when one is reopened", async () => {
    const [d1, d2] = invoice.deadlines.map((d) => d.id) as [number, number];
    expect(await invoiceState(invoice.id)).toBe("Emessa");
    let r = await move(c, d1, { deadlineState: "Saldato", paymentDate: today, version: (await rowOf(d1)).version });
    expect(r.body.deadline.documentState).toBe("Emessa");
    r = await move(c, d2, { deadlineState: "Saldato", paymentDate: today, version: (await rowOf(d2)).version });
    expect(r.body.deadline.documentState).toBe("Pagata");
    expect(await invoiceState(invoice.id)).toBe("Pagata");
    expect((await list({ direction: "IN" })).body.totals).toEqual({ toCollect: 0, toPay: 0, balance: 0 });
    r = await move(c, d2, { deadlineState: "Da saldare", version: r.body.deadline.version });
    expect(r.body.deadline.documentState).toBe("Emessa");
    expect(await invoiceState(invoice.id)).toBe("Emessa");
    const history = (await c.get(`/api/invoices/update-form-data/${invoice.id}`)).body.formData.history.map((h: { stateBefore: string | null; stateAfter: string }) => [h.stateBefore, h.stateAfter]);
    expect(history).toEqual([
      [null, "Emessa"],
      ["Emessa", "Pagata"],
      ["Pagata", "Emessa"],
    ]);
    // leave the first one open again for the reminder
    await move(c, d1, { deadlineState: "Da saldare", version: (await rowOf(d1)).version });
  });

  it("'Sollecito': prefilled with amount, days late and interest; sent with the invoice's PDF and noted in the history", async () => {
    const id = invoice.deadlines[0]!.id;
    const g = await c.get(`${URL}/send-reminder/${id}`);
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    const interest = lateInterestCents(61000, addDays(today, -40), today);
    expect(g.body).toMatchObject({ amount: 61000, daysLate: 40, interest, reminder: { email: "amministrazione@rossi.example.it", cc: "" } });
    expect(g.body.reminder.subject).toBe(`Sollecito di pagamento: fattura n. ${invoice.number} del ${italian(addDays(today, -90))}`);
    expect(g.body.reminder.body).toContain("scaduta da 40 giorni");
    expect(g.body.reminder.body).toContain("D.Lgs. 231/2002");

    const notDue = await c.get(`${URL}/send-reminder/${invoice.deadlines[1]!.id}`);
    expect(notDue.status).toBe(400);
    expect(notDue.body.message).toBe(DEADLINE_MESSAGES.reminderNotDue);
    const empty = await c.postEntity(`${URL}/send-reminder/${id}`, "reminder", { email: "", subject: "", body: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([DEADLINE_MESSAGES.reminderEmail, DEADLINE_MESSAGES.reminderSubject, DEADLINE_MESSAGES.reminderBody]);

    const to = `sollecito-${Date.now()}@rossi.example.it`;
    const sent = await c.postEntity(`${URL}/send-reminder/${id}`, "reminder", { ...g.body.reminder, email: to, cc: "cc@rossi.example.it" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(DEADLINE_MESSAGES.reminderSent);
    const [mail] = sentMails(to) as unknown as OutboxMail[];
    expect(mail).toMatchObject({ to, cc: ["cc@rossi.example.it"], subject: g.body.reminder.subject });
    expect(mail!.text).toContain("scaduta da 40 giorni");
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.contentType).toBe("application/pdf");
    const { text } = await readPdf(Buffer.from(mail!.attachments[0]!.contentBase64, "base64"));
    expect(text).toContain(invoice.number);
    const history = (await c.get(`/api/invoices/update-form-data/${invoice.id}`)).body.formData.history;
    expect(history.at(-1)).toMatchObject({ stateBefore: "Emessa", stateAfter: "Emessa", note: DEADLINE_MESSAGES.reminderHistory(to, italian(addDays(today, -40))) });
  });

  it("another tenant's deadline is a 404 on every call, and it lists nothing of ours", async () => {
    const id = invoice.deadlines[0]!.id;
    const before = sentMails().length;
    const r = await move(other, id, { deadlineState: "Stornato" });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(DEADLINE_MESSAGES.notFound);
    expect((await other.get(`${URL}/send-reminder/${id}`)).status).toBe(404);
    expect((await other.postEntity(`${URL}/send-reminder/${id}`, "reminder", { email: "x@example.it", subject: "S", body: "B" })).status).toBe(404);
    const theirs = await other.get(`${URL}?totals=1`);
    expect(theirs.body.count).toBe(0);
    expect(theirs.body.totals).toEqual({ toCollect: 0, toPay: 0, balance: 0 });
    expect(await (await other.raw("GET", `${URL}/export?format=csv`)).text()).not.toContain("Rossi");
    expect((await rowOf(id)).deadlineState).toBe("Da saldare");
    expect(sentMails().length).toBe(before);
    // ids that are no ids: a 400, like every route's parseId
    expect((await move(c, 0, { deadlineState: "Stornato" })).status).toBe(400);
    expect((await move(c, 2_147_483_648, { deadlineState: "Stornato" })).status).toBe(400);
  });

  it("roles: a user without ROLE_DOCUMENT gets 403 on every call", async () => {
    const luca = await loginBianchi();
    expect((await luca.get(URL)).status).toBe(403);
    expect((await luca.raw("GET", `${URL}/export?format=csv`)).status).toBe(403);
    expect((await move(luca, 1, { deadlineState: "Stornato" })).status).toBe(403);
    expect((await luca.get(`${URL}/send-reminder/1`)).status).toBe(403);
    expect((await luca.postEntity(`${URL}/send-reminder/1`, "reminder", { email: "x@example.it", subject: "S", body: "B" })).status).toBe(403);
  });
});
