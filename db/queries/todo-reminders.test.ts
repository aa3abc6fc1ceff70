import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { startPgBossReminders, type ReminderWorker } from "@/db/jobs/todo-reminders-worker";
import { mailOutbox, notifications, todoReminders, todos, users } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import { ApiError, StaleVersionError, ValidationError } from "@/lib/errors";
import { activitySchema } from "@/lib/schemas/activity";
import { contactSchema } from "@/lib/schemas/contact";
import { todoSchema, type TodoJson } from "@/lib/schemas/todo";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { createTenantWithAdmin } from "./accounts";
import { activityEntity } from "./activities";
import { contactEntity } from "./contacts";
import { dueReminders, runDueReminders } from "./todo-reminders";
import { setTodoDone, todoEntity } from "./todos";
import { todayInRome } from "@/lib/rome-time";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);
const ROLES = ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] as const;
const TODAY = "2026-03-07";

describe.each(kinds)("to-dos and their reminders on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  /** A second pool on the same database (PostgreSQL): a second app instance. */
  let other: Database;
  let a: TenantScope;
  let b: TenantScope;
  let adminA: { id: number; email: string };
  let colleague: { id: number; email: string };
  let customer: { id: number; toString: string };
  let otherCustomer: { id: number; toString: string };
  let job: { id: number; toString: string };
  let foreign: { contact: { id: number }; job: { id: number }; user: { id: number } };

  beforeAll(async () => {
    delete process.env.RESEND_API_KEY;
    delete process.env.MAIL_OUTBOX_DIR;
    tdb = await createTestDatabase(kind, "rem");
    database = await tdb.open();
    other = kind === "postgres" ? await tdb.open() : database;
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: `ra-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: `rb-${kind}@example.it`, firstName: "Bruno", lastName: "Beta", password: "abc12345" });
    adminA = { id: ta.admin.id, email: ta.admin.email };
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ROLES });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ROLES });
    const [u] = await database.db.insert(users).values({ tenantId: ta.tenant.id, username: `rc-${kind}@example.it`, email: `rc-${kind}@example.it`, firstName: "Carla", lastName: "Celeste" }).returning();
    colleague = { id: u!.id, email: u!.email };
    const c = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true }));
    customer = { id: c.id, toString: c.toString };
    const c2 = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Verdi S.p.A.", isCustomer: true }));
    otherCustomer = { id: c2.id, toString: c2.toString };
    const j = await activityEntity.create(a, activitySchema.parse({ contact: customer, name: "Sito web", activityState: "Attivo", paymentType: "Lavoro pagato a ore" }));
    job = { id: j.id, toString: j.toString };
    const fc = await contactEntity.create(b, contactSchema.parse({ kind: "COMPANY", companyName: "Altrui S.r.l.", isCustomer: true }));
    const fj = await activityEntity.create(b, activitySchema.parse({ contact: { id: fc.id }, name: "Altro", activityState: "Attivo", paymentType: "Lavoro pagato a ore" }));
    foreign = { contact: { id: fc.id }, job: { id: fj.id }, user: { id: tb.admin.id } };
  });
  afterAll(async () => {
    if (other !== database) await other.close();
    await database.close();
    await tdb.drop();
  });

  const save = (scope: TenantScope, raw: Record<string, unknown>) => todoEntity.create(scope, todoSchema.parse(raw));
  const reminderMails = async (tenant: TenantScope) =>
    database.db.select().from(mailOutbox).where(and(eq(mailOutbox.tenantId, tenant.tenantId), like(mailOutbox.subject, "Promemoria: %")));
  const count = async (table: typeof notifications | typeof todoReminders, scope: TenantScope) =>
    Number((await database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.tenantId, scope.tenantId)))[0]!.n);

  describe("the entity", () => {
    it("saves a to-do with its references and alert; the alert day is the due date minus the days", async () => {
      const t = await save(a, {
        title: "Richiamare Rossi",
        description: "Preventivo sito",
        contact: customer,
        activity: job,
        assignee: { id: colleague.id },
        dueDate: "2026-03-10",
        alertType: "Giorni prima della scadenza",
        alertDays: 3,
        priority: "Alta",
      });
      expect(t).toEqual({
        id: t.id,
        version: 0,
        title: "Richiamare Rossi",
        description: "Preventivo sito",
        contact: customer,
        activity: job,
        assignee: { id: colleague.id, toString: "Carla Celeste" },
        dueDate: "2026-03-10",
        done: false,
        doneDate: null,
        alertType: "Giorni prima della scadenza",
        alertDays: 3,
        alertDate: null,
        priority: "Alta",
        rowColor: null,
        toString: "Richiamare Rossi",
      } satisfies TodoJson);
      const [row] = await database.db.select({ alertOn: todos.alertOn, createdById: todos.createdById }).from(todos).where(eq(todos.id, t.id));
      expect(row).toEqual({ alertOn: "2026-03-07", createdById: adminA.id });
    });

    it("refuses another tenant's customer, job and user (400) and a job of another customer", async () => {
      await expect(save(a, { title: "x", contact: foreign.contact })).rejects.toThrow(new ValidationError(["Il cliente scelto non esiste"]));
      await expect(save(a, { title: "x", activity: foreign.job })).rejects.toThrow(new ValidationError(["Il lavoro scelto non esiste"]));
      await expect(save(a, { title: "x", assignee: foreign.user })).rejects.toThrow(new ValidationError(["L'utente scelto non esiste"]));
      await expect(save(a, { title: "x", contact: otherCustomer, activity: job })).rejects.toThrow(new ValidationError(["Il lavoro scelto non è del cliente indicato"]));
      expect(await count(todoReminders, a)).toBe(0);
    });

    it("set-done: today in Italy, version-checked, once; another tenant's to-do is missing", async () => {
      const t = await save(a, { title: "Da svolgere" });
      await expect(setTodoDone(a, t.id, t.version + 1)).rejects.toBeInstanceOf(StaleVersionError);
      const done = await setTodoDone(a, t.id, t.version, "2026-03-05");
      expect(done).toMatchObject({ done: true, doneDate: "2026-03-05", version: t.version + 1 });
      await expect(setTodoDone(a, t.id, undefined)).rejects.toThrow(new ApiError(400, "L'impegno è già segnato come svolto"));
      await expect(setTodoDone(b, t.id, undefined)).rejects.toMatchObject({ httpStatus: 404, message: "Impegno non trovato" });
      expect((await setTodoDone(a, (await save(a, { title: "Oggi" })).id, undefined)).doneDate).toBe(todayInRome());
    });
  });

  describe("reminders", () => {
    beforeEach(async () => {
      for (const s of [a, b]) {
        await database.db.delete(todos).where(eq(todos.tenantId, s.tenantId));
        await database.db.delete(notifications).where(eq(notifications.tenantId, s.tenantId));
        await database.db.delete(mailOutbox).where(eq(mailOutbox.tenantId, s.tenantId));
      }
    });

    it("are due on the alert day or after, for to-dos not done and not yet reminded", async () => {
      const daysBefore = await save(a, { title: "Tre giorni prima", dueDate: "2026-03-10", alertType: "Giorni prima della scadenza", alertDays: 3 });
      const fixed = await save(a, { title: "Data fissa oggi", alertType: "Data fissa", alertDate: TODAY });
      const late = await save(b, { title: "Data fissa passata", alertType: "Data fissa", alertDate: "2026-02-01" });
      await save(a, { title: "Domani", alertType: "Data fissa", alertDate: "2026-03-08" });
      await save(a, { title: "Svolto", alertType: "Data fissa", alertDate: TODAY, done: true });
      await save(a, { title: "Senza avviso", dueDate: TODAY });
      const due = await dueReminders(database.db, TODAY);
      expect(due.map((d) => d.todoId).sort()).toEqual([daysBefore.id, fixed.id, late.id].sort());
      expect(due.find((d) => d.todoId === late.id)).toEqual({ tenantId: b.tenantId, todoId: late.id, alertOn: "2026-02-01" });
    });

    it("two runners at the same moment send each reminder once: one e-mail and one notification", async () => {
      const assigned = await save(a, { title: "Richiamare Rossi", contact: customer, activity: job, assignee: { id: colleague.id }, dueDate: "2026-03-10", alertType: "Giorni prima della scadenza", alertDays: 3 });
      const mine = await save(a, { title: "Senza assegnatario", assignee: null, alertType: "Data fissa", alertDate: TODAY });
      const many = await Promise.all(Array.from({ length: 20 }, (_, i) => save(a, { title: `Impegno ${i}`, alertType: "Data fissa", alertDate: TODAY })));
      const theirs = await save(b, { title: "Altro tenant", alertType: "Data fissa", alertDate: TODAY });

      const [first, second] = await Promise.all([runDueReminders(database.db, TODAY), runDueReminders(other.db, TODAY)]);
      expect(first + second).toBe(23);
      expect(await runDueReminders(database.db, TODAY)).toBe(0);

      const mails = await reminderMails(a);
      expect(mails).toHaveLength(22);
      expect(new Set(mails.map((m) => m.subject)).size).toBe(22);
      expect(await count(notifications, a)).toBe(22);
      expect(await count(todoReminders, a)).toBe(22);
      expect(await reminderMails(b)).toHaveLength(1);

      // the assignee gets it; with nobody assigned, whoever created the to-do
      const toColleague = mails.find((m) => m.subject === "Promemoria: Richiamare Rossi")!;
      expect(toColleague.to).toBe(colleague.email);
      expect(toColleague.text).toContain("Scadenza: 10/03/2026 (tra 3 giorni)");
      expect(toColleague.text).toContain("Cliente: Rossi S.r.l.");
      expect(toColleague.text).toContain(`Lavoro: ${job.toString}`);
      expect(mails.find((m) => m.subject === "Promemoria: Senza assegnatario")!.to).toBe(adminA.email);
      const [n] = await database.db.select().from(notifications).where(eq(notifications.todoId, assigned.id));
      expect(n).toMatchObject({ userId: colleague.id, title: "Promemoria: Richiamare Rossi", body: "Scadenza: 10/03/2026 (tra 3 giorni) · Cliente: Rossi S.r.l.", link: "/impegni", readAt: null });
      expect((await database.db.select().from(notifications).where(eq(notifications.todoId, mine.id)))[0]!.userId).toBe(adminA.id);
      expect(many).toHaveLength(20);
      expect(theirs.id).toBeGreaterThan(0);
    });

    it("a moved alert is due again; a to-do done before its run is not reminded", async () => {
      const t = await save(a, { title: "Spostato", alertType: "Data fissa", alertDate: "2026-03-01" });
      const d = await save(a, { title: "Fatto prima", alertType: "Data fissa", alertDate: TODAY });
      expect(await runDueReminders(database.db, "2026-03-01")).toBe(1);
      const due = await dueReminders(database.db, TODAY);
      await setTodoDone(a, d.id, undefined);
      // the run found it due, but it is done now: the transaction reads it again
      expect(await runDueReminders(database.db, TODAY)).toBe(0);
      expect(due.map((x) => x.todoId)).toEqual([d.id]);
      await todoEntity.update(a, t.id, todoSchema.parse({ ...t, alertDate: TODAY, version: 0 }));
      expect(await runDueReminders(database.db, TODAY)).toBe(1);
      expect((await reminderMails(a)).map((m) => m.subject)).toEqual(["Promemoria: Spostato", "Promemoria: Spostato"]);
    });
  });

  describe.runIf(kind === "postgres")("pg-boss", () => {
    let workers: ReminderWorker[] = [];
    afterAll(async () => {
      await Promise.all(workers.map((w) => w.stop()));
    });

    it("two pg-boss workers on one queue, their passes overlapping, send each reminder once", async () => {
      const today = todayInRome();
      await Promise.all(Array.from({ length: 10 }, (_, i) => save(a, { title: `Coda ${i}`, alertType: "Data fissa", alertDate: today })));
      // both workers' passes wait for each other at their start, so they race on the same reminders
      let waiting = 0;
      let release!: () => void;
      const together = new Promise<void>((r) => (release = r));
      const beforeRun = async () => {
        waiting++;
        if (waiting === 2) release();
        await Promise.race([together, new Promise((r) => setTimeout(r, 5_000))]);
      };
      const runs: number[][] = [[], []];
      const url = tdb.env.DATABASE_URL!;
      workers = await Promise.all(
        [database, other].map((d, i) => startPgBossReminders(url, d.db, { tick: false, pollingIntervalSeconds: 0.5, beforeRun, onRun: (sent) => runs[i]!.push(sent) })),
      );
      await workers[0]!.boss!.send("todo-reminders", {});
      await workers[1]!.boss!.send("todo-reminders", {});
      const deadline = Date.now() + 30_000;
      while ((runs[0]!.length === 0 || runs[1]!.length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(runs[0]!.length).toBeGreaterThan(0);
      expect(runs[1]!.length).toBeGreaterThan(0);
      // wait for every queued job to be done
      while ((await workers[0]!.boss!.getQueueSize("todo-reminders")) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 1_000));
      const sent = [...runs[0]!, ...runs[1]!].reduce((s, n) => s + n, 0);
      expect(sent).toBe(10);
      const mails = (await reminderMails(a)).filter((m) => m.subject.startsWith("Promemoria: Coda "));
      expect(mails).toHaveLength(10);
      expect(new Set(mails.map((m) => m.subject)).size).toBe(10);
      const [n] = await database.db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(and(eq(notifications.tenantId, a.tenantId), like(notifications.title, "Promemoria: Coda %")));
      expect(Number(n!.n)).toBe(10);
    }, 60_000);

    it("the tick of every process enqueues one job per interval (pg-boss's singleton slot)", async () => {
      await Promise.all(workers.map((w) => w.stop()));
      const url = tdb.env.DATABASE_URL!;
      workers = await Promise.all([database, other, database].map((d) => startPgBossReminders(url, d.db, { intervalSeconds: 3600, pollingIntervalSeconds: 0.5 })));
      const rows = await database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'todo-reminders' and singleton_key = 'tick'`);
      expect(Number((rows as unknown as { n: number }[])[0]!.n)).toBe(1);
    }, 60_000);
  });
});
