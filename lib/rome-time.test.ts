import { describe, expect, it } from "vitest";
import { entryInstants, nextDay, romeInstant, romeParts } from "./rome-time";

describe("Italian wall-clock time", () => {
  it("names the instant of an ordinary winter and summer time", () => {
    expect(romeInstant("2026-01-15", "09:30")?.toISOString()).toBe("2026-01-15T08:30:00.000Z");
    expect(romeInstant("2026-07-15", "09:30")?.toISOString()).toBe("2026-07-15T07:30:00.000Z");
    expect(romeParts(new Date("2026-07-15T22:30:00Z"))).toEqual({ date: "2026-07-16", time: "00:30" });
  });

  it("refuses the hour the clocks skip in March and takes the first of the hour repeated in October", () => {
    expect(romeInstant("2026-03-29", "02:30")).toBeNull();
    expect(romeInstant("2026-03-29", "03:00")?.toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(romeInstant("2026-10-25", "02:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("counts the real minutes of entries across the DST changes and across midnight", () => {
    // 01:00-04:00 on the March change is two real hours, on the October change four
    expect(entryInstants("2026-03-29", "01:00", "04:00")).toMatchObject({ minutes: 120 });
    expect(entryInstants("2026-10-25", "01:00", "04:00")).toMatchObject({ minutes: 240 });
    expect(entryInstants("2026-03-29", "02:15", "04:00")).toEqual({ missing: "02:15" });
    const night = entryInstants("2026-11-24", "22:00", "02:30");
    expect(night).toMatchObject({ minutes: 270 });
    expect("start" in night && night.end.toISOString()).toBe("2026-11-25T01:30:00.000Z");
    // an end a minute before the start: the next day, almost a whole day later
    expect(entryInstants("2026-11-24", "09:00", "08:59")).toMatchObject({ minutes: 24 * 60 - 1 });
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });
});
