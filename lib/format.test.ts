import { describe, expect, it } from "vitest";
import {
  diffMinutes,
  filterCurrencyInput,
  formatDate,
  formatDateTime,
  formatDuration,
  formatEuro,
  formatMoney,
  formatMoney4,
  formatMoney8,
  formatPercent,
  formatScaled,
  formatTime,
  formatTimeDiff,
  isDecimalText,
  parseCents,
  parseCurrencyFilter,
  parseDate,
  parseDateToIso,
  parseDecimal,
  parseDecimalBig,
  parseStoredDecimal,
  parseTime,
  toDate,
  toIsoDate,
} from "./format";

describe("formatMoney (cents)", () => {
  it.each([
    [0, "0,00"],
    [1, "0,01"],
    [10, "0,10"],
    [99, "0,99"],
    [100, "1,00"],
    [12345, "123,45"],
    [123456, "1'234,56"],
    [100000, "1'000,00"],
    [123456789, "1'234'567,89"],
    [-1, "-0,01"],
    [-123456, "-1'234,56"],
    [-100000000, "-1'000'000,00"],
  ])("%s -> %s", (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });

  it("formats safe-integer extremes and bigint exactly", () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe("90'071'992'547'409,91");
    expect(formatMoney(123456789012345678901n)).toBe("1'234'567'890'123'456'789,01");
  });

  it("returns empty text for missing or non-finite values", () => {
    expect(formatMoney(null)).toBe("");
    expect(formatMoney(undefined)).toBe("");
    expect(formatMoney(Number.NaN)).toBe("");
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe("");
  });

  it("rounds a stray float to the nearest cent", () => {
    expect(formatMoney(1234.6)).toBe("12,35");
  });

  it("never shows a negative zero", () => {
    expect(formatMoney(-0)).toBe("0,00");
    expect(formatMoney(-0.4)).toBe("0,00");
  });
});

describe("formatEuro", () => {
  it("prefixes the euro sign", () => {
    expect(formatEuro(123456)).toBe("€ 1'234,56");
    expect(formatEuro(-50)).toBe("€ -0,50");
    expect(formatEuro(null)).toBe("");
  });
});

describe("formatMoney4 / formatMoney8", () => {
  it("shows 4 decimals for values scaled by 1e4", () => {
    expect(formatMoney4(12345678)).toBe("1'234,5678");
    expect(formatMoney4(1)).toBe("0,0001");
    expect(formatMoney4(-10000)).toBe("-1,0000");
    expect(formatMoney4(12345678, { currency: true })).toBe("€ 1'234,5678");
  });

  it("shows 8 decimals for values scaled by 1e8", () => {
    expect(formatMoney8(123456789012)).toBe("1'234,56789012");
    expect(formatMoney8(1)).toBe("0,00000001");
    expect(formatMoney8(100000000n, { currency: true })).toBe("€ 1,00000000");
  });
});

