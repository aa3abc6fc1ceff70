import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { activitySchema } from "@/lib/schemas/activity";
import { agendaEventSchema } from "@/lib/schemas/agenda-event";
import { contactSchema } from "@/lib/schemas/contact";
import { ValidationError } from "@/lib/errors";
import { createTenantWithAdmin } from "./accounts";
import { activityEntity } from "./activities";
import { agendaEventEntity, agendaRange, eventInstants, romeLocalInstant } from "./agenda-events";
import { contactEntity } from "./contacts";
import { TenantScope } from "../scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

describe("Italian wall-clock times of appointments", () => {
  it("reads 02:30 of the March change as 03:30 summer time, the repeated October hour as the first", () => {
    expect(romeLocalInstant("2026-03-29T02:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(romeLocalInstant("2026-03-29T03:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(romeLocalInstant("2026-10-25T02:30").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(romeLocalInstant("2026-10-25T03:30").toISOString()).toBe("2026-10-25T02:30:00.000Z");
  });
  it("gives an all-day appointment whole Italian days, end exclusive", () => {
    const one = eventInstants({ start: "2026-03-29T00:00", end: null, allDay: true });
    expect([one.startsAt.toISOString(), one.endsAt.toISOString()]).toEqual(["2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
    const two = eventInstants({ start: "2026-03-10T09:00", end: "2026-03-11T10:00", allDay: true });
    expect(two.endsAt.toISOString()).toBe("2026-03-11T23:00:00.000Z");
  });
  it("refuses an end that the March jump puts before the start", () => {
    expect(() => eventInstants({ start: "2026-03-29T02:30", end: "2026-03-29T03:00", allDay: false })).toThrow(ValidationError);
  });
});

describe.each(kinds)("appointments on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "agenda");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: `agenda-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  const save = (raw: Record<string, unknown>) => agendaEventEntity.create(a, agendaEventSchema.parse(raw));

  it("keeps an appointment when its customer or job is deleted (only the reference is cleared)", async () => {
    const c = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Verdi S.r.l.", isCustomer: true }));
    const job = await activityEntity.create(a, activitySchema.parse({ contact: { id: c.id }, name: "Sito", activityState: "Attivo", paymentType: "Lavoro pagato a ore" }));
    const e = await save({ title: "Visita", start: "2026-05-04T09:00", end: "2026-05-04T10:00", contact: { id: c.id }, activity: { id: job.id } });
    expect(e.activity?.id).toBe(job.id);
    await activityEntity.remove(a, job.id);
    await contactEntity.remove(a, c.id);
    const after = await agendaEventEntity.get(a, e.id);
    expect([after.contact, after.activity, after.title]).toEqual([null, null, "Visita"]);
  });

  it("finds long and short appointments overlapping a range, none touching it only at an edge", async () => {
    const long = await save({ title: "Fiera", start: "2026-06-01T00:00", end: "2026-06-20T00:00", allDay: true });
    const inside = await save({ title: "Dentro", start: "2026-06-15T09:00", end: "2026-06-15T10:00" });
    await save({ title: "Prima", start: "2026-06-14T09:00", end: "2026-06-15T00:00" });
    await save({ title: "Dopo", start: "2026-06-16T00:00", end: "2026-06-16T10:00" });
    const r = await agendaRange(a, { start: "2026-06-15T00:00", end: "2026-06-16T00:00" });
    expect(r.data.map((e) => e.id)).toEqual([long.id, inside.id]);
  });
});
