import { describe, expect, it } from "vitest";
import { expiresInDays, romeDateInDays, subscriptionLine, todayInRome } from "./subscription";

describe("subscription", () => {
  it("counts calendar days to the expiry, negative after it", () => {
    expect(expiresInDays("2026-12-31", "2026-11-21")).toBe(40);
    expect(expiresInDays("2026-11-21", "2026-11-21")).toBe(0);
    expect(expiresInDays("2026-11-18", "2026-11-21")).toBe(-3);
  });
  it("counts the trial from the Italian calendar day, even late in the UTC evening", () => {
    // 23:30 UTC on 21 Nov is already 22 Nov in Rome: a 30-day trial ends on 22 Dec and shows 30 days
    const lateEvening = new Date("2026-11-21T23:30:00Z");
    expect(romeDateInDays(30, lateEvening)).toBe("2026-12-22");
    expect(expiresInDays(romeDateInDays(30, lateEvening), todayInRome(lateEvening))).toBe(30);
  });

  it("uses the Italian calendar day", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Rome
    expect(todayInRome(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });
  it("shows days remaining or days since expiry, and the right offer", () => {
    expect(subscriptionLine({ expiresInDays: 12, isFree: true })).toEqual({
      text: "Il periodo di utilizzo scade tra 12 giorni",
      expired: false,
      offer: { label: "Acquista la licenza di un anno", href: "/acquista/4" },
    });
    const expired = subscriptionLine({ expiresInDays: -1, isFree: false });
    expect(expired.text).toBe("Il periodo di utilizzo è scaduto da 1 giorno");
    expect(expired.expired).toBe(true);
    expect(expired.offer.label).toBe("Rinnova l'abbonamento annuale");
    expect(subscriptionLine({ expiresInDays: 0, isFree: true }).text).toBe("Il periodo di utilizzo scade oggi");
  });
});
