import { describe, expect, it } from "vitest";
import { expiresInDays, isReadOnlyExpiry, licenceOffer, paymentReference, renewedExpiry, romeDateInDays, subscriptionLine, vendorBankData } from "./subscription";
import { todayInRome } from "./rome-time";

const ADMIN = ["ROLE_USER", "ROLE_ADMIN"];

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
    expect(subscriptionLine({ expiresInDays: 12, isFree: true }, ADMIN)).toEqual({
      text: "Il periodo di utilizzo scade tra 12 giorni",
      expired: false,
      readOnly: false,
      offer: { label: "Acquista la licenza di un anno", href: "/acquista/4" },
    });
    const expired = subscriptionLine({ expiresInDays: -1, isFree: false }, ADMIN);
    expect(expired.text).toBe("Il periodo di utilizzo è scaduto da 1 giorno");
    expect(expired.expired).toBe(true);
    expect(expired.offer!.label).toBe("Rinnova l'abbonamento annuale");
    expect(subscriptionLine({ expiresInDays: 0, isFree: true }, ADMIN).text).toBe("Il periodo di utilizzo scade oggi");
  });
  it("says the data are read-only once the 15 days of grace after the expiry are over (issue 29)", () => {
    const grace = subscriptionLine({ expiresInDays: -15, isFree: false }, ADMIN);
    expect([grace.text, grace.readOnly]).toEqual(["Il periodo di utilizzo è scaduto da 15 giorni", false]);
    const over = subscriptionLine({ expiresInDays: -16, isFree: false }, ADMIN);
    expect([over.text, over.readOnly, over.offer?.label]).toEqual(["Il periodo di utilizzo è scaduto da 16 giorni: i dati sono in sola lettura", true, "Rinnova l'abbonamento annuale"]);
    expect(isReadOnlyExpiry("2026-03-01", "2026-03-16")).toBe(false);
    expect(isReadOnlyExpiry("2026-03-01", "2026-03-17")).toBe(true);
  });
  it("offers the purchase or renewal to an administrator only (issue 30: /acquista is ROLE_ADMIN's)", () => {
    const user = subscriptionLine({ expiresInDays: -3, isFree: false }, ["ROLE_USER", "ROLE_DOCUMENT"]);
    expect(user.offer).toBeNull();
    expect(user.text).toBe("Il periodo di utilizzo è scaduto da 3 giorni");
    expect(subscriptionLine({ expiresInDays: 5, isFree: true }, ["ROLE_USER"]).offer).toBeNull();
  });
});

describe("renewal", () => {
  it("adds a year to the current expiry when it is still ahead (an early renewal loses no day)", () => {
    expect(renewedExpiry("2026-11-24", "2027-03-10")).toBe("2028-03-10");
  });
  it("adds a year to today when the subscription has expired", () => {
    expect(renewedExpiry("2026-11-24", "2026-10-01")).toBe("2027-11-24");
  });
  it("adds a year to today when it expires today", () => {
    expect(renewedExpiry("2026-11-24", "2026-11-24")).toBe("2027-11-24");
  });
  it("moves 29 February to 28 February of the next year", () => {
    expect(renewedExpiry("2028-01-10", "2028-02-29")).toBe("2029-02-28");
    expect(renewedExpiry("2028-02-29", "2027-05-01")).toBe("2029-02-28");
  });
  it("prices the one-year licence from configuration, VAT 22% on top", () => {
    expect(licenceOffer(4, {})).toEqual({ subscriptionId: 4, description: "Licenza annuale", amount: 29900, vatRate: "22.00", vat: 6578, total: 36478 });
    expect(licenceOffer(4, { SUBSCRIPTION_PRICE_CENTS: "10000" })).toMatchObject({ amount: 10000, vat: 2200, total: 12200 });
    expect(licenceOffer(4, { SUBSCRIPTION_PRICE_CENTS: "abc" })?.amount).toBe(29900);
    expect(licenceOffer(5, {})).toBeNull();
  });
  it("reads the vendor's bank data from configuration", () => {
    expect(vendorBankData({ VENDOR_IBAN: "it60 x054 2811 1010 0000 0123 456" }).iban).toBe("IT60X0542811101000000123456");
    expect(paymentReference(7, 12)).toBe("ABB-7-12");
  });
});
