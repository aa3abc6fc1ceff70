import { describe, expect, it } from "vitest";
import { elapsedMinutes, formatElapsed, startClock } from "./elapsed";

const START = "2026-03-10T08:15:00.000Z";
const after = (minutes: number, seconds = 0) => Date.parse(START) + minutes * 60_000 + seconds * 1000;

describe("formatElapsed", () => {
  it.each<[number, string]>([
    [0, "0 minuti"],
    [59, "59 minuti"],
    [60, "60 minuti"],
    [61, "1,02 ore"],
    [125, "2,08 ore"],
  ])("%s minutes -> %s", (minutes, text) => {
    expect(formatElapsed(START, after(minutes))).toBe(text);
  });

  it("counts whole minutes: 59 minutes 59 seconds are still 59 minutes", () => {
    expect(elapsedMinutes(START, after(59, 59))).toBe(59);
    expect(formatElapsed(START, after(59, 59))).toBe("59 minuti");
  });

  it("never goes below zero when the browser's clock is behind the server's", () => {
    expect(formatElapsed(START, after(-3))).toBe("0 minuti");
  });

  it("shows the start on the Italian clock", () => {
    expect(startClock(START)).toBe("09:15");
    expect(startClock("2026-07-10T08:15:00.000Z")).toBe("10:15");
    expect(startClock("nonsense")).toBe("");
  });
});
