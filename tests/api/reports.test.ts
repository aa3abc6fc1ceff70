/**
 * Statistiche over HTTP (issue 14): GET /api/report-filters/init?type=… and GET /api/reports/{type}?filters=<JSON>
 * (and /export). The invoice report's every figure against sums worked out by hand from the documents seeded here
 * through the API (a credit note subtracting, a Bozza and a proforma left out, a Saldato and a Stornato deadline, a
 * purchase invoice, last year's invoice for the year on year); the customer filter; another tenant's documents never
 * counted and its contact refused; roles (ROLE_USER: 403); bad filters (400, Italian); an unknown type (404). Then the
 * hours, the concluded jobs and the to-dos.
 */
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { todayInRome } from "@/lib/rome-time";
import { REPORT_MESSAGES } from "@/lib/schemas/report";
import { type Client, signUpTenant } from "../support/http";
import { loginBianchi, saveIssuer } from "../support/entity-api";

type Option = { id: number; toString: string };

const YEAR_2025 = { preset: "Intervallo", from: "2025-01-01", to: "2025-12-31" };
const thisYear = Number(todayInRome().slice(0, 4));

/** Gross total of a 22% VAT row of `taxable` cents. */
const gross = (taxable: number) => taxable + Math.round(taxable * 0.22);

