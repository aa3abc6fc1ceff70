import { describe, expect, it } from "vitest";
import { activitySchema } from "./activity";
import { defaultPeriodFilter, timeEntrySchema } from "./time-entry";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe("job and time-entry schemas", () => {
  const job = { contact: { id: 1 }, name: "Sito", activityState: "Attivo", paymentType: "Lavoro pagato a ore" };

  it("Numero: empty is the next progressive; anything but a positive integer has the field's own message once", () => {
    for (const empty of [undefined, null, ""]) expect(activitySchema.parse({ ...job, activityNumber: empty }).activityNumber).toBeNull();
    // left out altogether (a new job from the API or the seed)
    expect(activitySchema.parse(job).activityNumber).toBeNull();
    expect(activitySchema.parse({ ...job, activityNumber: "8" }).activityNumber).toBe(8);
    for (const bad of [0, -3, 2.5, "abc", true]) {
      expect(messages(activitySchema.safeParse({ ...job, activityNumber: bad })), String(bad)).toEqual(['Il campo "Numero" deve essere un numero intero positivo']);
    }
  });

  it("an empty date says only that it is required; a wrong one that it is not valid", () => {
    const entry = { activity: { id: 1 }, startTime: "09:00", endTime: "10:00" };
    expect(messages(timeEntrySchema.safeParse({ ...entry, date: "" }))).toEqual(['Il campo "Data" è richiesto']);
    expect(messages(timeEntrySchema.safeParse({ ...entry, date: "2026-02-30" }))).toEqual(["Data non valida (formato gg/mm/aaaa)"]);
    expect(messages(timeEntrySchema.safeParse({ ...entry, date: "2026-02-03", endTime: "09:00" }))).toEqual(["L'ora di fine deve essere diversa dall'ora di inizio"]);
  });

  it("the time-entry list opens on the previous month and this one", () => {
    expect(defaultPeriodFilter("2026-11-24").date).toMatchObject({ type: "inRange", dateFrom: "2026-10-01", dateTo: "2026-11-24" });
    expect(defaultPeriodFilter("2027-01-05").date).toMatchObject({ dateFrom: "2026-12-01", dateTo: "2027-01-05" });
  });
});
