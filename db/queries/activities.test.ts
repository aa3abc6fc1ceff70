import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { ApiError, ValidationError } from "@/lib/errors";
import { activitySchema } from "@/lib/schemas/activity";
import { contactSchema } from "@/lib/schemas/contact";
import { timeEntrySchema } from "@/lib/schemas/time-entry";
import { timeEntries, users } from "@/db/schema";
import { createTenantWithAdmin } from "./accounts";
import { activityEntity, markFinished } from "./activities";
import { contactEntity, CONTACT_IN_USE } from "./contacts";
import { runningEntry, startEntry, stopEntry, timeEntryEntity } from "./time-entries";
import { TenantScope } from "../scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe.each(kinds)("jobs and time entries on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let adminId: number;
  let customer: { id: number; toString: string };

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "act");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: `aa-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: `ab-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    adminId = ta.admin.id;
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    await a.updateTenant(undefined, { hourlyPrice: 6000 });
    const c = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true }));
    customer = { id: c.id, toString: c.toString };
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  const job = (scope: TenantScope, raw: Record<string, unknown>) =>
    activityEntity.create(scope, activitySchema.parse({ contact: customer, activityState: "Attivo", paymentType: "Lavoro pagato a ore", ...raw }));
  const entry = (scope: TenantScope, raw: Record<string, unknown>) => timeEntryEntity.create(scope, timeEntrySchema.parse(raw));

  it("numbers jobs 1, 2, 3… per tenant, also when saved at the same moment, and keeps a typed number unique", async () => {
    const first = await job(a, { name: "Primo" });
    expect(first.activityNumber).toBe(1);
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => job(a, { name: `Parallelo ${i}` })));
    expect(many.map((j) => j.activityNumber).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    // a number typed after 'Modifica' must be free; the next new job skips a number taken by hand
    await expect(activityEntity.update(a, first.id, activitySchema.parse({ ...first, activityNumber: 5 }))).rejects.toThrow(/Il numero 5 è già usato dal lavoro "Parallelo \d+"/);
    const moved = await activityEntity.update(a, first.id, activitySchema.parse({ ...first, activityNumber: 22 }));
    expect(moved.activityNumber).toBe(22);
    expect((await job(a, { name: "Dopo" })).activityNumber).toBe(23);
  });

  it("writes every state change to the history with the user, in the save's transaction", async () => {
    const j = await job(a, { name: "Storico" });
    expect(j.activityStateLogs).toEqual([expect.objectContaining({ stateBefore: null, stateAfter: "Attivo", user: "Anna Alfa" })]);
    const suspended = await activityEntity.update(a, j.id, activitySchema.parse({ ...j, activityState: "Sospeso" }));
    const same = await activityEntity.update(a, j.id, activitySchema.parse({ ...suspended, name: "Storico 2" }));
    const done = await activityEntity.update(a, j.id, activitySchema.parse({ ...same, activityState: "Concluso" }));
    expect(done.activityStateLogs.map((l) => [l.stateBefore, l.stateAfter])).toEqual([
      [null, "Attivo"],
      ["Attivo", "Sospeso"],
      ["Sospeso", "Concluso"],
    ]);
    // a save that fails leaves no history behind
    await expect(activityEntity.update(a, j.id, activitySchema.parse({ ...done, activityState: "Attivo", version: 0 }))).rejects.toThrow();
    expect((await activityEntity.get(a, j.id)).activityStateLogs).toHaveLength(3);
  });

  it("refuses a customer of another tenant and a missing one", async () => {
    const other = await contactEntity.create(b, contactSchema.parse({ kind: "COMPANY", companyName: "Altro", isCustomer: true }));
    await expect(job(a, { name: "X", contact: { id: other.id } })).rejects.toThrow(ValidationError);
    for (const contact of [undefined, null]) {
      const r = activitySchema.safeParse({ name: "X", activityState: "Attivo", paymentType: "Lavoro pagato a ore", contact });
      expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['Il campo "Cliente" è richiesto']);
    }
  });

  it("computes Da fatturare: the fixed price, or billable uninvoiced minutes × the customer's rate, else the tenant's, half-up per entry", async () => {
    const fixed = await job(a, { name: "A corpo", paymentType: "Lavoro pagato a corpo", activityAmount: 150000 });
    expect(fixed.toInvoice).toBe(150000);
    const hourly = await job(a, { name: "A ore" });
    // 60 €/h from the tenant: 50 minutes = 50.00 €, 7 minutes = 7.00 €, a non-billable hour counts nothing
    await entry(a, { activity: { id: hourly.id }, date: "2026-02-02", startTime: "09:00", endTime: "09:50" });
    await entry(a, { activity: { id: hourly.id }, date: "2026-02-02", startTime: "10:00", endTime: "10:07" });
    await entry(a, { activity: { id: hourly.id }, date: "2026-02-02", startTime: "11:00", endTime: "12:00", billable: false });
    let read = await activityEntity.get(a, hourly.id);
    expect(read).toMatchObject({ workedMinutes: 117, toInvoiceMinutes: 57, toInvoice: 5700, hourlyRate: 6000, hourlyRateFrom: "tenant" });
    // the customer's own rate of 33.33 €/h: 50 min = 27.775 → 27.78, 7 min = 3.8885 → 3.89 (each entry rounded)
    const c = await contactEntity.get(a, customer.id);
    await contactEntity.update(a, customer.id, contactSchema.parse({ ...c, hourlyPrice: 3333 }));
    read = await activityEntity.get(a, hourly.id);
    expect(read).toMatchObject({ toInvoice: 2778 + 389, hourlyRate: 3333, hourlyRateFrom: "customer" });
    // the grid says the same
    const { listGrid } = await import("@/lib/grid/list");
    const page = await listGrid(a, activityEntity.grid!, { filterModel: JSON.stringify({ name: { filterType: "text", type: "equals", filter: "A ore" } }) });
    expect(page.data[0]).toMatchObject({ toInvoice: 3167, workedHours: 195 });
  });

  it("refuses overlapping entries, entries over the DST gap, and handles midnight and DST days", async () => {
    const j = await job(a, { name: "Orari" });
    await entry(a, { activity: { id: j.id }, date: "2026-03-02", startTime: "09:00", endTime: "10:30" });
    await expect(entry(a, { activity: { id: j.id }, date: "2026-03-02", startTime: "10:00", endTime: "11:00" })).rejects.toThrow(
      "Intervallo sovrapposto a un'altra registrazione delle 09:00-10:30 del 02/03/2026",
    );
    // touching is not overlapping
    await entry(a, { activity: { id: j.id }, date: "2026-03-02", startTime: "10:30", endTime: "11:00" });
    const night = await entry(a, { activity: { id: j.id }, date: "2026-03-02", startTime: "23:00", endTime: "01:30" });
    expect(night).toMatchObject({ minutes: 150, endTime: "01:30" });
    await expect(entry(a, { activity: { id: j.id }, date: "2026-03-03", startTime: "01:00", endTime: "02:00" })).rejects.toThrow("delle 23:00-01:30 del 02/03/2026");
    expect(await entry(a, { activity: { id: j.id }, date: "2026-03-29", startTime: "01:00", endTime: "04:00" })).toMatchObject({ minutes: 120 });
    expect(await entry(a, { activity: { id: j.id }, date: "2026-10-25", startTime: "01:00", endTime: "04:00" })).toMatchObject({ minutes: 240 });
    await expect(entry(a, { activity: { id: j.id }, date: "2026-03-29", startTime: "02:30", endTime: "05:00" })).rejects.toThrow("L'orario 02:30 non esiste quel giorno");
    // an edit may keep its own interval
    const own = await entry(a, { activity: { id: j.id }, date: "2026-03-04", startTime: "09:00", endTime: "10:00" });
    expect(await timeEntryEntity.update(a, own.id, timeEntrySchema.parse({ ...own, endTime: "10:15" }))).toMatchObject({ minutes: 75 });
  });

  it("one running entry per user: two STARTs at once leave one, STOP ends it, a finished or foreign job is refused", async () => {
    const j = await job(a, { name: "Cronometro" });
    const now = new Date("2026-05-05T08:00:20Z");
    const results = await Promise.allSettled([startEntry(a, j.id, now), startEntry(a, j.id, now)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ApiError);
    expect((refused.reason as ApiError).httpStatus).toBe(409);
    expect(await a.count(timeEntries, eq(timeEntries.userId, adminId))).toBeGreaterThan(0);
    const running = await runningEntry(a);
    expect(running).toMatchObject({ start: "2026-05-05T08:00:00.000Z", activity: { id: j.id } });
    // the running entry is edited by STOP only
    await expect(timeEntryEntity.update(a, running!.id, timeEntrySchema.parse({ activity: { id: j.id }, date: "2026-05-05", startTime: "10:00", endTime: "11:00", version: 0 }))).rejects.toThrow("fermare il cronometro");
    // a manual entry inside the running time is refused
    await expect(entry(a, { activity: { id: j.id }, date: "2026-05-05", startTime: "11:00", endTime: "12:00" })).rejects.toThrow("delle 10:00 (in corso)");
    const stopped = await stopEntry(a, new Date("2026-05-05T09:30:40Z"));
    expect(stopped.timeEntry).toMatchObject({ date: "2026-05-05", startTime: "10:00", endTime: "11:31", minutes: 91 });
    expect(await runningEntry(a)).toBeNull();
    await expect(stopEntry(a)).rejects.toThrow("Nessun lavoro in corso");
    await markFinished(a, [j.id]);
    await expect(startEntry(a, j.id)).rejects.toThrow("Il lavoro è completato");
    const foreign = await contactEntity.create(b, contactSchema.parse({ kind: "COMPANY", companyName: "B cliente", isCustomer: true }));
    const other = await activityEntity.create(b, activitySchema.parse({ contact: { id: foreign.id }, name: "Di B", activityState: "Attivo", paymentType: "Lavoro pagato a ore" }));
    await expect(startEntry(a, other.id)).rejects.toThrow("Lavoro non trovato");
  });

  it("STOP clips the end to the next entry and says so", async () => {
    const j = await job(a, { name: "Taglio" });
    await entry(a, { activity: { id: j.id }, date: "2026-06-10", startTime: "11:00", endTime: "12:00" });
    await startEntry(a, j.id, new Date("2026-06-10T08:00:00Z"));
    const stopped = await stopEntry(a, new Date("2026-06-10T09:45:00Z"));
    expect(stopped.timeEntry).toMatchObject({ startTime: "10:00", endTime: "11:00", minutes: 60 });
    expect(stopped.dialogMessage).toContain("anticipato alle 11:00");
  });

  it("a user without ROLE_ADMIN reaches only their own entries", async () => {
    const [colleague] = await a.platform.insert(users).values({ tenantId: a.tenantId, username: `collega-${kind}@example.it`, email: `collega-${kind}@example.it`, firstName: "Luca", lastName: "Collega", roles: ["ROLE_USER"] }).returning();
    const mine = new TenantScope(database.db, a.tenantId, { userId: colleague!.id, roles: ["ROLE_USER"] });
    const j = await job(a, { name: "Condiviso" });
    const adminEntry = await entry(a, { activity: { id: j.id }, date: "2026-07-01", startTime: "09:00", endTime: "10:00" });
    const own = await entry(mine, { activity: { id: j.id }, date: "2026-07-01", startTime: "09:00", endTime: "10:00" });
    expect(own.user).toEqual({ id: colleague!.id, toString: "Luca Collega" });
    await expect(timeEntryEntity.get(mine, adminEntry.id)).rejects.toThrow("Registrazione non trovata");
    await expect(entry(mine, { user: { id: adminId }, activity: { id: j.id }, date: "2026-07-02", startTime: "09:00", endTime: "10:00" })).rejects.toThrow("Solo un amministratore");
    const { listGrid } = await import("@/lib/grid/list");
    const seen = await listGrid(mine, timeEntryEntity.grid!, { addedParams: JSON.stringify({ activityId: j.id }) });
    expect(seen.data.map((r) => r.id)).toEqual([own.id]);
    const all = await listGrid(a, timeEntryEntity.grid!, { addedParams: JSON.stringify({ activityId: j.id }), totals: "1" });
    expect(all.data).toHaveLength(2);
    expect(all.totals).toEqual({ hours: 200, amount: 6666 });
  });

  it("a job with invoiced hours or a running timer is not deleted; a customer with jobs is not deleted", async () => {
    const j = await job(a, { name: "Fatturato" });
    const e = await entry(a, { activity: { id: j.id }, date: "2026-08-03", startTime: "09:00", endTime: "10:00" });
    await a.updateWhere(timeEntries, eq(timeEntries.id, e.id), { invoiced: true });
    await expect(activityEntity.remove(a, j.id)).rejects.toThrow("ore già fatturate");
    await expect(timeEntryEntity.remove(a, e.id)).rejects.toThrow("già stata fatturata");
    await expect(contactEntity.remove(a, customer.id)).rejects.toThrow(CONTACT_IN_USE);
    const free = await job(a, { name: "Libero" });
    await entry(a, { activity: { id: free.id }, date: "2026-08-04", startTime: "09:00", endTime: "10:00" });
    await activityEntity.remove(a, free.id);
    expect(await a.count(timeEntries, eq(timeEntries.activityId, free.id))).toBe(0);
  });
});
