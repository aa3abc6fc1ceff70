import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatDecimalText,
  formatMoneyEditText,
  formatMoneyText,
  parseDateText,
  parseDecimalText,
  parseIntegerText,
  parseMoneyText,
  stepDate,
  stepTime,
  timeOptions,
} from "./input-values";
import { fitAspect, initialCrop, moveCrop, outputSize, previewSize, resizeCrop, LOGO_ASPECT } from "./image-crop";

describe("money text", () => {
  it.each([
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["12,5", 1250],
    ["€ 3", 300],
    ["-0,01", -1],
    ["1'234,5", 123450],
    ["0", 0],
  ])("%s -> %d cents", (text, cents) => {
    expect(parseMoneyText(text)).toEqual({ kind: "value", value: cents });
  });
  it("empty and invalid", () => {
    expect(parseMoneyText("  ")).toEqual({ kind: "empty" });
    for (const bad of ["abc", "12,5%", "1,2,3", "1.23.4"]) expect(parseMoneyText(bad)).toEqual({ kind: "invalid", message: "Il campo deve essere numerico" });
  });
  it("formats with apostrophes when shown and plain while editing", () => {
    expect(formatMoneyText(123456)).toBe("1'234,56");
    expect(formatMoneyEditText(123456)).toBe("1234,56");
    expect(formatMoneyText(null)).toBe("");
  });
});

describe("decimal text", () => {
  it.each([
    ["22,5", "22.50"],
    ["22.5", "22.50"],
    ["22,5 %", "22.50"],
    ["22%", "22.00"],
    ["-4", "-4.00"],
    ["0,125", "0.13"],
  ])("%s -> %s", (text, value) => {
    expect(parseDecimalText(text)).toEqual({ kind: "value", value });
  });
  it("other scales, empty, invalid", () => {
    expect(parseDecimalText("1,23456", 4)).toEqual({ kind: "value", value: "1.2346" });
    expect(parseDecimalText("")).toEqual({ kind: "empty" });
    expect(parseDecimalText("12a")).toEqual({ kind: "invalid", message: "Il campo deve essere numerico" });
    expect(parseDecimalText("1,2,3")).toEqual({ kind: "invalid", message: "Il campo deve essere numerico" });
  });
  it("formats dot decimals with a comma", () => {
    expect(formatDecimalText("22.5")).toBe("22,50");
    expect(formatDecimalText(4)).toBe("4,00");
    expect(formatDecimalText("abc")).toBe("abc");
    expect(formatDecimalText("")).toBe("");
  });
});

describe("integer text", () => {
  it("accepts whole numbers only", () => {
    expect(parseIntegerText("30")).toEqual({ kind: "value", value: 30 });
    expect(parseIntegerText("-2")).toEqual({ kind: "value", value: -2 });
    expect(parseIntegerText("")).toEqual({ kind: "empty" });
    for (const bad of ["1,5", "1.5", "x", "99999999999999999999"]) {
      expect(parseIntegerText(bad)).toEqual({ kind: "invalid", message: "Il campo deve essere un numero intero" });
    }
  });
});

describe("dates", () => {
  it("reads dd/MM/yyyy", () => {
    expect(parseDateText("05/03/2024")).toEqual({ kind: "value", value: "2024-03-05" });
    expect(parseDateText("31/02/2024").kind).toBe("invalid");
    expect(parseDateText("")).toEqual({ kind: "empty" });
  });
  it("steps one day across months, years and leap days", () => {
    expect(stepDate("2024-02-28", 1)).toBe("2024-02-29");
    expect(stepDate("2024-03-01", -1)).toBe("2024-02-29");
    expect(stepDate("2023-12-31", 1)).toBe("2024-01-01");
    expect(stepDate("2024-03-31", 1)).toBe("2024-04-01"); // across the DST change in Italy
    expect(stepDate(null, 1, new Date(2024, 4, 10, 15, 0))).toBe("2024-05-11");
  });
});

describe("times", () => {
  it("lists 06:00..22:00 every 30 minutes", () => {
    const list = timeOptions();
    expect(list[0]).toBe("06:00");
    expect(list[1]).toBe("06:30");
    expect(list.at(-1)).toBe("22:00");
    expect(list).toHaveLength(33);
  });
  it("steps by 5 and 60 minutes within the day", () => {
    expect(stepTime("08:00", 5)).toBe("08:05");
    expect(stepTime("08:00", -5)).toBe("07:55");
    expect(stepTime("08:30", 60)).toBe("09:30");
    expect(stepTime("00:30", -60)).toBe("00:00");
    expect(stepTime("23:30", 60)).toBe("23:59");
    expect(stepTime("", 5)).toBe("06:00");
  });
});

describe("sizes", () => {
  it("formats bytes in Italian", () => {
    expect(formatBytes(100 * 1024 * 1024)).toBe("100 MB");
    expect(formatBytes(1536)).toBe("1,5 KB");
    expect(formatBytes(12)).toBe("12 B");
  });
});

describe("image crop geometry", () => {
  it("fits the logo aspect range 1:5..5:1", () => {
    expect(fitAspect(1000, 100, LOGO_ASPECT)).toEqual({ width: 500, height: 100 });
    expect(fitAspect(100, 1000, LOGO_ASPECT)).toEqual({ width: 100, height: 500 });
    expect(fitAspect(400, 300, LOGO_ASPECT)).toEqual({ width: 400, height: 300 });
    expect(initialCrop(1000, 100, LOGO_ASPECT)).toEqual({ x: 250, y: 0, width: 500, height: 100 });
  });
  it("keeps the box inside the image when moving and resizing", () => {
    const box = { x: 10, y: 10, width: 100, height: 50 };
    expect(moveCrop(box, -50, 500, 400, 300)).toEqual({ x: 0, y: 250, width: 100, height: 50 });
    expect(resizeCrop(box, 1000, 60, 400, 300)).toEqual({ x: 10, y: 10, width: 390, height: 60 });
    expect(resizeCrop(box, 1000, 10, 400, 300, LOGO_ASPECT)).toEqual({ x: 10, y: 10, width: 50, height: 10 });
  });
  it("caps the exported longest side at 1600 px and the preview at 250 px high", () => {
    expect(outputSize(4000, 2000)).toEqual({ width: 1600, height: 800 });
    expect(outputSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(outputSize(1000, 3000, 1200)).toEqual({ width: 400, height: 1200 });
    expect(previewSize(1000, 500)).toEqual({ width: 500, height: 250, scale: 0.5 });
  });
});
