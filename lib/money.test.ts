import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  allocate,
  centsToDecimal,
  formatScaled,
  multiplyScaled,
  parseCents,
  parseDecimal,
  parsePercent,
  percentOf,
  roundDiv,
  sumCents,
} from "./money";

describe("roundDiv (half-up, away from zero)", () => {
  it("rounds .5 up and negatives symmetrically", () => {
    expect(roundDiv(29925n, 10n)).toBe(2993n);
    expect(roundDiv(-29925n, 10n)).toBe(-2993n);
    expect(roundDiv(29924n, 10n)).toBe(2992n);
    expect(roundDiv(5n, -10n)).toBe(-1n);
    expect(roundDiv(4n, 10n)).toBe(0n);
  });
});

describe("parseDecimal", () => {
  it.each([
    ["1234,56", 2, 123456n],
    ["1.234,56", 2, 123456n],
    ["1'234,56", 2, 123456n],
    ["1,234.56", 2, 123456n],
    ["1234.56", 2, 123456n],
    ["22", 4, 220000n],
    ["4%", 4, 40000n],
    [" 33,33 % ", 4, 333300n],
    ["-0,5", 2, -50n],
    ["1.234.567", 0, 1234567n],
    ["0,005", 2, 1n],
    ["-0,005", 2, -1n],
    ["12.12345678", 8, 1212345678n],
    [",5", 2, 50n],
  ])("%s at scale %i", (input, scale, expected) => {
    expect(parseDecimal(input, scale)).toBe(expected);
  });
  it.each(["", "abc", "1,2,3.4.5", "1.2.3", "--1", "1e5", "%"])("refuses %j", (input) => {
    expect(() => parseDecimal(input, 2)).toThrow(/non è un numero decimale corretto/);
  });
  it("accepts numbers and bigints", () => {
    expect(parseDecimal(22, 4)).toBe(220000n);
    expect(parseDecimal(0.1, 2)).toBe(10n);
    expect(parseDecimal(3n, 2)).toBe(300n);
  });
});

describe("percentOf / allocate", () => {
  it("applies percentages half-up", () => {
    expect(percentOf(100000, "4")).toBe(4000);
    expect(percentOf(104000, "22")).toBe(22880);
    expect(percentOf(2993, "50")).toBe(1497);
    expect(percentOf(-2993, "50")).toBe(-1497);
    expect(percentOf(1, "33.33")).toBe(0);
    expect(percentOf(100000, parsePercent("11.5"))).toBe(11500);
  });
  it("allocates with the last part taking the remainder (rules §5.3)", () => {
    expect(allocate(100000, ["33.33", "33.33", "33.34"])).toEqual([33330, 33330, 33340]);
    expect(allocate(10001, [50, 50])).toEqual([5001, 5000]);
    expect(allocate(0, [100])).toEqual([0]);
    expect(() => allocate(100, [50, 40])).toThrow(/100/);
  });
  it("property: parts always sum to the total and stay integers", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }),
        fc.array(fc.integer({ min: 1, max: 10000 }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          // build percentages with 2 decimals summing to exactly 100.00
          const w = weights.reduce((a, b) => a + b, 0);
          const cents = weights.map((x) => Math.floor((x * 10000) / w));
          cents[cents.length - 1] += 10000 - cents.reduce((a, b) => a + b, 0);
          const percents = cents.map((c) => formatScaled(BigInt(c), 2));
          const parts = allocate(total, percents);
          expect(parts.every(Number.isSafeInteger)).toBe(true);
          expect(sumCents(parts)).toBe(total);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("formatting for machines", () => {
  it("formats scaled integers", () => {
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(formatScaled(1250000000n, 8, 2)).toBe("12.50");
    expect(formatScaled(123456789n, 8, 2)).toBe("1.23456789");
    expect(parseCents("1.234,56")).toBe(123456);
    expect(() => centsToDecimal(1.5)).toThrow(/centesimi/);
  });
  it("multiplies scaled integers exactly", () => {
    // 3.33333333 × 3 = 9.99999999 → 10.00
    expect(multiplyScaled(333333333n, 8, 300000000n, 8, 2)).toBe(1000n);
  });
  it("property: parse(format(x)) is the identity", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 19n), max: 10n ** 19n }), (v) => {
        expect(parseDecimal(formatScaled(v, 8, 2), 8)).toBe(v);
      }),
      { numRuns: 300 },
    );
  });
});
