// @vitest-environment happy-dom
/**
 * Issue 30, defects met on the way: /acquista/{id} failed hydration (#418), the order time rendered in the machine's
 * time zone (UTC on the server, Italian in the browser). Both read Europe/Rome now, whatever the process's zone.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { romeDateTime } from "@/lib/rome-time";
import { PaymentInstructions } from "./payment-instructions";

afterEach(cleanup);

const order = {
  id: 1, subscriptionId: 2, description: "Licenza annuale", amount: 10000, vatRate: "22.00", vat: 2200, total: 12200,
  billing: { denomination: "Studio Rossi", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM" },
  paymentMethod: "BONIFICO", paymentReference: "ORD-1", state: "Pagato", createdAt: "2026-07-01T22:30:00.000Z", paidAt: null, expireDateAfter: null,
} as const;

describe("the order's time", () => {
  it("is on the Italian clock, also across midnight and in winter", () => {
    expect(romeDateTime("2026-07-01T22:30:00.000Z")).toBe("02/07/2026 00:30");
    expect(romeDateTime(new Date("2026-01-15T08:05:00Z"))).toBe("15/01/2026 09:05");
    expect(romeDateTime(null)).toBe("");
    expect(romeDateTime("non una data")).toBe("");
  });
  it("is shown so by PaymentInstructions, not in the process's time zone", () => {
    render(<PaymentInstructions order={order as never} vendor={{ beneficiary: "X", iban: "IT00", bank: "B" }} />);
    expect(screen.getByText(/registrato il/).textContent).toContain("registrato il 02/07/2026 00:30");
  });
});
