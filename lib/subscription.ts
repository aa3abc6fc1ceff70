import { addDays, addYears, differenceInCalendarDays, format, parseISO } from "date-fns";
import { todayInRome } from "./rome-time";

/** Product sold at /acquista/{id}: 4 is the one-year licence (spec section 9). Renewals buy the same year. */
export const ONE_YEAR_LICENCE_ID = 4;

/** The Italian calendar day `days` after today, as yyyy-MM-dd (trial and licence expiry dates). */
export function romeDateInDays(days: number, now = new Date()): string {
  return format(addDays(parseISO(todayInRome(now)), days), "yyyy-MM-dd");
}

/** Days from today to the expiry date: 0 on the last day, negative once expired. */
export function expiresInDays(expireDate: string, today = todayInRome()): number {
  return differenceInCalendarDays(parseISO(expireDate), parseISO(today));
}

/** Days after the expiry during which an expired tenant still writes; after them its data are read-only (issue 29). */
export const EXPIRY_GRACE_DAYS = 15;

/** The answer (402) to a save of a read-only tenant. */
export const EXPIRED_READ_ONLY = "Abbonamento scaduto: rinnova da /acquista";

/** True once the expiry and the grace are over: the tenant reads, exports and downloads, but saves nothing. */
export function isReadOnlyExpiry(expireDate: string, today = todayInRome()): boolean {
  return expiresInDays(expireDate, today) < -EXPIRY_GRACE_DAYS;
}

export interface SubscriptionLine {
  text: string;
  expired: boolean;
  /** Past the grace: the top bar says the data are read-only (isReadOnlyExpiry). */
  readOnly: boolean;
  /** null for a user who may not buy: /acquista is ROLE_ADMIN's (its page would only say so). */
  offer: { label: string; href: string } | null;
}

/** The top-bar line: days remaining, or days since expiry, and the purchase offer (to an administrator: `roles`). */
export function subscriptionLine(t: { expiresInDays: number; isFree: boolean }, roles: readonly string[]): SubscriptionLine {
  const d = t.expiresInDays;
  const giorni = (n: number) => (n === 1 ? "1 giorno" : `${n} giorni`);
  const text =
    d >= 0
      ? d === 0
        ? "Il periodo di utilizzo scade oggi"
        : `Il periodo di utilizzo scade tra ${giorni(d)}`
      : `Il periodo di utilizzo è scaduto da ${giorni(-d)}`;
  const offer = !roles.includes("ROLE_ADMIN")
    ? null
    : t.isFree
    ? { label: "Acquista la licenza di un anno", href: `/acquista/${ONE_YEAR_LICENCE_ID}` }
    : { label: "Rinnova l'abbonamento annuale", href: `/acquista/${ONE_YEAR_LICENCE_ID}` };
  const readOnly = d < -EXPIRY_GRACE_DAYS;
  return { text: readOnly ? `${text}: i dati sono in sola lettura` : text, expired: d < 0, readOnly, offer };
}

/**
 * The expiry after a paid year: one year on from the later of today and the current expiry, so an expired
 * tenant gets a full year from today and an early renewal loses no day. 29 February + 1 year = 28 February.
 */
export function renewedExpiry(today: string, currentExpiry: string): string {
  const from = currentExpiry > today ? currentExpiry : today;
  return format(addYears(parseISO(from), 1), "yyyy-MM-dd");
}

/** What /acquista/{id} sells and at what price: configuration, read on the server (SUBSCRIPTION_PRICE_CENTS, VAT 22%). */
export interface LicenceOffer {
  subscriptionId: number;
  description: string;
  amount: number;
  vatRate: string;
  vat: number;
  total: number;
}

export const DEFAULT_PRICE_CENTS = 29900;
export const LICENCE_VAT_RATE = 22;

/** The one-year licence's price, or null for an unknown product id. A bad configured price falls back to the default. */
export function licenceOffer(subscriptionId: number, env: Record<string, string | undefined> = process.env): LicenceOffer | null {
  if (subscriptionId !== ONE_YEAR_LICENCE_ID) return null;
  const configured = Number(env.SUBSCRIPTION_PRICE_CENTS);
  const amount = Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_PRICE_CENTS;
  const vat = Math.round((amount * LICENCE_VAT_RATE) / 100);
  return { subscriptionId, description: "Licenza annuale", amount, vatRate: `${LICENCE_VAT_RATE}.00`, vat, total: amount + vat };
}

/** The vendor's bank account for the transfer (VENDOR_IBAN, VENDOR_BENEFICIARY, VENDOR_BANK); demo values by default. */
export function vendorBankData(env: Record<string, string | undefined> = process.env) {
  return {
    beneficiary: env.VENDOR_BENEFICIARY?.trim() || "Gestionale Demo S.r.l.",
    iban: env.VENDOR_IBAN?.replace(/\s+/g, "").toUpperCase() || "IT60X0542811101000000123456",
    bank: env.VENDOR_BANK?.trim() || "Banca di esempio S.p.A.",
  };
}

/** The transfer's causale of an order. */
export function paymentReference(tenantId: number, orderId: number): string {
  return `ABB-${tenantId}-${orderId}`;
}