describe("formatScaled / formatPercent", () => {
  it("supports scale 0 and trimming", () => {
    expect(formatScaled(1234567, 0)).toBe("1'234'567");
    expect(formatScaled(2250, 2, { trimZeros: true })).toBe("22,5");
    expect(formatScaled(2200, 2, { trimZeros: true })).toBe("22");
    expect(formatScaled(123456, 2, { grouping: false })).toBe("1234,56");
  });

  it("formats percentages without trailing zeros", () => {
    expect(formatPercent(2200)).toBe("22%");
    expect(formatPercent(450)).toBe("4,5%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(225000, 4)).toBe("22,5%");
    expect(formatPercent(null)).toBe("");
  });
});

describe("parseDecimal", () => {
  it.each<[string, number | null]>([
    ["1.234,5", 123450],
    ["22%", 2200],
    ["22 %", 2200],
    ["22,5%", 2250],
    ["0", 0],
    ["12", 1200],
    ["12,34", 1234],
    ["12,3", 1230],
    [",5", 50],
    ["5,", 500],
    ["-12,34", -1234],
    ["+12,34", 1234],
    ["  7,25  ", 725],
    ["1'234,56", 123456],
    ["1 234,56", 123456],
    ["1.234.567,89", 123456789],
    ["€ 1.234,00", 123400],
    ["1.234", 123400], // de-DE: dot groups thousands
    ["1.5", 150], // not a valid grouping: dot read as decimal mark
    ["0.25", 25],
    ["1,005", 101], // half away from zero
    ["1,004", 100],
    ["-1,005", -101],
    ["0,999", 100],
  ])("%j -> %j", (input, expected) => {
    expect(parseDecimal(input)).toBe(expected);
  });

  it.each(["", "   ", "abc", "12a", "1,2,3", "1.23,4", "12.34.5", "1.2.3", "-", ",", "%", "1,2.3", "12,3%4", "1'23,4", "--1", "1e5"])(
    "rejects %j",
    (input) => {
      expect(parseDecimal(input)).toBeNull();
    },
  );

  it("rejects null and undefined", () => {
    expect(parseDecimal(null)).toBeNull();
    expect(parseDecimal(undefined)).toBeNull();
  });

  it("honours the scale", () => {
    expect(parseDecimal("1.234,5", 4)).toBe(12345000);
    expect(parseDecimal("0,00005", 4)).toBe(1);
    expect(parseDecimal("0,00004", 4)).toBe(0);
    expect(parseDecimal("22%", 0)).toBe(22);
    expect(parseDecimal("22,5", 0)).toBe(23);
    expect(parseDecimal("1,23456789", 8)).toBe(123456789);
  });

  it("returns null beyond safe integers but the bigint variant stays exact", () => {
    expect(parseDecimal("999.999.999.999.999,99")).toBeNull();
    expect(parseDecimalBig("999.999.999.999.999,99")).toBe(99999999999999999n);
    expect(parseDecimalBig("12345678901,12345678", 8)).toBe(1234567890112345678n);
  });

  it("round-trips with formatScaled", () => {
    for (const cents of [0, 1, -1, 99, 100, 123456, -98765432, 100000000000]) {
      expect(parseDecimal(formatMoney(cents))).toBe(cents);
      expect(parseDecimal(formatMoney4(cents), 4)).toBe(cents);
    }
  });
});

describe("parseCents", () => {
  it("parses comma decimals into cents", () => {
    expect(parseCents("12,34")).toBe(1234);
    expect(parseCents("1.234,5")).toBe(123450);
    expect(parseCents("€ 10")).toBe(1000);
    expect(parseCents("10 €")).toBe(1000);
    expect(parseCents("-0,01")).toBe(-1);
  });

  it("refuses percentages and garbage", () => {
    expect(parseCents("22%")).toBeNull();
    expect(parseCents("")).toBeNull();
    expect(parseCents("dieci")).toBeNull();
    expect(parseCents(null)).toBeNull();
  });
});

describe("decimal pattern", () => {
  it("follows the spec: optional minus then digits, dots or commas", () => {
    expect(isDecimalText("-1.234,5")).toBe(true);
    expect(isDecimalText("22")).toBe(true);
    expect(isDecimalText("22%")).toBe(false);
    expect(isDecimalText("1-2")).toBe(false);
    expect(isDecimalText("")).toBe(false);
    expect(isDecimalText(null)).toBe(false);
  });
});

describe("currency filter input", () => {
  it.each([
    ["123", "123"],
    ["-12,5", "-12,5"],
    ["€ -1.2a3,4,5", "-123,45"],
    ["1-2", "12"],
    ["--5", "-5"],
    ["abc", ""],
    [",,", ","],
    ["1 000,00", "1000,00"],
  ])("%j -> %j", (input, expected) => {
    expect(filterCurrencyInput(input)).toBe(expected);
  });

  it("reads the comma as a decimal point into cents", () => {
    expect(parseCurrencyFilter("-12,5")).toBe(-1250);
    expect(parseCurrencyFilter("1.000")).toBe(100000);
    expect(parseCurrencyFilter("12,345")).toBe(1235);
    expect(parseCurrencyFilter("-")).toBeNull();
    expect(parseCurrencyFilter(",")).toBeNull();
    expect(parseCurrencyFilter("")).toBeNull();
  });
});

describe("formatDate", () => {
  it("formats ISO calendar dates without timezone shift", () => {
    expect(formatDate("2024-03-05")).toBe("05/03/2024");
    expect(formatDate("2024-12-31")).toBe("31/12/2024");
    expect(formatDate("2024-01-01")).toBe("01/01/2024");
  });

  it("formats Date objects by local calendar day", () => {
    expect(formatDate(new Date(2024, 1, 29, 23, 59))).toBe("29/02/2024");
    expect(formatDate(new Date(2025, 0, 1, 0, 0))).toBe("01/01/2025");
  });

  it("formats ISO date-times in local time", () => {
    const d = new Date(2024, 6, 14, 10, 30);
    expect(formatDate(d.toISOString())).toBe("14/07/2024");
  });

  it("shows the 0001-01-01 placeholder as empty", () => {
    expect(formatDate("0001-01-01")).toBe("");
    expect(formatDate("0001-01-01T00:00:00Z")).toBe("");
    expect(formatDate("0001-01-01T00:00:00+01:00")).toBe("");
    expect(formatDate(parseDate("01/01/0001"))).toBe("");
  });

  it("returns empty text for missing or invalid input", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("not a date")).toBe("");
    expect(formatDate("2023-02-29")).toBe("");
    expect(formatDate("2024-13-01")).toBe("");
    expect(formatDate(new Date(Number.NaN))).toBe("");
  });

  it("keeps four-digit years below 1000", () => {
    expect(formatDate("0099-05-06")).toBe("06/05/0099");
  });
});

