import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { documentDeadlines, documents, documentStateLogs, expenses, mailOutbox, vatRates } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { lateInterestCents } from "@/lib/fiscal/late-payment-rates";
import { listGrid } from "@/lib/grid/list";
import { readPdf } from "@/tests/support/sample-invoice";
import { contactSchema } from "@/lib/schemas/contact";
import { DEADLINE_MESSAGES, deadlineStateSchema, reminderSchema } from "@/lib/schemas/deadline";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { createTenantWithAdmin } from "./accounts";
import { contactEntity } from "./contacts";
import { todayInRome } from "@/lib/rome-time";
import { deadlinesGrid, reminderFormData, sendReminder, setDeadlineState } from "./deadlines";
import { invoiceEntity } from "@/db/documents/entity";
import { TenantScope } from "../scope";
import { addDays } from "@/lib/fiscal/dates";
import { expectApiError } from "@/tests/support/api-error";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("Scadenziario on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let company: { id: number };
  let person: { id: number };
  let supplier: { id: number };
  let vat22: { id: number };
  const today = todayInRome();

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "deadlines");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Scadenze", email: `sa-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "Altro", email: `sb-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    const roles = ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] as const;
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: [...roles] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: [...roles] });
    await a.updateTenant(undefined, { vat: "07654321012", fiscalCode: "07654321012", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", taxRegime: "RF01" });
    company = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", email: "rossi@example.it" }));
    person = await contactEntity.create(a, contactSchema.parse({ kind: "PERSON", firstName: "Luca", lastName: "Bianchi", isCustomer: true, fiscalCode: "RSSMRA80A01H501U", address: "Via Po 3", postalCode: "10121", city: "Torino", province: "TO" }));
    supplier = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Fornitore S.p.A.", isCustomer: false, isSupplier: true, vatNumber: "01234567897" }));
    vat22 = { id: (await a.list(vatRates)).find((r) => r.rate === "22.00")!.id };
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  /** 1.000,00 + 22% = 1.220,00 split in the given deadlines (dates relative to today). */
  const invoice = (contact: { id: number }, deadlines: [number, number][], over: Record<string, unknown> = {}) =>
    invoiceEntity.create(
      a,
      invoiceSchema.parse({
        contact,
        date: addDays(today, -90),
        state: "Emessa",
        rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }],
        deadlines: deadlines.map(([days, amount]) => ({ deadlineDate: addDays(today, days), amount, deadlineState: "Da saldare" })),
        ...over,
      }),
    );
  const deadlinesOf = (documentId: number) => a.list(documentDeadlines, { where: eq(documentDeadlines.documentId, documentId), orderBy: [asc(documentDeadlines.position)] });
  const list = (scope: TenantScope, params: Record<string, string> = {}) => listGrid(scope, deadlinesGrid, params, { totals: true });
  const stateOf = async (id: number) => (await a.getOrThrow(documents, id)).state;
  const move = (id: number, deadlineState: string, extra: Record<string, unknown> = {}) => setDeadlineState(a, id, deadlineStateSchema.parse({ deadlineState, ...extra }), today);

  let inv: { id: number; number: string | null };
  let expenseDeadline: number;

  it("lists numbered invoices' deadlines to collect, credit notes' and purchase invoices' to pay; leaves out Bozza and proformas", async () => {
    inv = await invoice(company, [
      [-40, 61000],
      [5, 61000],
    ]);
    await invoice(company, [[-10, 122000]], { state: "Bozza" });
    await invoice(company, [[-10, 122000]], { kind: "PROFORMA" });
    const credit = await invoice(person, [[20, 122000]], { kind: "CREDIT_NOTE", correctedInvoice: { number: "1", date: addDays(today, -90) } });
    const exp = await a.insert(expenses, { documentNumber: "FA-7", documentDate: addDays(today, -30), contactId: supplier.id, taxable: 40000, totalVat: 8800 });
    const [ed] = await a.insertMany(documentDeadlines, [{ expenseId: exp.id, contactId: supplier.id, amount: 48800, deadlineDate: addDays(today, 25), position: 0 }]).then(async () =>
      a.list(documentDeadlines, { where: eq(documentDeadlines.expenseId, exp.id) }),
    );
    expenseDeadline = ed!.id;

    const all = await list(a);
    expect(all.count).toBe(4);
    expect(all.data.map((r) => [r.direction, r.amount, r.documentKind])).toEqual([
      ["Da incassare", 61000, "INVOICE"],
      ["Da incassare", 61000, "INVOICE"],
      ["Da pagare", 122000, "CREDIT_NOTE"],
      ["Da pagare", 48800, "EXPENSE"],
    ]);
    expect(all.data[0]).toMatchObject({ contact: { id: company.id, toString: "Rossi S.r.l." }, documentId: inv.id, deadlineState: "Da saldare", daysOverdue: 40 });
    expect(all.data[0]!.document).toMatch(new RegExp(`^Fattura ${inv.number} del `));
    expect(all.data[2]).toMatchObject({ contact: { id: person.id }, documentId: credit.id });
    expect(all.data[3]).toMatchObject({ document: `Fattura d'acquisto FA-7 del ${addDays(today, -30).split("-").reverse().join("/")}`, documentId: exp.id, contact: { id: supplier.id } });
    expect(all.totals).toEqual({ toCollect: 122000, toPay: 170800, balance: -48800 });

    const incoming = await list(a, { addedParams: JSON.stringify({ direction: "IN" }) });
    expect(incoming.count).toBe(2);
    expect(incoming.totals).toEqual({ toCollect: 122000, toPay: 0, balance: 122000 });
    const outgoing = await list(a, { addedParams: JSON.stringify({ direction: "OUT" }) });
    expect(outgoing.data.map((r) => r.documentKind)).toEqual(["CREDIT_NOTE", "EXPENSE"]);
    expect(outgoing.totals).toEqual({ toCollect: 0, toPay: 170800, balance: -170800 });
  });

  it("filters by period (overdue, next 7 / 30 days, a range), state and counterpart", async () => {
    const dates = async (params: Record<string, unknown>) => (await list(a, { addedParams: JSON.stringify(params) })).data.map((r) => r.deadlineDate);
    expect(await dates({ period: "overdue" })).toEqual([addDays(today, -40)]);
    expect(await dates({ period: "next7" })).toEqual([addDays(today, 5)]);
    expect(await dates({ period: "next30" })).toEqual([addDays(today, 5), addDays(today, 20), addDays(today, 25)]);
    expect(await dates({ from: addDays(today, 10), to: addDays(today, 22) })).toEqual([addDays(today, 20)]);
    expect(await dates({ state: "Saldato" })).toEqual([]);
    const byContact = await list(a, { filterModel: JSON.stringify({ contact: { filterType: "entity", type: "in", values: [supplier.id] } }) });
    expect(byContact.data.map((r) => r.documentKind)).toEqual(["EXPENSE"]);
    await expectApiError(list(a, { addedParams: JSON.stringify({ direction: "SIDEWAYS" }) }), 400);
    await expectApiError(list(a, { addedParams: JSON.stringify({ from: addDays(today, 5), to: today }) }), 400);
  });

  it("computes the late-payment interest of an overdue business customer's deadline as lateInterestCents does; none for a private person", async () => {
    const overdue = (await list(a, { addedParams: JSON.stringify({ period: "overdue" }) })).data[0]!;
    expect(overdue.interest).toBe(lateInterestCents(61000, addDays(today, -40), today));
    expect(overdue.interest).toBeGreaterThan(0);
    const priv = await invoice(person, [[-200, 122000]]);
    const row = (await list(a, { addedParams: JSON.stringify({ period: "overdue" }) })).data.find((r) => r.documentId === priv.id)!;
    expect(row.daysOverdue).toBe(200);
    expect(row.interest).toBe(0);
    // a deadline not yet due carries none
    expect((await list(a, { addedParams: JSON.stringify({ period: "next7" }) })).data[0]!.interest).toBe(0);
    await invoiceEntity.remove(a, priv.id).catch(() => undefined);
  });

  it("moves through the allowed transitions only, with Italian refusals", async () => {
    const [first] = await deadlinesOf(inv.id);
    await expectApiError(move(first!.id, "Saldato"), 400, DEADLINE_MESSAGES.paymentDateRequired);
    await expectApiError(move(first!.id, "Saldato", { paymentDate: addDays(today, 1) }), 400, DEADLINE_MESSAGES.paymentDateFuture);
    await expectApiError(move(first!.id, "Da saldare"), 400, DEADLINE_MESSAGES.sameState("Da saldare"));
    const storno = await move(first!.id, "Stornato", { paymentDate: today });
    expect(storno).toMatchObject({ deadlineState: "Stornato", paymentDate: null, documentState: "Emessa" });
    await expectApiError(move(first!.id, "Saldato", { paymentDate: today }), 400, DEADLINE_MESSAGES.transition("Stornato", "Saldato"));
    expect((await move(first!.id, "Da saldare")).deadlineState).toBe("Da saldare");
    const paid = await move(first!.id, "Saldato", { paymentDate: today });
    expect(paid).toMatchObject({ deadlineState: "Saldato", paymentDate: today });
    await expectApiError(move(first!.id, "Stornato"), 400, DEADLINE_MESSAGES.transition("Saldato", "Stornato"));
    const reopened = await move(first!.id, "Da saldare");
    expect(reopened).toMatchObject({ deadlineState: "Da saldare", paymentDate: null });
    // stale version: 409, nothing changed
    await expectApiError(setDeadlineState(a, first!.id, deadlineStateSchema.parse({ deadlineState: "Stornato", version: paid.version }), today), 409);
    expect((await a.getOrThrow(documentDeadlines, first!.id)).deadlineState).toBe("Da saldare");
  });

  it("marks the invoice Pagata when all its deadlines are settled (a Stornato one does not count against it) and brings it back when one is reopened, logging each change", async () => {
    const [first, second] = await deadlinesOf(inv.id);
    expect(await stateOf(inv.id)).toBe("Emessa");
    expect((await move(first!.id, "Saldato", { paymentDate: today })).documentState).toBe("Emessa");
    expect((await move(second!.id, "Stornato")).documentState).toBe("Pagata");
    expect(await stateOf(inv.id)).toBe("Pagata");
    // footer: nothing left to collect on this invoice
    expect((await list(a, { addedParams: JSON.stringify({ direction: "IN" }) })).totals).toEqual({ toCollect: 0, toPay: 0, balance: 0 });
    expect((await move(second!.id, "Da saldare")).documentState).toBe("Emessa");
    expect((await move(second!.id, "Saldato", { paymentDate: today })).documentState).toBe("Pagata");
    expect((await move(first!.id, "Da saldare")).documentState).toBe("Emessa");
    const logs = await a.list(documentStateLogs, { where: eq(documentStateLogs.documentId, inv.id), orderBy: [asc(documentStateLogs.id)] });
    expect(logs.map((l) => [l.stateBefore, l.stateAfter])).toEqual([
      [null, "Emessa"],
      ["Emessa", "Pagata"],
      ["Pagata", "Emessa"],
      ["Emessa", "Pagata"],
      ["Pagata", "Emessa"],
    ]);
    // an invoice that was 'Consegnata' goes back to 'Consegnata'
    const other = await invoice(company, [[-3, 122000]], { state: "Consegnata" });
    const [only] = await deadlinesOf(other.id);
    expect((await move(only!.id, "Saldato", { paymentDate: today })).documentState).toBe("Pagata");
    expect((await move(only!.id, "Da saldare")).documentState).toBe("Consegnata");
  });

  it("moves a purchase invoice's deadline with no document state", async () => {
    expect(await move(expenseDeadline, "Saldato", { paymentDate: today })).toMatchObject({ deadlineState: "Saldato", documentState: null });
    expect((await list(a, { addedParams: JSON.stringify({ direction: "OUT", state: "Saldato" }) })).totals).toEqual({ toCollect: 0, toPay: 0, balance: 0 });
    await move(expenseDeadline, "Da saldare");
  });

  it("a received credit note's deadline (TD04) is money the supplier gives back: 'Da incassare', in the footer's Da incassare and Saldo, never 'Da pagare'", async () => {
    const other = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Fornitore Crediti S.r.l.", isCustomer: false, isSupplier: true, vatNumber: "01234567897" }));
    const date = addDays(today, -20);
    const bill = await a.insert(expenses, { documentNumber: "77", documentDate: date, contactId: other.id, taxable: 100000, totalVat: 22000, documentType: "TD01", imported: true });
    const credit = await a.insert(expenses, { documentNumber: "77", documentDate: date, contactId: other.id, taxable: 20000, totalVat: 4400, documentType: "TD04", imported: true });
    await a.insertMany(documentDeadlines, [
      { expenseId: bill.id, contactId: other.id, amount: 122000, deadlineDate: addDays(today, 40), position: 0 },
      { expenseId: credit.id, contactId: other.id, amount: 24400, deadlineDate: addDays(today, 41), position: 0 },
    ]);
    const params = { filterModel: JSON.stringify({ contact: { filterType: "entity", type: "in", values: [other.id] } }) };
    const rows = await list(a, params);
    expect(rows.data.map((r) => [r.direction, r.amount, r.toCollect, r.toPay, r.balance, r.document])).toEqual([
      ["Da pagare", 122000, 0, 122000, -122000, `Fattura d'acquisto 77 del ${date.split("-").reverse().join("/")}`],
      ["Da incassare", 24400, 24400, 0, 24400, `Nota di credito ricevuta 77 del ${date.split("-").reverse().join("/")}`],
    ]);
    expect(rows.totals).toEqual({ toCollect: 24400, toPay: 122000, balance: -97600 });
    // the quick filter 'Direzione' agrees with the rows
    const incoming = await list(a, { ...params, addedParams: JSON.stringify({ direction: "IN" }) });
    expect(incoming.data.map((r) => r.amount)).toEqual([24400]);
    expect(incoming.totals).toEqual({ toCollect: 24400, toPay: 0, balance: 24400 });
    const outgoing = await list(a, { ...params, addedParams: JSON.stringify({ direction: "OUT" }) });
    expect(outgoing.data.map((r) => r.amount)).toEqual([122000]);
    expect(outgoing.totals).toEqual({ toCollect: 0, toPay: 122000, balance: -122000 });
    // no late-payment interest on the supplier's money once it is overdue
    await a.updateWhere(documentDeadlines, eq(documentDeadlines.expenseId, credit.id), { deadlineDate: addDays(today, -30) });
    const overdue = (await list(a, { ...params, addedParams: JSON.stringify({ direction: "IN" }) })).data[0]!;
    expect(overdue).toMatchObject({ daysOverdue: 30, interest: 0 });
    // settled, it leaves the totals
    await a.updateWhere(documentDeadlines, eq(documentDeadlines.expenseId, credit.id), { deadlineState: "Saldato", paymentDate: today });
    expect((await list(a, params)).totals).toEqual({ toCollect: 0, toPay: 122000, balance: -122000 });
  });

  it("another tenant's deadline, a Bozza's or a proforma's is a 404; another tenant lists nothing", async () => {
    const [first] = await deadlinesOf(inv.id);
    await expectApiError(setDeadlineState(b, first!.id, deadlineStateSchema.parse({ deadlineState: "Stornato" }), today), 404, DEADLINE_MESSAGES.notFound);
    await expectApiError(reminderFormData(b, first!.id, today), 404);
    await expectApiError(sendReminder(b, first!.id, reminderSchema.parse({ email: "x@example.it", subject: "S", body: "B" }), today), 404);
    const draft = await a.list(documents, { where: eq(documents.state, "Bozza") });
    const [draftDeadline] = await deadlinesOf(draft[0]!.id);
    await expectApiError(move(draftDeadline!.id, "Stornato"), 404);
    const proforma = await a.list(documents, { where: eq(documents.kind, "PROFORMA") });
    const [pd] = await deadlinesOf(proforma[0]!.id);
    await expectApiError(move(pd!.id, "Stornato"), 404);
    expect((await list(b)).count).toBe(0);
    expect((await list(b)).totals).toEqual({ toCollect: 0, toPay: 0, balance: 0 });
  });

  it("'Sollecito': the template with amount, days late and interest, the invoice PDF in the outbox, a note in the history", async () => {
    const [first, second] = await deadlinesOf(inv.id);
    const data = await reminderFormData(a, first!.id, today);
    const interest = lateInterestCents(61000, addDays(today, -40), today);
    expect(data).toMatchObject({ amount: 61000, daysLate: 40, interest, reminder: { email: "rossi@example.it", cc: "", version: first!.version } });
    expect(data.reminder.subject).toMatch(new RegExp(`^Sollecito di pagamento: fattura n\\. ${inv.number} del `));
    expect(data.reminder.body).toContain("scaduta da 40 giorni");
    expect(data.reminder.body).toContain("€ 610,00");
    expect(data.reminder.body).toContain("D.Lgs. 231/2002");
    expect(data.reminder.body).toContain("Studio Scadenze");
    // not yet due: refused
    await expectApiError(reminderFormData(a, second!.id, today), 400, DEADLINE_MESSAGES.reminderNotDue);
    await expectApiError(reminderFormData(a, expenseDeadline, today), 400, DEADLINE_MESSAGES.reminderOnlyIncoming);

    const r = await sendReminder(a, first!.id, reminderSchema.parse({ email: "paga@example.it", cc: "cc@example.it", subject: data.reminder.subject, body: data.reminder.body }), today);
    expect(r.message).toBe(DEADLINE_MESSAGES.reminderSent);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, a.tenantId)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ to: "paga@example.it", cc: ["cc@example.it"], subject: data.reminder.subject });
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.contentType).toBe("application/pdf");
    const { text } = await readPdf(Buffer.from(mail!.attachments[0]!.contentBase64, "base64"));
    expect(text).toContain(inv.number!);
    const [log] = await a.list(documentStateLogs, { where: and(eq(documentStateLogs.documentId, inv.id)), orderBy: [desc(documentStateLogs.id)], limit: 1 });
    expect(log).toMatchObject({ stateBefore: "Emessa", stateAfter: "Emessa", note: DEADLINE_MESSAGES.reminderHistory("paga@example.it", addDays(today, -40).split("-").reverse().join("/")) });
    // a stale version of the deadline: 409, nothing sent
    await expectApiError(sendReminder(a, first!.id, reminderSchema.parse({ email: "x@example.it", subject: "S", body: "B", version: first!.version + 5 }), today), 409);
  });
});
