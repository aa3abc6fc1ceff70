import { describe, expect, it } from "vitest";
import { computeDeadlines, deadlinesFromReceived, dueDateFor, paymentConditionFor } from "./deadlines";
import { checkNumberDateOrder, formatInvoiceNumber } from "./numbering";

const row = (expirationType: "Dalla data fattura" | "Fine mese" | "Dal primo del mese", monthsAfter: number, paymentDay: number) => ({ expirationType, monthsAfter, paymentDay });

describe("due dates (rules §5.2, invoice 15/01)", () => {
  it.each([
    [row("Dalla data fattura", 1, 0), "2025-01-15", "2025-02-15"],
    [row("Dalla data fattura", 0, 30), "2025-01-15", "2025-02-14"],
    [row("Fine mese", 1, 0), "2025-01-15", "2025-02-28"],
    [row("Fine mese", 1, 0), "2024-01-15", "2024-02-29"],
    [row("Fine mese", 2, 0), "2025-01-15", "2025-03-31"],
    [row("Fine mese", 1, 10), "2025-01-15", "2025-03-10"],
    [row("Dal primo del mese", 1, 9), "2025-01-15", "2025-02-10"],
    [row("Dalla data fattura", 1, 0), "2025-01-31", "2025-02-28"],
    [row("Fine mese", 1, 0), "2025-02-28", "2025-03-31"],
    [row("Fine mese", 0, 30), "2025-07-15", "2025-08-30"],
    [row("Dalla data fattura", 0, 30), "2025-01-31", "2025-03-02"],
    [row("Fine mese", 12, 0), "2025-12-10", "2026-12-31"],
  ])("%j from %s → %s", (r, date, expected) => {
    expect(dueDateFor(date, r)).toBe(expected);
  });
  it("refuses negative or fractional terms", () => {
    expect(() => dueDateFor("2025-01-15", row("Fine mese", -1, 0))).toThrow(/mesi/);
    expect(() => dueDateFor("2025-01-15", row("Fine mese", 1, 1.5))).toThrow(/giorni/);
  });
});

describe("instalments (rules §5.3)", () => {
  it("33.33/33.33/33.34 of 1000.00 and 50/50 of 100.01, the last taking the remainder", () => {
    const d = computeDeadlines("2025-01-15", 100000, [
      { ...row("Fine mese", 1, 0), amountPercentage: "33,33" },
      { ...row("Fine mese", 2, 0), amountPercentage: "33,33" },
      { ...row("Fine mese", 3, 0), amountPercentage: "33,34" },
    ]);
    expect(d.map((x) => [x.dueDate, x.amount])).toEqual([
      ["2025-02-28", 33330],
      ["2025-03-31", 33330],
      ["2025-04-30", 33340],
    ]);
    expect(d[0].explanation).toBe("Fine mese: 15/01/2025 + 1 mese (fine mese) → 28/02/2025");
    const h = computeDeadlines("2025-01-15", 10001, [
      { ...row("Dalla data fattura", 0, 30), amountPercentage: 50 },
      { ...row("Dalla data fattura", 0, 60), amountPercentage: 50 },
    ]);
    expect(h.map((x) => x.amount)).toEqual([5001, 5000]);
    expect(() => computeDeadlines("2025-01-15", 100, [{ ...row("Fine mese", 1, 0), amountPercentage: 90 }])).toThrow(/100/);
    expect(paymentConditionFor(3)).toBe("TP01");
    expect(paymentConditionFor(1)).toBe("TP02");
    expect(paymentConditionFor(1, true)).toBe("TP03");
  });
  it("received DatiPagamento: explicit date, reference date + days, invoice date", () => {
    const d = deadlinesFromReceived("2025-03-31", [
      { method: "MP05", amount: 100, dueDate: "2025-04-30" },
      { method: "MP12", amount: 200, referenceDate: "2025-04-01", termDays: 60 },
      { method: "MP01", amount: 300 },
    ]);
    expect(d.map((x) => [x.dueDate, x.amount, x.method])).toEqual([
      ["2025-04-30", 100, "MP05"],
      ["2025-05-31", 200, "MP12"],
      ["2025-03-31", 300, "MP01"],
    ]);
  });
});

describe("numbering (rules §7)", () => {
  it("formats numbers with the sectional suffix", () => {
    expect(formatInvoiceNumber(12, "A")).toBe("12/A");
    expect(formatInvoiceNumber(3, "")).toBe("3");
    expect(() => formatInvoiceNumber(1, "X".repeat(20))).toThrow(/20 caratteri/);
  });
  it("keeps date order within a year", () => {
    const existing = [
      { progressive: 1, date: "2025-01-10" },
      { progressive: 2, date: "2025-02-10" },
      { progressive: 7, date: "2024-12-30" },
    ];
    expect(checkNumberDateOrder(existing, { progressive: 3, date: "2025-02-01" })).toBe(
      "La data deve essere uguale o successiva al 10/02/2025, data della fattura n. 2",
    );
    expect(checkNumberDateOrder(existing, { progressive: 3, date: "2025-02-10" })).toBeNull();
    expect(checkNumberDateOrder([{ progressive: 5, date: "2025-05-01" }], { progressive: 4, date: "2025-06-01" })).toMatch(/precedente/);
  });
});
