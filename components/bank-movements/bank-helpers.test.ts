import { describe, expect, it } from "vitest";
import { mappingComplete } from "./bank-import-dialog";
import { deadlineBankMovement, movementOfDeadline } from "./paid-by-movement";

describe("mappingComplete", () => {
  it("needs a booking date, a description and an amount (signed, or credit and/or debit)", () => {
    expect(mappingComplete({})).toBe(false);
    expect(mappingComplete({ bookingDate: "Data", description: "Causale" })).toBe(false);
    expect(mappingComplete({ bookingDate: "Data", description: "Causale", amount: "Importo" })).toBe(true);
    expect(mappingComplete({ bookingDate: "Data", description: "Causale", credit: "Avere" })).toBe(true);
    expect(mappingComplete({ bookingDate: "Data", description: "Causale", debit: "Dare" })).toBe(true);
    expect(mappingComplete({ description: "Causale", amount: "Importo" })).toBe(false);
  });
});

describe("the bank movement of a deadline", () => {
  const movement = { id: 7, bookingDate: "2026-03-05", description: "BONIFICO FATTURA 12/A", amount: 122000 };
  it("reads the deadline's bankMovement, null when absent or not that shape", () => {
    expect(deadlineBankMovement(movement)).toEqual(movement);
    expect(deadlineBankMovement(null)).toBeNull();
    expect(deadlineBankMovement(undefined)).toBeNull();
    expect(deadlineBankMovement({ id: "7" })).toBeNull();
  });
  it("finds a loaded deadline's movement by the deadline id (none for a deadline added in the form)", () => {
    const stored = [
      { id: 1, bankMovement: null },
      { id: 2, bankMovement: movement },
    ];
    expect(movementOfDeadline(stored, 2)).toEqual(movement);
    expect(movementOfDeadline(stored, 1)).toBeNull();
    expect(movementOfDeadline(stored, undefined)).toBeNull();
    expect(movementOfDeadline(undefined, 2)).toBeNull();
  });
});
