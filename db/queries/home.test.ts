import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { contacts, vatRates } from "@/db/schema";
import { activitySchema } from "@/lib/schemas/activity";
import { agendaEventSchema } from "@/lib/schemas/agenda-event";
import { contactSchema } from "@/lib/schemas/contact";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { todoSchema } from "@/lib/schemas/todo";
import { nextDay, todayInRome } from "@/lib/rome-time";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { TenantScope } from "../scope";
import { createTenantWithAdmin } from "./accounts";
import { activityEntity } from "./activities";
import { agendaEventEntity } from "./agenda-events";
import { contactEntity } from "./contacts";
import { FORFETTARIO_LIMIT, homeData } from "./home";
import { invoiceEntity } from "@/db/documents/entity";
import { startEntry } from "./time-entries";
import { todoEntity } from "./todos";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("the start page's figures on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let adminA: number;
  const today = todayInRome();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "home");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: `ha-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: `hb-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    adminA = ta.admin.id;
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  /** An issued document of `total` cents (taxable + 22% VAT: taxable = 100 × k) on `date`; no modality: one deadline on the date. */
  const issue = async (scope: TenantScope, kindOf: "INVOICE" | "CREDIT_NOTE" | "PROFORMA", date: string, taxable: number, state = "Emessa") => {
    const [customer] = await scope.list(contacts);
    const vat = (await scope.list(vatRates)).find((r) => r.rate === "22.00")!;
    return invoiceEntity.create(
      scope,
      invoiceSchema.parse({
        kind: kindOf,
        date,
        state,
        contact: { id: customer!.id },
        rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: taxable, vat: { id: vat.id } }],
        // a credit note is issued naming the invoice it corrects (issue 27): here one typed in
        ...(kindOf === "CREDIT_NOTE" ? { correctedInvoice: { number: "1", date } } : {}),
      }),
    );
  };

  it("money: invoiced this year by month less credit notes, last year to date, to collect and overdue; nothing of another tenant", async () => {
    for (const s of [a, b]) await contactEntity.create(s, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903" }));
    const thisMonthDay = `${today.slice(0, 8)}01`;
    await issue(a, "INVOICE", thisMonthDay, 100_000); // 1,220.00
    await issue(a, "INVOICE", thisMonthDay, 50_000); // 610.00
    await issue(a, "CREDIT_NOTE", thisMonthDay, 10_000); // − 122.00
    await issue(a, "PROFORMA", thisMonthDay, 900_000); // not invoiced
    await issue(a, "INVOICE", thisMonthDay, 700_000, "Bozza"); // a draft: not invoiced
    await issue(a, "INVOICE", `${year - 1}-01-15`, 200_000); // last year, before today's date: 2,440.00
    await issue(a, "INVOICE", `${year - 1}-12-31`, 300_000); // last year, after today's date (unless today is 31/12)
    await issue(b, "INVOICE", thisMonthDay, 5_000_000); // another tenant

    const home = await homeData(a, adminA, true);
    const m = home.money!;
    expect(m.invoicedThisYear).toBe(122_000 + 61_000 - 12_200);
    expect(m.months[month - 1]).toEqual({ month: expect.any(String), current: 122_000 + 61_000 - 12_200, previous: (month === 1 ? 244_000 : 0) + (month === 12 ? 366_000 : 0) });
    expect(m.months[0]!.previous).toBe(244_000);
    expect(m.months[11]!.previous).toBe(366_000);
    expect(m.invoicedLastYearToDate).toBe(244_000 + (today.slice(5) === "12-31" ? 366_000 : 0));
    // open sales deadlines: the three invoices and the credit note of this month (the credit note's is owed to the
    // customer: 'Da pagare'), last year's two overdue; the draft and the proforma have none listed
    expect(m.toCollect).toBe(122_000 + 61_000 + 244_000 + 366_000);
    expect(m.overdue).toBe(244_000 + 366_000 + (thisMonthDay < today ? 122_000 + 61_000 : 0));
    expect(m.toPayNext30).toBe(12_200);
    expect(m.forfettario).toBeNull();

    await a.updateTenant(undefined, { taxRegime: "RF19" });
    const forfettario = (await homeData(a, adminA, true)).money!.forfettario!;
    expect(forfettario).toEqual({ taxable: 100_000 + 50_000 - 10_000, limit: FORFETTARIO_LIMIT });

    expect((await homeData(a, adminA, false)).money).toBeNull();
  });

  it("today: the running timer, my appointments of today, my open to-dos by due date, the jobs I worked on", async () => {
    const [customer] = await a.list(contacts);
    const job = await activityEntity.create(a, activitySchema.parse({ activityNumber: null, contact: { id: customer!.id }, name: "Sito web", activityState: "Attivo", paymentType: "Lavoro pagato a ore" }));
    await startEntry(a, job.id);
    await agendaEventEntity.create(a, agendaEventSchema.parse({ title: "Riunione", start: `${today}T09:00`, end: `${today}T10:00`, participants: [{ id: adminA }] }));
    await agendaEventEntity.create(a, agendaEventSchema.parse({ title: "Domani", start: `${nextDay(today)}T09:00`, end: `${nextDay(today)}T10:00`, participants: [{ id: adminA }] }));
    await todoEntity.create(a, todoSchema.parse({ title: "Più tardi", assignee: { id: adminA }, dueDate: `${year + 1}-01-10` }));
    await todoEntity.create(a, todoSchema.parse({ title: "In ritardo", assignee: { id: adminA }, dueDate: `${year - 1}-06-01` }));
    await todoEntity.create(a, todoSchema.parse({ title: "Fatto", assignee: { id: adminA }, dueDate: `${year - 1}-06-01`, done: true, doneDate: today }));
    await todoEntity.create(a, todoSchema.parse({ title: "Di nessuno" }));

    const home = await homeData(a, adminA, false);
    expect(home.timer).toEqual({ activity: `${job.activityNumber} - Sito web`, since: expect.stringMatching(/^\d\d:\d\d$/) });
    expect(home.appointments.map((x) => [x.title, x.start, x.end])).toEqual([["Riunione", "09:00", "10:00"]]);
    expect(home.todos.map((t) => [t.title, t.overdue])).toEqual([
      ["In ritardo", true],
      ["Più tardi", false],
    ]);
    expect(home.recentJobs.map((j) => j.label)).toEqual([`${job.activityNumber} - Sito web`]);
    // another tenant's user sees none of it
    const other = await homeData(b, adminA, false);
    expect([other.timer, other.appointments, other.todos, other.recentJobs]).toEqual([null, [], [], []]);
  });
});