describe("parseDate", () => {
  it("parses dd/MM/yyyy into a local midnight Date", () => {
    const d = parseDate("05/03/2024");
    expect(d).not.toBeNull();
    expect([d!.getFullYear(), d!.getMonth(), d!.getDate(), d!.getHours()]).toEqual([2024, 2, 5, 0]);
  });

  it("accepts single-digit day/month and other separators", () => {
    expect(parseDateToIso("5/3/2024")).toBe("2024-03-05");
    expect(parseDateToIso("05.03.2024")).toBe("2024-03-05");
    expect(parseDateToIso("05-03-2024")).toBe("2024-03-05");
    expect(parseDateToIso(" 29/02/2024 ")).toBe("2024-02-29");
  });

  it("rejects impossible or malformed dates", () => {
    for (const s of ["31/02/2024", "29/02/2023", "00/01/2024", "01/13/2024", "32/01/2024", "1/1/24", "2024-03-05", "", "ab/cd/efgh"]) {
      expect(parseDate(s)).toBeNull();
    }
    expect(parseDate(null)).toBeNull();
    expect(parseDateToIso("31/04/2024")).toBeNull();
  });

  it("handles leap centuries", () => {
    expect(parseDateToIso("29/02/2000")).toBe("2000-02-29");
    expect(parseDate("29/02/1900")).toBeNull();
  });

  it("round-trips with formatDate", () => {
    for (const iso of ["2024-03-05", "1999-12-31", "2000-02-29", "0050-06-07"]) {
      expect(parseDateToIso(formatDate(iso))).toBe(iso);
    }
  });

  it("toIsoDate and toDate agree", () => {
    expect(toIsoDate(new Date(2024, 0, 9))).toBe("2024-01-09");
    expect(toIsoDate(toDate("2024-10-27")!)).toBe("2024-10-27");
    expect(toDate("garbage")).toBeNull();
  });
});

