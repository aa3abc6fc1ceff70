/**
 * Issue 30, defects met on the way (Lavori): a fixed-price job's hours in Report ore e vendite, and 'Segna completato'
 * concluding the job (Report lavori conclusi).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { activitySchema } from "@/lib/schemas/activity";
import { contactSchema } from "@/lib/schemas/contact";
import { timeEntrySchema } from "@/lib/schemas/time-entry";
import { activities } from "@/db/schema";
import { TenantScope } from "@/db/scope";
import { createTenantWithAdmin } from "../accounts";
import { activityEntity, markFinished } from "../activities";
import { contactEntity } from "../contacts";
import { timeEntryEntity } from "../time-entries";
import { timeEntryReport } from "./time-entries";
import { workReport } from "./work";

describe("jobs in the reports (pglite)", () => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let customer: { id: number; toString: string };

  beforeAll(async () => {
    tdb = await createTestDatabase("pglite", "jobsdef");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: "jd@example.it", firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    await a.updateTenant(undefined, { hourlyPrice: 6000 });
    const c = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true }));
    customer = { id: c.id, toString: c.toString };
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  const job = (raw: Record<string, unknown>) => activityEntity.create(a, activitySchema.parse({ contact: customer, activityState: "Attivo", paymentType: "Lavoro pagato a ore", ...raw }));
  const entry = (jobId: number, date: string, startTime: string, endTime: string) => timeEntryEntity.create(a, timeEntrySchema.parse({ activity: { id: jobId }, date, startTime, endTime }));

  it("values a fixed-price job's hours nothing to bill by the hour, and counts them billed once the job is invoiced", async () => {
    const fixed = await job({ name: "Sito a corpo", paymentType: "Lavoro pagato a corpo", activityAmount: 50000 });
    const hourly = await job({ name: "Assistenza" });
    await entry(fixed.id, "2026-03-02", "09:00", "10:15"); // 75 minutes at € 60/h: € 75
    await entry(hourly.id, "2026-03-03", "09:00", "10:00"); // € 60 to bill
    const filters = { preset: "custom", from: "2026-03-01", to: "2026-03-31", groupBy: "Lavoro" } as never;

    let report = await timeEntryReport(a, filters);
    const row = (id: number) => report.rows.find((r) => r.key === String(id))!;
    expect(row(fixed.id)).toMatchObject({ minutes: 75, amount: 7500, unbilledMinutes: 75, unbilledAmount: 0, billedMinutes: 0 });
    expect(row(hourly.id)).toMatchObject({ minutes: 60, amount: 6000, unbilledMinutes: 60, unbilledAmount: 6000 });

    await a.updateWhere(activities, eq(activities.id, fixed.id), { invoiced: true }); // as a numbered invoice's 'Lavoro' row does
    report = await timeEntryReport(a, filters);
    expect(row(fixed.id)).toMatchObject({ billedMinutes: 75, unbilledMinutes: 0, unbilledAmount: 0 });
    expect(report.totals).toMatchObject({ minutes: 135, billedMinutes: 75, unbilledMinutes: 60, unbilledAmount: 6000 });
  });

  it("'Segna completato' concludes the job, logs the change and brings it into Report lavori conclusi", async () => {
    const j = await job({ name: "Da chiudere" });
    const done = await job({ name: "Già concluso", activityState: "Concluso" });
    expect(await markFinished(a, [j.id, done.id])).toBe(2);
    const after = await activityEntity.get(a, j.id);
    expect(after).toMatchObject({ finished: true, activityState: "Concluso" });
    expect(after.activityStateLogs.map((l) => [l.stateBefore, l.stateAfter])).toEqual([
      [null, "Attivo"],
      ["Attivo", "Concluso"],
    ]);
    expect((await activityEntity.get(a, done.id)).activityStateLogs).toHaveLength(1); // already concluded: no change logged
    expect(await markFinished(a, [j.id])).toBe(0); // nothing left to change
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
    const report = await workReport(a, { preset: "custom", from: today, to: today } as never);
    expect(report.rows.map((r) => r.name)).toEqual(expect.arrayContaining(["Da chiudere"]));
  });
});
