import { addDays, differenceInCalendarDays, format, parseISO } from "date-fns";

/** Product sold at /acquista/{id}: 4 is the one-year licence (spec section 9). Renewals buy the same year. */
export const ONE_YEAR_LICENCE_ID = 4;

/** Today in Italy as yyyy-MM-dd (subscriptions expire on Italian calendar days). */
export function todayInRome(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(now);
}

/** The Italian calendar day `days` after today, as yyyy-MM-dd (trial and licence expiry dates). */
export function romeDateInDays(days: number, now = new Date()): string {
  return format(addDays(parseISO(todayInRome(now)), days), "yyyy-MM-dd");
}

/** Days from today to the expiry date: 0 on the last day, negative once expired. */
export function expiresInDays(expireDate: string, today = todayInRome()): number {
  return differenceInCalendarDays(parseISO(expireDate), parseISO(today));
}

export interface SubscriptionLine {
  text: string;
  expired: boolean;
  offer: { label: string; href: string };
}

/** The top-bar line: days remaining, or days since expiry, and the purchase offer. */
export function subscriptionLine(t: { expiresInDays: number; isFree: boolean }): SubscriptionLine {
  const d = t.expiresInDays;
  const giorni = (n: number) => (n === 1 ? "1 giorno" : `${n} giorni`);
  const text =
    d >= 0
      ? d === 0
        ? "Il periodo di utilizzo scade oggi"
        : `Il periodo di utilizzo scade tra ${giorni(d)}`
      : `Il periodo di utilizzo è scaduto da ${giorni(-d)}`;
  const offer = t.isFree
    ? { label: "Acquista la licenza di un anno", href: `/acquista/${ONE_YEAR_LICENCE_ID}` }
    : { label: "Rinnova l'abbonamento annuale", href: `/acquista/${ONE_YEAR_LICENCE_ID}` };
  return { text, expired: d < 0, offer };
}