describe("times", () => {
  it("formats Date and date-time strings as HH:mm", () => {
    expect(formatTime(new Date(2024, 0, 1, 9, 5))).toBe("09:05");
    expect(formatTime(new Date(2024, 0, 1, 23, 59, 59))).toBe("23:59");
    expect(formatTime(new Date(2024, 0, 1, 14, 30).toISOString())).toBe("14:30");
  });

  it("normalises plain time strings", () => {
    expect(formatTime("08:30:00")).toBe("08:30");
    expect(formatTime("8:30")).toBe("08:30");
    expect(formatTime("25:00")).toBe("");
    expect(formatTime("2024-03-05")).toBe("");
    expect(formatTime(null)).toBe("");
    expect(formatTime("0001-01-01T00:00:00Z")).toBe("");
  });

  it("formats date and time together", () => {
    expect(formatDateTime(new Date(2024, 2, 5, 14, 30))).toBe("05/03/2024 14:30");
    expect(formatDateTime("0001-01-01T00:00:00")).toBe("");
    expect(formatDateTime(null)).toBe("");
  });

  it("parses typed times", () => {
    expect(parseTime("9:05")).toBe("09:05");
    expect(parseTime("09.05")).toBe("09:05");
    expect(parseTime("0905")).toBe("09:05");
    expect(parseTime("23:59")).toBe("23:59");
    expect(parseTime("24:00")).toBeNull();
    expect(parseTime("12:60")).toBeNull();
    expect(parseTime("abc")).toBeNull();
    expect(parseTime("")).toBeNull();
  });
});

describe("formatDuration", () => {
  it.each<[number, string]>([
    [0, "0 minuti"],
    [1, "1 minuto"],
    [2, "2 minuti"],
    [45, "45 minuti"],
    [60, "60 minuti"],
    [61, "1,02 ore"],
    [90, "1,5 ore"],
    [120, "2 ore"],
    [125, "2,08 ore"],
    [135, "2,25 ore"],
    [599, "9,98 ore"],
    [60 * 1500, "1'500 ore"],
    [-5, "-5 minuti"],
    [-90, "-1,5 ore"],
    [59.6, "60 minuti"],
    [60.4, "60 minuti"],
  ])("%s -> %s", (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });

  it("returns empty text for missing values", () => {
    expect(formatDuration(null)).toBe("");
    expect(formatDuration(undefined)).toBe("");
    expect(formatDuration(Number.NaN)).toBe("");
  });

  it("measures the difference between two instants", () => {
    const start = new Date(2024, 0, 1, 9, 0);
    const end = new Date(2024, 0, 1, 10, 30, 59);
    expect(diffMinutes(start, end)).toBe(90);
    expect(formatTimeDiff(start, end)).toBe("1,5 ore");
    expect(formatTimeDiff(start, new Date(2024, 0, 1, 9, 20))).toBe("20 minuti");
    expect(formatTimeDiff(null, end)).toBe("");
  });
});

describe("parseStoredDecimal (database and machine decimals)", () => {
  it("reads the dot as the decimal mark, whatever the number of digits after it", () => {
    expect(parseStoredDecimal("0.333", 8)).toBe(33_300_000n);
    expect(parseStoredDecimal("2.34500000", 8)).toBe(234_500_000n);
    expect(parseStoredDecimal("1234", 2)).toBe(123_400n);
    expect(parseStoredDecimal("22.00", 2)).toBe(2200n);
    expect(parseStoredDecimal("-1.5", 2)).toBe(-150n);
    // what people type reads it otherwise: the reason this parser exists
    expect(parseDecimalBig("0.333", 8)).toBe(33_300_000_000n);
  });
  it("rounds extra digits half away from zero and refuses anything else", () => {
    expect(parseStoredDecimal("0.125", 2)).toBe(13n);
    expect(parseStoredDecimal("-0.125", 2)).toBe(-13n);
    for (const bad of ["", "1,5", "1.234.567", "abc", "1.", null, undefined]) expect(parseStoredDecimal(bad, 2)).toBeNull();
  });
});
