import { describe, expect, it } from "vitest";
import { AGENDA_EVENT_MESSAGES as M, agendaEventSchema, hiddenDays, parseLocalDateTime, visibleHours } from "./agenda-event";

const errors = (raw: unknown) => agendaEventSchema.safeParse(raw).error?.issues.map((i) => [i.path.join("."), i.message]);

describe("agenda event input", () => {
  it("reads Italian wall-clock date-times, a bare day as its midnight, the calendar's seconds", () => {
    expect(parseLocalDateTime("2026-03-29T02:30")).toBe("2026-03-29T02:30");
    expect(parseLocalDateTime("2026-03-29")).toBe("2026-03-29T00:00");
    expect(parseLocalDateTime(" 2026-03-29T09:15:00 ")).toBe("2026-03-29T09:15");
    for (const bad of ["2026-02-30", "0999-01-01", "2026-03-29T24:00", "2026-03-29T09:15:30", "29/03/2026", "2026-03-29T09:15Z", ""]) expect(parseLocalDateTime(bad), bad).toBeNull();
  });

  it("words every refusal in Italian", () => {
    expect(errors({ title: "", start: "" })).toEqual([
      ["title", M.title],
      ["start", M.start],
      ["end", M.end],
    ]);
    expect(errors({ title: "x", start: "2026-01-01T10:00", end: "domani" })).toEqual([["end", M.dateTime]]);
    expect(errors({ title: "x", start: "2026-01-01T10:00", end: 5 })).toEqual([["end", M.dateTime]]);
    expect(errors({ title: "x", start: "2026-01-01T10:00", end: "2026-01-01T10:00" })).toEqual([["end", M.endAfterStart]]);
    expect(errors({ title: "x", start: "2026-01-01", allDay: true })).toBeUndefined();
  });
});

describe("calendar settings", () => {
  it("widens the office hours by the margins, within the day", () => {
    const base = { officeTimeStart: "08:00", officeTimeEnd: "18:00", marginCalendarStart: 60, marginCalendarEnd: 30, hideSaturday: false, hideSunday: true };
    expect(visibleHours(base)).toEqual({ slotMinTime: "07:00:00", slotMaxTime: "18:30:00" });
    expect(visibleHours({ ...base, officeTimeStart: "01:00", officeTimeEnd: "23:30", marginCalendarStart: 120, marginCalendarEnd: 120 })).toEqual({ slotMinTime: "00:00:00", slotMaxTime: "24:00:00" });
    expect(hiddenDays(base)).toEqual([0]);
    expect(hiddenDays({ hideSaturday: true, hideSunday: true })).toEqual([0, 6]);
    expect(hiddenDays({ hideSaturday: false, hideSunday: false })).toEqual([]);
  });
});
