/**
 * The life cycle of conversions and credit notes on the data layer (issue 27): a conversion happens once (also two at
 * once), a credit note is issued only naming its invoice, and issuing one made from an invoice nets the invoice's open
 * deadlines, so the Scadenziario, the start page, Statistiche (invoices, concluded jobs) and the /fatture footer
 * agree; deleting it gives the deadlines back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { documentDeadlines, documents, vatRates } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { listGrid } from "@/lib/grid/list";
import { todayInRome } from "@/lib/rome-time";
import { contactSchema } from "@/lib/schemas/contact";
import { INVOICE_ACTION_MESSAGES, INVOICE_MESSAGES, invoiceSchema } from "@/lib/schemas/invoice";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { TenantScope } from "../scope";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { contactEntity } from "@/db/queries/contacts";
import { deadlinesGrid } from "@/db/queries/deadlines";
import { homeData } from "@/db/queries/home";
import { convertDocument, createCreditNote } from "./copy";
import { invoiceEntity } from "./entity";
import { invoicesGrid } from "./grid";
import { setDocumentState } from "./set-state";
import { addDays } from "@/lib/fiscal/dates";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe.each(kinds)("conversions and credit notes on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let adminA: number;
  let customer: { id: number };
  let vat22: { id: number };
  const today = todayInRome();

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "lifecycle");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Ciclo", email: `lc-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    adminA = ta.admin.id;
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    await a.updateTenant(undefined, { vat: "07654321012", fiscalCode: "07654321012", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", taxRegime: "RF01", invoiceCheckNumerationDates: false });
    customer = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" }));
    vat22 = { id: (await a.list(vatRates)).find((r) => r.rate === "22.00")!.id };
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  /** taxable + 22% VAT, in the given deadlines (days from today); no deadlines: the modality's (one on the date). */
  const create = (over: Record<string, unknown> = {}, taxable = 100000, deadlines: [number, number][] = []) =>
    invoiceEntity.create(
      a,
      invoiceSchema.parse({
        kind: "INVOICE",
        contact: customer,
        date: today,
        state: "Emessa",
        rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: taxable, vat: vat22 }],
        deadlines: deadlines.map(([days, amount]) => ({ deadlineDate: addDays(today, days), amount, deadlineState: "Da saldare" })),
        ...over,
      }),
    );
  const deadlinesOf = (documentId: number) =>
    a.select({ amount: documentDeadlines.amount, state: documentDeadlines.deadlineState, date: documentDeadlines.deadlineDate }).from(documentDeadlines).where(eq(documentDeadlines.documentId, documentId)).orderBy(asc(documentDeadlines.deadlineDate), asc(documentDeadlines.id));
  type Totals = Record<string, number>;
  const scadenziario = async () => (await listGrid(a, deadlinesGrid, new URLSearchParams({ startRow: "0", limit: "100", totals: "1" }))).totals as Totals;
  const footer = async () => (await listGrid(a, invoicesGrid, new URLSearchParams({ startRow: "0", limit: "100", totals: "1", addedParams: JSON.stringify({ kind: ["INVOICE", "CREDIT_NOTE"] }) }))).totals as Totals;

  it("a conversion happens once: the second is refused naming the document made, two at once make one", async () => {
    const quote = await create({ kind: "QUOTE" });
    const first = await convertDocument(a, quote.id, "PROFORMA");
    const again = await refusal(convertDocument(a, quote.id, "INVOICE"));
    expect([again.httpStatus, again.message]).toEqual([400, INVOICE_ACTION_MESSAGES.alreadyConverted(first.invoice.toString)]);
    expect(again.message).toBe(`Il documento è già stato convertito in Proforma (bozza) del ${today.split("-").reverse().join("/")}`);
    const source = await invoiceEntity.get(a, quote.id);
    expect(source).toMatchObject({ convertedTo: { id: first.invoice.id, toString: first.invoice.toString }, source: null, displayedState: "Convertito in proforma", state: "Emessa" });
    expect(first.invoice).toMatchObject({ source: { id: quote.id, toString: quote.toString }, convertedTo: null });

    // the proforma made converts on into the invoice, once
    const proforma = first.invoice.id;
    const results = await Promise.allSettled([convertDocument(a, proforma, "INVOICE"), convertDocument(a, proforma, "INVOICE")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await a.count(documents, eq(documents.sourceDocumentId, proforma))).toBe(1);
    const list = await listGrid(a, invoicesGrid, new URLSearchParams({ startRow: "0", limit: "100", addedParams: JSON.stringify({ kind: "PROFORMA" }) }));
    expect(list.data.find((r) => r.id === proforma)?.state).toBe("Convertito in fattura");

    // the invoice made deleted (a Bozza): the proforma may be converted again
    const made = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<Awaited<ReturnType<typeof convertDocument>>>).value.invoice;
    await invoiceEntity.remove(a, made.id);
    expect((await invoiceEntity.get(a, proforma)).convertedTo).toBeNull();
    expect((await convertDocument(a, proforma, "INVOICE")).invoice.kind).toBe("INVOICE");
  });

  it("a credit note leaves Bozza only naming its invoice: made from it, or number and date typed", async () => {
    const draft = await create({ kind: "CREDIT_NOTE", state: "Bozza" });
    const bySet = await refusal(setDocumentState(a, draft.id, "Emessa"));
    expect([bySet.httpStatus, bySet.message]).toEqual([400, INVOICE_MESSAGES.correctedInvoiceNeeded]);
    const input = invoiceSchema.parse({ ...(await invoiceEntity.get(a, draft.id)), state: "Emessa", correctedInvoice: { number: "7", date: null } });
    const bySave = await refusal(invoiceEntity.update(a, draft.id, input));
    expect([bySave.httpStatus, bySave.message]).toEqual([400, INVOICE_MESSAGES.correctedInvoiceNeeded]);
    expect((await invoiceEntity.get(a, draft.id)).state).toBe("Bozza");
    const typed = await invoiceEntity.update(a, draft.id, { ...input, correctedInvoice: { number: "7", date: "2026-01-15" } });
    expect(typed).toMatchObject({ state: "Emessa", correctedInvoice: { number: "7", date: "2026-01-15" } });
    expect(typed.number).not.toBeNull();
  });

  it("a credit note of a whole open invoice nets it: Stornato on both sides, nothing to collect or to pay anywhere", async () => {
    const before = { deadlines: await scadenziario(), footer: await footer(), home: (await homeData(a, adminA, true)).money! };
    const invoice = await create({}, 100000, [
      [30, 61000],
      [60, 61000],
    ]);
    const note = await createCreditNote(a, invoice.id);
    expect(note.invoice.source).toEqual({ id: invoice.id, toString: invoice.toString });
    // a Bozza credit note counts nowhere yet
    expect(await footer()).toEqual({ ...before.footer, taxable: before.footer.taxable + 100000, totalVat: before.footer.totalVat + 22000, total: before.footer.total + 122000, netToPay: before.footer.netToPay + 122000 });
    const issued = await setDocumentState(a, note.invoice.id, "Emessa");
    expect(issued.deadlines.map((d) => [d.amount, d.deadlineState])).toEqual([[122000, "Stornato"]]);
    expect((await deadlinesOf(invoice.id)).map((d) => [d.amount, d.state])).toEqual([
      [61000, "Stornato"],
      [61000, "Stornato"],
    ]);
    expect((await invoiceEntity.get(a, invoice.id)).state).toBe("Emessa");
    expect(await scadenziario()).toEqual(before.deadlines);
    expect(await footer()).toEqual(before.footer);
    const home = (await homeData(a, adminA, true)).money!;
    expect([home.toCollect, home.toPayNext30, home.invoicedThisYear]).toEqual([before.home.toCollect, before.home.toPayNext30, before.home.invoicedThisYear]);

    // deleting the credit note (the last of its series) gives the invoice's deadlines back
    await invoiceEntity.remove(a, note.invoice.id);
    expect((await deadlinesOf(invoice.id)).map((d) => d.state)).toEqual(["Da saldare", "Da saldare"]);
    expect((await scadenziario()).toCollect).toBe(before.deadlines.toCollect + 122000);
  });

  it("a partial credit note reduces the latest deadline; beyond what is open it stays a refund to pay", async () => {
    const invoice = await create({}, 100000, [
      [30, 61000],
      [60, 61000],
    ]);
    const note = await createCreditNote(a, invoice.id);
    const trimmed = invoiceSchema.parse({ ...note.invoice, rows: [{ ...note.invoice.rows[0], amount: 40000 }], deadlines: [], state: "Emessa" }); // 488.00
    const saved = await invoiceEntity.update(a, note.invoice.id, trimmed);
    expect(saved.totals.netToPay).toBe(48800);
    expect(saved.deadlines.map((d) => [d.amount, d.deadlineState])).toEqual([[48800, "Stornato"]]);
    expect((await deadlinesOf(invoice.id)).map((d) => [d.date, d.amount, d.state])).toEqual([
      [addDays(today, 30), 61000, "Da saldare"],
      [addDays(today, 60), 12200, "Da saldare"],
      [addDays(today, 60), 48800, "Stornato"],
    ]);

    // an invoice already paid: nothing to net, the credit note is money to give back
    const paid = await create({}, 100000, []);
    const [only] = await a.list(documentDeadlines, { where: eq(documentDeadlines.documentId, paid.id) });
    await a.updateWhere(documentDeadlines, eq(documentDeadlines.id, only!.id), { deadlineState: "Saldato", paymentDate: today });
    const refund = await createCreditNote(a, paid.id);
    const toPayBefore = (await scadenziario()).toPay;
    const refunded = await setDocumentState(a, refund.invoice.id, "Emessa");
    expect(refunded.deadlines.map((d) => [d.amount, d.deadlineState])).toEqual([[122000, "Da saldare"]]);
    expect((await scadenziario()).toPay).toBe(toPayBefore + 122000);
  });
});
