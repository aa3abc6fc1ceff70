import { describe, expect, it } from "vitest";
import { toIsoDateTime } from "./query";

// The text fast path for UTC timestamps must answer exactly what parsing through Date answers.
describe("toIsoDateTime", () => {
  const viaDate = (s: string) => new Date(s.replace(" ", "T") + ":00").toISOString();
  it.each(["2024-01-05 10:00:00+00", "2024-01-05 10:00:00.1+00", "2024-01-05 10:00:00.12+00", "2024-12-31 23:59:59.999999+00", "2026-11-23 15:05:06.2456+00", "1999-02-28 00:00:00.0005+00"])(
    "%s",
    (text) => {
      expect(toIsoDateTime(text)).toBe(viaDate(text));
    },
  );
  it("other offsets and Date values still go through Date", () => {
    expect(toIsoDateTime("2024-01-05 10:00:00.5+01")).toBe("2024-01-05T09:00:00.500Z");
    expect(toIsoDateTime(new Date(Date.UTC(2024, 0, 5, 10)))).toBe("2024-01-05T10:00:00.000Z");
    expect(toIsoDateTime(null)).toBeNull();
  });
});
