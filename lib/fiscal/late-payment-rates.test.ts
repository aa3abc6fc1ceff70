import { describe, expect, it } from "vitest";
import { daysLate, LATE_PAYMENT_RATES, lateInterestCents, lateInterestSegments, lateRateOn } from "./late-payment-rates";

describe("late-payment rates (D.Lgs. 231/2002)", () => {
  it("keeps one rate per half-year, on 1 January and 1 July, in order, each with its source", () => {
    for (let i = 0; i < LATE_PAYMENT_RATES.length; i++) {
      const r = LATE_PAYMENT_RATES[i]!;
      expect(r.from).toMatch(/^\d{4}-(01|07)-01$/);
      expect(r.source).toMatch(/MEF/);
      if (i > 0) {
        const prev = LATE_PAYMENT_RATES[i - 1]!;
        const [y, m] = prev.from.split("-").map(Number) as [number, number];
        expect(r.from).toBe(m === 1 ? `${y}-07-01` : `${y + 1}-01-01`);
      }
    }
  });

  it("is the ECB rate plus 8 points", () => {
    expect(lateRateOn("2024-03-15")).toBe(1250); // 4,50% + 8
    expect(lateRateOn("2024-07-01")).toBe(1225); // 4,25% + 8
    expect(lateRateOn("2023-01-01")).toBe(1050);
    expect(lateRateOn("2022-12-31")).toBe(800); // rise of 27/07/2022 not in force on 1 July
    expect(lateRateOn("2018-12-31")).toBeNull();
  });

  it("counts from the day after the due date to today included", () => {
    expect(daysLate("2024-03-01", "2024-03-01")).toBe(0);
    expect(daysLate("2024-03-01", "2024-03-02")).toBe(1);
    expect(daysLate("2024-03-10", "2024-03-01")).toBe(0);
    expect(lateInterestCents(100_000, "2024-03-01", "2024-03-01")).toBe(0);
    // 1.000,00 € × 12,50% × 1/365 = 0,3424… → 0,34 €
    expect(lateInterestCents(100_000, "2024-03-01", "2024-03-02")).toBe(34);
    // 30 days: 100000 × 1250 × 30 / 3 650 000 = 1027,39… → 1027 (10,27 €)
    expect(lateInterestCents(100_000, "2024-03-01", "2024-03-31")).toBe(1027);
  });

  it("splits the days at a half-year boundary, each half-year with its own rate", () => {
    // due 20/06/2024: days 21/06–30/06 (10 at 12,50%), 01/07–10/07 (10 at 12,25%)
    expect(lateInterestSegments("2024-06-20", "2024-07-10")).toEqual([
      { from: "2024-06-21", to: "2024-06-30", days: 10, rateBasisPoints: 1250 },
      { from: "2024-07-01", to: "2024-07-10", days: 10, rateBasisPoints: 1225 },
    ]);
    // 1.000.000 cents × (1250 × 10 + 1225 × 10) / 3 650 000 = 6780,82… → 6781
    expect(lateInterestCents(1_000_000, "2024-06-20", "2024-07-10")).toBe(6781);
    // not the same as the whole period at either rate
    expect(lateInterestCents(1_000_000, "2024-06-20", "2024-07-10")).not.toBe(Math.round((1_000_000 * 1250 * 20) / 3_650_000));
  });

  it("crosses several half-years and a year end", () => {
    // due 31/12/2022 → today 31/12/2023: 181 days at 10,50% (H1 2023), 184 at 12,00% (H2 2023)
    const segments = lateInterestSegments("2022-12-31", "2023-12-31");
    expect(segments.map((s) => [s.days, s.rateBasisPoints])).toEqual([
      [181, 1050],
      [184, 1200],
    ]);
    // 100000 × (1050×181 + 1200×184) / 3 650 000 = 11256,16… → 11256
    expect(lateInterestCents(100_000, "2022-12-31", "2023-12-31")).toBe(11256);
  });

  it("rounds half-up once on the exact sum, in integer cents", () => {
    // 146 cents × 1250 bp × 10 days = 1 825 000 / 3 650 000 = 0,5 → 1; 145 cents: 0,4966 → 0
    expect(lateInterestCents(146, "2024-03-01", "2024-03-11")).toBe(1);
    expect(lateInterestCents(145, "2024-03-01", "2024-03-11")).toBe(0);
    expect(lateInterestCents(0, "2024-03-01", "2024-03-11")).toBe(0);
    expect(lateInterestCents(-500, "2024-03-01", "2024-03-11")).toBe(0);
  });

  it("applies the last known rate past the end of the table", () => {
    const last = LATE_PAYMENT_RATES[LATE_PAYMENT_RATES.length - 1]!;
    expect(lateRateOn("2099-01-01")).toBe(last.ecbBasisPoints + 800);
  });
});
