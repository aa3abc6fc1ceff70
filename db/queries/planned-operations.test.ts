import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import type { Database } from "@/db/client";
import { documents, mailOutbox, notifications, plannedOperationRuns, plannedOperations, vatRates } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { contactSchema } from "@/lib/schemas/contact";
import { INVOICE_MESSAGES, invoiceSchema } from "@/lib/schemas/invoice";
import { PLANNED_OPERATION_MESSAGES, plannedOperationSchema } from "@/lib/schemas/planned-operation";
import { createTenantWithAdmin } from "./accounts";
import { contactEntity } from "./contacts";
import { invoiceEntity } from "@/db/documents/entity";
import { listPlannedRuns, plannedOperationEntity } from "./planned-operations";
import { addMonthsIso, runDuePlannedOperations } from "./planned-operations-runner";
import { startPgBossReminders, type ReminderWorker } from "../jobs/todo-reminders-worker";
import { todayInRome } from "@/lib/rome-time";
import { TenantScope } from "../scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);
const ROLES = ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] as const;

describe("addMonthsIso", () => {
  it("keeps the day, clamps at the month's end", () => {
    expect(addMonthsIso("2026-01-15", 1)).toBe("2026-02-15");
    expect(addMonthsIso("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsIso("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsIso("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonthsIso("2026-03-10", 12)).toBe("2027-03-10");
    expect(addMonthsIso("2026-12-31", 2)).toBe("2027-02-28");
  });

  it("goes back to the operation's day after a short month", () => {
    expect(addMonthsIso("2026-02-28", 1, 31)).toBe("2026-03-31");
    expect(addMonthsIso("2026-03-31", 1, 31)).toBe("2026-04-30");
    expect(addMonthsIso("2026-04-30", 1, 31)).toBe("2026-05-31");
    expect(addMonthsIso("2026-02-28", 1, 30)).toBe("2026-03-30");
    expect(addMonthsIso("2027-11-30", 3, 31)).toBe("2028-02-29");
    expect(addMonthsIso("2026-02-28", 12, 29)).toBe("2027-02-28");
    expect(addMonthsIso("2026-02-28", 1, 28)).toBe("2026-03-28");
  });
});

describe.each(kinds)("Operazioni pianificate on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  /** A second pool on the same database (PostgreSQL): a second app instance. */
  let other: Database;
  let a: TenantScope;
  let b: TenantScope;
  let adminA: number;
  let template: { id: number };
  let templateNoEmail: { id: number };
  let quote: { id: number };
  let foreignTemplate: { id: number };

  beforeAll(async () => {
    delete process.env.RESEND_API_KEY;
    delete process.env.MAIL_OUTBOX_DIR;
    tdb = await createTestDatabase(kind, "plan");
    database = await tdb.open();
    other = kind === "postgres" ? await tdb.open() : database;
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Alfa", email: `pa-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: `pb-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    adminA = ta.admin.id;
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ROLES });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ROLES });
    await a.updateTenant(undefined, { vat: "07654321012", fiscalCode: "07654321012", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", taxRegime: "RF01" });
    const base = { kind: "COMPANY", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" };
    const withMail = await contactEntity.create(a, contactSchema.parse({ ...base, companyName: "Rossi S.r.l.", email: "rossi@example.it" }));
    const noMail = await contactEntity.create(a, contactSchema.parse({ ...base, companyName: "Bianchi S.r.l.", vatNumber: "01234567897" }));
    const vat22 = { id: (await a.list(vatRates)).find((r) => r.rate === "22.00")!.id };
    const doc = (scope: TenantScope, contact: number, raw: Record<string, unknown> = {}) =>
      invoiceEntity.create(scope, invoiceSchema.parse({ contact: { id: contact }, date: "2026-01-31", rows: [{ rowType: "GENERICA", description: "Canone di manutenzione", quantity: "1", amount: 10000, vat: vat22 }], ...raw }));
    template = { id: (await doc(a, withMail.id)).id };
    templateNoEmail = { id: (await doc(a, noMail.id)).id };
    quote = { id: (await doc(a, withMail.id, { kind: "QUOTE" })).id };
    const fc = await contactEntity.create(b, contactSchema.parse({ kind: "COMPANY", companyName: "Altrui S.r.l.", isCustomer: true }));
    const bVat = (await b.list(vatRates)).find((r) => r.rate === "22.00")!.id;
    foreignTemplate = { id: (await invoiceEntity.create(b, invoiceSchema.parse({ contact: { id: fc.id }, date: "2026-01-31", rows: [{ rowType: "GENERICA", description: "X", quantity: "1", amount: 100, vat: { id: bVat } }] }))).id };
  });
  afterAll(async () => {
    if (other !== database) await other.close();
    await database.close();
    await tdb.drop();
  });

  const save = (raw: Record<string, unknown>, scope = a) =>
    plannedOperationEntity.create(scope, plannedOperationSchema.parse({ name: "Canone", templateDocument: template, frequency: "Mensile", nextDate: "2026-02-28", action: "Crea bozza", ...raw }));
  const made = (opId: number) =>
    a.select({ run: plannedOperationRuns, date: documents.date, kind: documents.kind, state: documents.state, number: documents.number, sourceDocumentId: documents.sourceDocumentId })
      .from(plannedOperationRuns)
      .leftJoin(documents, eq(plannedOperationRuns.documentId, documents.id))
      .where(eq(plannedOperationRuns.operationId, opId))
      .orderBy(asc(plannedOperationRuns.occurrence));
  /** Only these operations of the tenant stay active: each test runs the runner over its own. */
  const only = async (...ids: number[]) => {
    await a.updateWhere(plannedOperations, undefined, { active: false });
    await a.updateWhere(plannedOperations, inArray(plannedOperations.id, ids), { active: true });
  };
  const opRow = async (id: number) => (await a.find(plannedOperations, id))!;

  it("the template must be the tenant's invoice or proforma; everyMonths follows the frequency", async () => {
    const o = await save({ frequency: "Annuale", everyMonths: 5 });
    expect(o).toMatchObject({ everyMonths: 12, doneCount: 0, active: true, lastResult: null, templateDocument: { id: template.id, toString: "Fattura (bozza) del 31/01/2026" } });
    expect((await save({ frequency: "Ogni N mesi", everyMonths: "3" })).everyMonths).toBe(3);
    await expect(save({ templateDocument: foreignTemplate })).rejects.toMatchObject({ httpStatus: 400, errors: [PLANNED_OPERATION_MESSAGES.templateUnknown] });
    await expect(save({ templateDocument: quote })).rejects.toMatchObject({ httpStatus: 400, errors: [PLANNED_OPERATION_MESSAGES.templateKind] });
    const bad = plannedOperationSchema.safeParse({ name: "x", templateDocument: template, frequency: "Ogni N mesi", nextDate: "2026-02-28", endDate: "2026-01-01", action: "Crea bozza" });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([PLANNED_OPERATION_MESSAGES.everyMonths, PLANNED_OPERATION_MESSAGES.endBeforeNext]);
    // the template in use cannot be deleted under the operation, and the refusal says why
    await expect(invoiceEntity.remove(a, template.id)).rejects.toMatchObject({ httpStatus: 409, message: INVOICE_MESSAGES.plannedTemplate });
  });

  it("catch-up: next_date three months ago makes the three missed documents, each dated its occurrence; next_date then in the future", async () => {
    const o = await save({ nextDate: "2026-01-31" });
    await only(o.id);
    expect(await runDuePlannedOperations(database.db, "2026-04-15")).toBe(3);
    const runs = await made(o.id);
    expect(runs.map((r) => [r.run.occurrence, r.run.state, r.date, r.kind, r.state, r.sourceDocumentId])).toEqual([
      ["2026-01-31", "Eseguita", "2026-01-31", "INVOICE", "Bozza", template.id],
      ["2026-02-28", "Eseguita", "2026-02-28", "INVOICE", "Bozza", template.id],
      // back on the 31st after February, not slid to the 28th
      ["2026-03-31", "Eseguita", "2026-03-31", "INVOICE", "Bozza", template.id],
    ]);
    expect(await opRow(o.id)).toMatchObject({ nextDate: "2026-04-30", dayOfMonth: 31, doneCount: 3, active: true });
    expect((await opRow(o.id)).lastResult).toMatch(/^Creata Fattura \(bozza\) del 31\/03\/2026$/);
    // a second pass the same day: nothing more
    expect(await runDuePlannedOperations(database.db, "2026-04-15")).toBe(0);
    // next_date moved back by hand onto a day that ran: not made again, the operation moves on
    await a.update(plannedOperations, o.id, undefined, { nextDate: "2026-02-28" });
    expect(await runDuePlannedOperations(database.db, "2026-04-15")).toBe(0);
    expect(await made(o.id)).toHaveLength(3);
    expect((await opRow(o.id)).nextDate).toBe("2026-04-30");
    const log = await listPlannedRuns(a, o.id);
    expect(log[0]).toMatchObject({ occurrence: "2026-03-31", state: "Eseguita", document: { toString: "Fattura (bozza) del 31/03/2026", kind: "INVOICE" } });
    expect(log[0]!.link).toMatch(/^\/api\/invoices\/download-pdf\/\d+\?inline=1$/);
    await expect(listPlannedRuns(b, o.id)).rejects.toMatchObject({ httpStatus: 404 });
  });

  it("the day of the month: a save that keeps the runner's next_date keeps the day, one that moves next_date takes the new day", async () => {
    const o = await save({ nextDate: "2027-01-31" });
    await only(o.id);
    expect((await opRow(o.id)).dayOfMonth).toBe(31);
    expect(await runDuePlannedOperations(database.db, "2027-01-31")).toBe(1);
    expect(await opRow(o.id)).toMatchObject({ nextDate: "2027-02-28", dayOfMonth: 31 });
    // renamed from its form, next_date as the runner left it: the 31st stays
    const renamed = await plannedOperationEntity.update(a, o.id, plannedOperationSchema.parse({ ...(await plannedOperationEntity.get(a, o.id)), name: "Canone rinominato" }));
    expect(renamed).toMatchObject({ name: "Canone rinominato", nextDate: "2027-02-28" });
    expect((await opRow(o.id)).dayOfMonth).toBe(31);
    expect(await runDuePlannedOperations(database.db, "2027-02-28")).toBe(1);
    expect((await opRow(o.id)).nextDate).toBe("2027-03-31");
    // moved by the user to the 15th: from then on the 15th
    await plannedOperationEntity.update(a, o.id, plannedOperationSchema.parse({ ...(await plannedOperationEntity.get(a, o.id)), nextDate: "2027-04-15" }));
    expect(await opRow(o.id)).toMatchObject({ nextDate: "2027-04-15", dayOfMonth: 15 });
    expect(await runDuePlannedOperations(database.db, "2027-04-15")).toBe(1);
    expect((await made(o.id)).map((r) => r.run.occurrence)).toEqual(["2027-01-31", "2027-02-28", "2027-04-15"]);
    expect((await opRow(o.id)).nextDate).toBe("2027-05-15");
  });

  it("one occurrence makes one document even when two runners run at once", async () => {
    const o = await save({ nextDate: "2026-05-10", action: "Crea ed emetti" });
    await only(o.id);
    const passes = kind === "postgres"
      ? await Promise.all([runDuePlannedOperations(database.db, "2026-05-10"), runDuePlannedOperations(other.db, "2026-05-10")])
      : [await runDuePlannedOperations(database.db, "2026-05-10"), await runDuePlannedOperations(database.db, "2026-05-10")];
    expect(passes[0]! + passes[1]!).toBe(1);
    const runs = await made(o.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ run: { occurrence: "2026-05-10", state: "Eseguita" }, date: "2026-05-10", kind: "INVOICE", state: "Emessa" });
    expect(runs[0]!.number).not.toBeNull();
    expect(await opRow(o.id)).toMatchObject({ nextDate: "2026-06-10", doneCount: 1 });
  });

  it("max_count and end_date stop the operation", async () => {
    const byCount = await save({ nextDate: "2026-07-01", maxCount: 2, action: "Crea proforma" });
    const byEnd = await save({ nextDate: "2026-07-01", endDate: "2026-08-15" });
    await only(byCount.id, byEnd.id);
    await runDuePlannedOperations(database.db, "2026-12-31");
    const c = await made(byCount.id);
    expect(c.map((r) => [r.run.occurrence, r.kind, r.state])).toEqual([
      ["2026-07-01", "PROFORMA", "Bozza"],
      ["2026-08-01", "PROFORMA", "Bozza"],
    ]);
    expect(await opRow(byCount.id)).toMatchObject({ active: false, doneCount: 2, nextDate: "2026-09-01" });
    expect((await made(byEnd.id)).map((r) => r.run.occurrence)).toEqual(["2026-07-01", "2026-08-01"]);
    expect(await opRow(byEnd.id)).toMatchObject({ active: false, doneCount: 2 });
  });

  it("a failure is logged and notified, not retried; the next occurrence still runs (and e-mails when it can)", async () => {
    const o = await save({ name: "Canone Bianchi", templateDocument: templateNoEmail, nextDate: "2027-01-10", action: "Crea, emetti e invia email" });
    await only(o.id);
    const before = await a.count(documents);
    expect(await runDuePlannedOperations(database.db, "2027-01-10")).toBe(1);
    expect(await a.count(documents)).toBe(before);
    const [failed] = await made(o.id);
    expect(failed!.run).toMatchObject({ occurrence: "2027-01-10", state: "Errore", message: PLANNED_OPERATION_MESSAGES.noEmail, documentId: null });
    expect(await opRow(o.id)).toMatchObject({ nextDate: "2027-02-10", doneCount: 0, active: true, lastResult: `Errore: ${PLANNED_OPERATION_MESSAGES.noEmail}` });
    const notes = await a.list(notifications, { where: eq(notifications.userId, adminA) });
    expect(notes.map((n) => [n.title, n.body, n.link])).toContainEqual([PLANNED_OPERATION_MESSAGES.failed("Canone Bianchi"), `10/01/2027: ${PLANNED_OPERATION_MESSAGES.noEmail}`, "/operazioni-pianificate"]);
    // not retried the same day
    expect(await runDuePlannedOperations(database.db, "2027-01-20")).toBe(0);
    // the cause fixed (a template whose customer has an e-mail): the next occurrence runs and sends
    await a.update(plannedOperations, o.id, undefined, { templateDocumentId: template.id });
    expect(await runDuePlannedOperations(database.db, "2027-02-10")).toBe(1);
    const runs = await made(o.id);
    expect(runs.map((r) => [r.run.occurrence, r.run.state, r.state])).toEqual([
      ["2027-01-10", "Errore", null],
      ["2027-02-10", "Eseguita", "Emessa"],
    ]);
    const mails = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.tenantId, a.tenantId), like(mailOutbox.subject, "Fattura n. %")));
    expect(mails.map((m) => m.to)).toEqual(["rossi@example.it"]);
    expect(mails[0]!.subject).toMatch(/^Fattura n\. \S+ del 10\/02\/2027$/);
  });

  describe.runIf(kind === "postgres")("in the reminders' pg-boss tick", () => {
    let workers: ReminderWorker[] = [];
    afterAll(async () => {
      await Promise.all(workers.map((w) => w.stop()));
    });

    it("two pg-boss workers, their passes overlapping, catch up a missed operation once: one document per occurrence", async () => {
      const today = todayInRome();
      const o = await save({ name: "Canone in coda", nextDate: addMonthsIso(today, -2) });
      await only(o.id);
      // both workers' passes wait for each other at their start, so they race on the same occurrences
      let waiting = 0;
      let release!: () => void;
      const together = new Promise<void>((r) => (release = r));
      const beforeRun = async () => {
        waiting++;
        if (waiting === 2) release();
        await Promise.race([together, new Promise((r) => setTimeout(r, 5_000))]);
      };
      let passes = 0;
      const url = tdb.env.DATABASE_URL!;
      workers = await Promise.all([database, other].map((d) => startPgBossReminders(url, d.db, { tick: false, pollingIntervalSeconds: 0.5, beforeRun, onRun: () => passes++ })));
      await workers[0]!.boss!.send("todo-reminders", {});
      await workers[1]!.boss!.send("todo-reminders", {});
      const deadline = Date.now() + 30_000;
      // the planned pass follows the reminders' in the same job: wait until the operation has moved past today
      while (((await opRow(o.id)).nextDate <= today || passes < 2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 1_000));
      const runs = await made(o.id);
      const first = addMonthsIso(today, -2);
      // each occurrence on the first one's day (clamped in a shorter month)
      expect(runs.map((r) => r.run.occurrence)).toEqual([first, addMonthsIso(first, 1), addMonthsIso(first, 2)]);
      expect(runs.every((r) => r.run.state === "Eseguita" && r.date === r.run.occurrence)).toBe(true);
      expect((await opRow(o.id)).doneCount).toBe(3);
    }, 60_000);
  });
});