describe("Statistiche (report-filters/init, reports/{type})", () => {
  let c: Client;
  let other: Client;
  let rossi: Option;
  let person: Option;
  let otherCustomer: Option;
  let vat22: Option;

  const save = async (client: Client, url: string, field: string, body: Record<string, unknown>) => {
    const r = await client.postEntity(url, field, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body[field];
  };
  const invoice = (client: Client, contact: Option, date: string, taxable: number, deadlines: [string, number][], over: Record<string, unknown> = {}) =>
    save(client, "/api/invoices", "invoice", {
      kind: "INVOICE",
      state: "Emessa",
      date,
      contact,
      rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: taxable, vat: vat22 }],
      deadlines: deadlines.map(([deadlineDate, amount]) => ({ deadlineDate, amount, deadlineState: "Da saldare" })),
      ...over,
    });
  const setState = async (deadline: { id: number; version: number }, deadlineState: string, paymentDate?: string) => {
    const r = await c.postEntity(`/api/deadlines/set-state/${deadline.id}`, "deadline", { deadlineState, paymentDate, version: deadline.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const report = (client: Client, type: string, filters?: unknown) => client.get(`/api/reports/${type}${filters === undefined ? "" : `?filters=${encodeURIComponent(typeof filters === "string" ? filters : JSON.stringify(filters))}`}`);
  const invoices = (filters: unknown = YEAR_2025, client = c) => report(client, "ReportInvoiceManager", filters);

  beforeAll(async () => {
    c = (await signUpTenant("Studio Statistiche S.r.l.")).client;
    other = (await signUpTenant("Altro Studio Statistiche S.r.l.")).client;
    // the report's invoices are entered in no order of date (last year's after this year's): a tenant recording its
    // history turns the date-and-number check off, as the settings allow
    for (const client of [c, other]) await saveIssuer(client, { hourlyPrice: 6000, invoiceCheckNumerationDates: false });
    const company = { kind: "COMPANY", isCustomer: true, isSupplier: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" };
    rossi = { id: (await save(c, "/api/contacts", "contact", { ...company, companyName: "Rossi S.r.l." })).id, toString: "Rossi S.r.l." };
    person = {
      id: (await save(c, "/api/contacts", "contact", { kind: "PERSON", firstName: "Mario", lastName: "Bruni", fiscalCode: "RSSMRA80A01H501U", isCustomer: true, address: "Via Po 3", postalCode: "10121", city: "Torino", province: "TO" })).id,
      toString: "Bruni Mario",
    };
    otherCustomer = { id: (await save(other, "/api/contacts", "contact", { ...company, companyName: "Verdi S.r.l." })).id, toString: "Verdi S.r.l." };
    vat22 = ((await c.get("/api/vat-rates/get-filtered-list")).body.options as Option[]).find((o) => o.toString.startsWith("22%"))!;
    const otherVat = ((await other.get("/api/vat-rates/get-filtered-list")).body.options as Option[]).find((o) => o.toString.startsWith("22%"))!;

    // last year (the year on year): March 2024
    await invoice(c, rossi, "2024-03-05", 40000, [["2024-04-05", gross(40000)]]);
    // 2025
    const first = await invoice(c, rossi, "2025-03-10", 100000, [
      ["2025-04-10", 61000],
      ["2025-05-10", 61000],
    ]);
    expect(first.totals).toMatchObject({ total: 122000, totalVat: 22000 });
    await invoice(c, rossi, "2025-03-12", 99900, [["2025-04-12", gross(99900)]], { state: "Bozza" });
    await invoice(c, rossi, "2025-03-15", 77700, [["2025-04-15", gross(77700)]], { kind: "PROFORMA" });
    const second = await invoice(c, person, "2025-03-20", 50000, [["2025-06-30", 61000]]);
    await invoice(c, rossi, "2025-05-05", 200000, [["2025-07-31", 244000]]);
    // a credit note is issued naming the invoice it corrects (issue 27): typed in, so it nets no deadline
    await invoice(c, rossi, "2025-05-15", 30000, [["2025-06-15", 36600]], { kind: "CREDIT_NOTE", correctedInvoice: { number: "1", date: "2025-03-10" } });
    await save(c, "/api/expenses", "expense", { documentNumber: "A-77", documentDate: "2025-04-08", contact: rossi, taxable: 10000, totalVat: 2200 });

    await setState(first.deadlines[0], "Saldato", "2025-04-12");
    await setState(first.deadlines[1], "Stornato");
    await setState(second.deadlines[0], "Saldato", "2025-07-02");

    // another tenant's March 2025 invoice, paid: never in our figures
    const foreign = await save(other, "/api/invoices", "invoice", {
      kind: "INVOICE",
      state: "Emessa",
      date: "2025-03-11",
      contact: otherCustomer,
      rows: [{ rowType: "GENERICA", description: "Altro", quantity: "1", amount: 500000, vat: otherVat }],
      deadlines: [{ deadlineDate: "2025-04-11", amount: 610000, deadlineState: "Da saldare" }],
    });
    const r = await other.postEntity(`/api/deadlines/set-state/${foreign.deadlines[0].id}`, "deadline", { deadlineState: "Saldato", paymentDate: "2025-04-11", version: foreign.deadlines[0].version });
    expect(r.status).toBe(200);
  });

  it("the filter form: fields in Italian, the presets, 'Anno in corso' resolved to its days", async () => {
    const r = await c.get("/api/report-filters/init?type=ReportInvoiceManager");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const form = r.body.form;
    expect(form.title).toBe("Report fatturazione");
    expect(form.fields.map((f: { label: string }) => f.label)).toEqual(["Periodo", "Dal", "Al", "Cliente"]);
    expect(form.fields[0].options).toEqual(["Anno in corso", "Anno precedente", "Ultimi 12 mesi", "Mese in corso", "Intervallo"]);
    expect(form.defaults).toEqual({ preset: "Anno in corso", from: `${thisYear}-01-01`, to: `${thisYear}-12-31` });
    const hours = (await c.get("/api/report-filters/init?type=ReportTimeEntryManager")).body.form;
    expect(hours.fields.map((f: { label: string }) => f.label)).toEqual(["Periodo", "Dal", "Al", "Cliente", "Lavoro", "Utente", "Raggruppa per"]);
    expect(hours.defaults.groupBy).toBe("Mese");
  });

  it("invoiced, collected, to collect, purchases and VAT by month, against the sums worked out by hand", async () => {
    const r = await invoices();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { filters, rows, series, totals } = r.body;
    expect(filters).toEqual({ preset: "Intervallo", from: "2025-01-01", to: "2025-12-31" });
    expect(rows).toHaveLength(12);
    expect(series).toEqual(rows);
    expect(rows.map((m: { label: string }) => m.label).slice(0, 3)).toEqual(["gennaio 2025", "febbraio 2025", "marzo 2025"]);
    const month = (n: number) => rows[n - 1];
    // March: the two invoices (the Bozza and the proforma left out); May: the invoice less the credit note
    expect(month(3)).toMatchObject({ month: "2025-03", invoiced: 122000 + 61000, invoicedPreviousYear: gross(40000) });
    expect(month(5)).toMatchObject({ invoiced: 244000 - 36600, invoicedPreviousYear: 0 });
    // collected by payment date; the Stornato May deadline nowhere; the open July deadline to collect
    expect(month(4)).toMatchObject({ collected: 61000, toCollect: 0, purchases: 12200, vatDue: -2200 });
    expect(month(5)).toMatchObject({ collected: 0, toCollect: 0 });
    expect(month(7)).toMatchObject({ collected: 61000, toCollect: 244000 });
    expect(month(6)).toMatchObject({ collected: 0, toCollect: 0 });
    const salesVat = 22000 + 11000 + 44000 - 6600;
    expect(totals).toEqual({
      invoiced: 122000 + 61000 + 244000 - 36600,
      invoicedPreviousYear: gross(40000),
      collected: 61000 + 61000,
      toCollect: 244000,
      purchases: 12200,
      vatDue: salesVat - 2200,
      salesVat,
      purchasesVat: 2200,
    });
    expect(r.body.tables[0].rows).toEqual([
      { id: rossi.id, name: "Rossi S.r.l.", documents: 3, invoiced: 122000 + 244000 - 36600, vat: 22000 + 44000 - 6600 },
      { id: person.id, name: "Bruni Mario", documents: 1, invoiced: 61000, vat: 11000 },
    ]);
  });

  it("the customer filter holds every figure to that customer", async () => {
    const r = await invoices({ ...YEAR_2025, customer: { id: person.id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.filters.customer).toEqual({ id: person.id, toString: "Bruni Mario" });
    expect(r.body.totals).toMatchObject({ invoiced: 61000, collected: 61000, toCollect: 0, purchases: 0, invoicedPreviousYear: 0 });
  });

  it("presets: without filters 'Anno in corso'; 'Anno precedente' and 'Ultimi 12 mesi' resolved from today", async () => {
    const none = await report(c, "ReportInvoiceManager");
    expect(none.status).toBe(200);
    expect(none.body.filters).toEqual({ preset: "Anno in corso", from: `${thisYear}-01-01`, to: `${thisYear}-12-31` });
    const previous = await invoices({ preset: "Anno precedente" });
    expect(previous.body.filters).toMatchObject({ from: `${thisYear - 1}-01-01`, to: `${thisYear - 1}-12-31` });
    expect(previous.body.rows).toHaveLength(12);
    const last12 = await invoices({ preset: "Ultimi 12 mesi" });
    expect(last12.body.rows).toHaveLength(12);
    expect(last12.body.rows[11].month).toBe(todayInRome().slice(0, 7));
  });

  it("another tenant's documents are never counted, and its contact is refused as a filter", async () => {
    const theirs = await invoices(YEAR_2025, other);
    expect(theirs.body.totals).toMatchObject({ invoiced: 610000, collected: 610000, toCollect: 0, purchases: 0 });
    const refused = await invoices({ ...YEAR_2025, customer: { id: otherCustomer.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(REPORT_MESSAGES.customerUnknown);
  });

  it("ROLE_ADMIN only: an ordinary user gets 403 on both calls", async () => {
    const luca = await loginBianchi();
    expect((await luca.get("/api/report-filters/init?type=ReportInvoiceManager")).status).toBe(403);
    for (const type of ["ReportInvoiceManager", "ReportTimeEntryManager", "ReportWorkManager", "ReportTodoManager"]) {
      expect((await report(luca, type)).status).toBe(403);
    }
    expect((await luca.raw("GET", "/api/reports/ReportInvoiceManager/export")).status).toBe(403);
  });

  it("bad filters: 400 with an Italian message, never a 500; an unknown type: 404", async () => {
    const cases: [unknown, string][] = [
      ["{", REPORT_MESSAGES.filtersJson],
      ["[1]", REPORT_MESSAGES.filtersJson],
      [{ preset: "Domani" }, REPORT_MESSAGES.preset],
      [{ preset: "Intervallo", from: "2025-01-01" }, REPORT_MESSAGES.rangeRequired],
      [{ preset: "Intervallo", from: "2025-03-01", to: "2025-02-01" }, REPORT_MESSAGES.rangeOrder],
      [{ preset: "Intervallo", from: "2025-02-30", to: "2025-03-01" }, REPORT_MESSAGES.from],
      [{ preset: "Intervallo", from: "2010-01-01", to: "2025-03-01" }, REPORT_MESSAGES.rangeTooLong],
      [{ job: { id: 1 } }, REPORT_MESSAGES.unknownFilter],
      [{ colour: "rosso" }, REPORT_MESSAGES.unknownFilter],
      [{ customer: { id: 2 ** 31 } }, "Riferimento non valido"],
      [{ customer: "Rossi" }, "Riferimento non valido"],
      [{ preset: 5 }, REPORT_MESSAGES.preset],
      [{ preset: "Intervallo", from: 20250101, to: "2025-03-01" }, REPORT_MESSAGES.from],
      // a NUL is refused by the guard before the filters are read
      [{ from: "a\u0000b" }, ""],
    ];
    for (const [filters, message] of cases) {
      const r = await invoices(filters);
      expect(r.status, JSON.stringify(filters)).toBe(400);
      expect(r.body.message, JSON.stringify(filters)).toContain(message);
    }
    for (const url of ["/api/reports/ReportNothing", "/api/report-filters/init?type=ReportNothing", "/api/report-filters/init", "/api/reports/ReportNothing/export"]) {
      const r = await c.get(url);
      expect(r.status, url).toBe(404);
      expect(r.body.message, url).toBe(REPORT_MESSAGES.unknownType);
    }
  });

  it("exports the report as XLSX: the months and the totals row, money in euro", async () => {
    const res = await c.raw("GET", `/api/reports/ReportInvoiceManager/export?filters=${encodeURIComponent(JSON.stringify(YEAR_2025))}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Mese");
    expect(sheet.getRow(4).getCell(1).value).toBe("marzo 2025");
    expect(sheet.getRow(4).getCell(2).value).toBe(1830);
    expect(sheet.getRow(14).getCell(1).value).toBe("Totale");
    expect(sheet.getRow(14).getCell(2).value).toBe(3904);
    expect(book.worksheets[1]!.name).toBe("Clienti per fatturato");
  });

  describe("hours, concluded jobs, to-dos", () => {
    let hourly: Record<string, any>;
    let billedJob: Record<string, any>;
    let me: Option;

    beforeAll(async () => {
      // Rossi's rate 40 €/h, Bruni's none (the tenant's 60 €/h)
      const rossiFull = (await c.get(`/api/contacts/get/${rossi.id}`)).body.contact;
      await save(c, `/api/contacts/${rossi.id}`, "contact", { ...rossiFull, hourlyPrice: 4000 });
      hourly = await save(c, "/api/activities", "activity", { contact: rossi, name: "Sito web", activityState: "Attivo", paymentType: "Lavoro pagato a ore" });
      billedJob = await save(c, "/api/activities", "activity", { contact: person, name: "Consulenza", activityState: "Attivo", paymentType: "Lavoro pagato a ore" });
      const entry = (job: Record<string, any>, date: string, startTime: string, endTime: string, billable = true) =>
        save(c, "/api/time-entries", "timeEntry", { activity: { id: job.id }, date, startTime, endTime, billable });
      await entry(hourly, "2025-02-03", "09:00", "10:30"); // 90'
      await entry(hourly, "2025-02-04", "09:00", "09:20", false); // 20' not billable
      await entry(hourly, "2025-03-05", "10:00", "12:00"); // 120'
      await entry(billedJob, "2025-03-10", "14:00", "15:00"); // 60', invoiced below
      const job = (await c.get(`/api/activities/get/${billedJob.id}`)).body.activity;
      await invoice(c, person, "2025-03-31", 0, [["2025-04-30", gross(45000)]], {
        rows: [{ rowType: "LAVORO", activity: { id: job.id, toString: job.toString }, description: "Consulenza", quantity: "1", amount: 45000, vat: vat22, withholding: false }],
      });
      const concluded = (await c.get(`/api/activities/get/${billedJob.id}`)).body.activity;
      billedJob = await save(c, `/api/activities/${billedJob.id}`, "activity", { ...concluded, activityState: "Concluso" });
      me = (await c.get("/api/todos/assignees")).body.users[0];
      const todo = (over: Record<string, unknown>) => save(c, "/api/todos", "todo", { title: "Richiamare", contact: rossi, assignee: me, ...over });
      await todo({ dueDate: "2025-05-10", done: true, doneDate: "2025-05-09" }); // on time
      await todo({ dueDate: "2025-05-10", done: true, doneDate: "2025-05-12" }); // late
      await todo({ done: true, doneDate: "2025-06-01" }); // no due date: on time
      await todo({ dueDate: "2025-06-10" }); // not done
    });

    it("hours and their value by month and grouped by job; billed, to bill and not billable", async () => {
      const r = await report(c, "ReportTimeEntryManager", { ...YEAR_2025, groupBy: "Lavoro" });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      // minutes × rate / 60 per entry, rounded half-up: Rossi 40 €/h: 90' 6000, 20' 1333, 120' 8000; Bruni (tenant's 60 €/h) 60' 6000
      const value = 6000 + 1333 + 8000 + 6000;
      expect(r.body.totals).toEqual({ minutes: 290, amount: value, billedMinutes: 60, unbilledMinutes: 210, unbilledAmount: 14000, nonBillableMinutes: 20 });
      expect(r.body.series[1]).toMatchObject({ month: "2025-02", minutes: 110, billedMinutes: 0, unbilledMinutes: 90, nonBillableMinutes: 20 });
      expect(r.body.series[2]).toMatchObject({ month: "2025-03", minutes: 180, billedMinutes: 60, unbilledMinutes: 120 });
      expect(r.body.rows.map((x: Record<string, unknown>) => [x.label, x.minutes, x.amount])).toEqual([
        [`${hourly.activityNumber} - Sito web`, 230, 15333],
        [`${billedJob.activityNumber} - Consulenza`, 60, 6000],
      ]);
      const monthly = await report(c, "ReportTimeEntryManager", YEAR_2025);
      expect(monthly.body.filters.groupBy).toBe("Mese");
      expect(monthly.body.rows.map((x: Record<string, unknown>) => [x.label, x.minutes, x.amount])).toEqual([
        ["febbraio 2025", 110, 6000 + 1333],
        ["marzo 2025", 180, 8000 + 6000],
      ]);
      expect(monthly.body.totals).toEqual(r.body.totals);
      const byUser = await report(c, "ReportTimeEntryManager", { ...YEAR_2025, groupBy: "Utente", job: { id: billedJob.id } });
      expect(byUser.body.rows).toHaveLength(1);
      expect(byUser.body.rows[0]).toMatchObject({ minutes: 60, label: me.toString });
      const theirs = await report(other, "ReportTimeEntryManager", YEAR_2025);
      expect(theirs.body.totals.minutes).toBe(0);
    });

    it("an entry's value follows its customer's current rate and its job's customer (the rate the database copies on each entry)", async () => {
      const sitoWeb = async () => {
        const r = await report(c, "ReportTimeEntryManager", { ...YEAR_2025, groupBy: "Lavoro" });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.rows.find((x: Record<string, unknown>) => x.label === `${hourly.activityNumber} - Sito web`).amount;
      };
      const setRossiRate = async (hourlyPrice: number | null) => {
        const full = (await c.get(`/api/contacts/get/${rossi.id}`)).body.contact;
        await save(c, `/api/contacts/${rossi.id}`, "contact", { ...full, hourlyPrice });
      };
      const moveJob = async (contact: Option) => {
        const job = (await c.get(`/api/activities/get/${hourly.id}`)).body.activity;
        await save(c, `/api/activities/${hourly.id}`, "activity", { ...job, contact });
      };
      expect(await sitoWeb()).toBe(6000 + 1333 + 8000); // Rossi's 40 €/h: 90', 20', 120'
      await setRossiRate(5000); // 50 €/h: 7500 + 1667 (20 × 50 / 60 = 16.666… → 16.67) + 10000
      expect(await sitoWeb()).toBe(7500 + 1667 + 10000);
      await setRossiRate(null); // none: the tenant's 60 €/h
      expect(await sitoWeb()).toBe(9000 + 2000 + 12000);
      await setRossiRate(4000);
      await moveJob(person); // Bruni has no rate: the tenant's
      expect(await sitoWeb()).toBe(9000 + 2000 + 12000);
      await moveJob(rossi);
      expect(await sitoWeb()).toBe(6000 + 1333 + 8000);
      // grouped by customer, and one customer's hours only
      const byCustomer = await report(c, "ReportTimeEntryManager", { ...YEAR_2025, groupBy: "Cliente" });
      expect(byCustomer.body.rows.map((x: Record<string, unknown>) => [x.key, x.label, x.minutes, x.amount])).toEqual([
        [String(rossi.id), rossi.toString, 230, 15333],
        [String(person.id), person.toString, 60, 6000],
      ]);
      const rossiOnly = await report(c, "ReportTimeEntryManager", { ...YEAR_2025, customer: { id: rossi.id } });
      expect(rossiOnly.body.totals).toMatchObject({ minutes: 230, amount: 15333, nonBillableMinutes: 20 });
    });

    it("jobs concluded in the period with hours, invoiced amount and effective hourly rate", async () => {
      const r = await report(c, "ReportWorkManager", { preset: "Anno in corso" });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.rows).toEqual([
        { id: billedJob.id, activityNumber: billedJob.activityNumber, name: "Consulenza", customer: "Bruni Mario", concludedDate: todayInRome(), minutes: 60, invoiced: 45000, hourlyRate: 45000 },
      ]);
      expect(r.body.totals).toEqual({ jobs: 1, minutes: 60, invoiced: 45000, hourlyRate: 45000 });
      expect((await report(c, "ReportWorkManager", YEAR_2025)).body.rows).toEqual([]);
      expect((await report(other, "ReportWorkManager", { preset: "Anno in corso" })).body.rows).toEqual([]);
    });

    it("to-dos done per user and month, on time or late", async () => {
      const r = await report(c, "ReportTodoManager", YEAR_2025);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.totals).toEqual({ done: 3, onTime: 2, late: 1 });
      expect(r.body.rows).toEqual([{ id: me.id, label: me.toString, done: 3, onTime: 2, late: 1 }]);
      expect(r.body.series[4]).toMatchObject({ month: "2025-05", done: 2, onTime: 1, late: 1 });
      expect(r.body.series[5]).toMatchObject({ month: "2025-06", done: 1, onTime: 1, late: 0 });
      expect((await report(other, "ReportTodoManager", YEAR_2025)).body.totals).toEqual({ done: 0, onTime: 0, late: 0 });
    });
  });
});
