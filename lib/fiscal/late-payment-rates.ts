/**
 * Interessi di mora (D.Lgs. 231/2002, art. 5, as amended by D.Lgs. 192/2012): on a late payment of a
 * commercial transaction between businesses, or between a business and the public administration, interest
 * runs automatically from the day after the due date, at the ECB's reference rate (the rate of its most
 * recent main refinancing operation) in force on 1 January for the first half-year and on 1 July for the
 * second, plus 8 points. The Ministero dell'Economia e delle Finanze publishes each half-year's reference
 * rate in the Gazzetta Ufficiale (comunicato "Saggio degli interessi legali di mora", art. 5 c. 2).
 *
 * Decisions (pure, shared by the server's grid SQL and its tests):
 * - simple interest, day by day: each day late carries the rate of the half-year it falls in
 *   (amount × rate × days / 365 per half-year segment); the year is counted as 365 days, leap years too;
 * - the sum is exact (integer arithmetic on cents × basis points × days) and rounded once, half-up, to cents;
 * - a half-year after the table's last one takes the last rate known (the table must be extended each
 *   January and July: `lastKnownHalfYear` says how far it goes).
 */

export interface HalfYearRate {
  /** First day of the half-year: 'yyyy-01-01' or 'yyyy-07-01'. */
  from: string;
  /** The ECB main refinancing rate in force on that day, in basis points (4.50% = 450). */
  ecbBasisPoints: number;
  /** Where the figure comes from. */
  source: string;
}

/** The 8 points D.Lgs. 231/2002 adds to the ECB rate. */
export const LATE_PAYMENT_MARGIN_BASIS_POINTS = 800;

const MEF = "MEF, comunicato art. 5 c. 2 D.Lgs. 231/2002 (Gazzetta Ufficiale)";

/** Half-year rates, oldest first (ECB main refinancing operations rate; decision dates in the source). */
export const LATE_PAYMENT_RATES: readonly HalfYearRate[] = [
  { from: "2019-01-01", ecbBasisPoints: 0, source: `${MEF}; BCE, tasso MRO 0,00% dal 16/03/2016` },
  { from: "2019-07-01", ecbBasisPoints: 0, source: `${MEF}; BCE, tasso MRO 0,00% dal 16/03/2016` },
  { from: "2020-01-01", ecbBasisPoints: 0, source: `${MEF}; BCE, tasso MRO 0,00% dal 16/03/2016` },
  { from: "2020-07-01", ecbBasisPoints: 0, source: `${MEF}; BCE, tasso MRO 0,00% dal 16/03/2016` },
  { from: "2021-01-01", ecbBasisPoints: 0, source: `${MEF}; BCE, tasso MRO 0,00% dal 16/03/2016` },
  { from: "2021-07-01", ecbBasisPoints: 0, source: `${MEF}; BCE, tasso MRO 0,00% dal 16/03/2016` },
  { from: "2022-01-01", ecbBasisPoints: 0, source: `${MEF}; BCE, tasso MRO 0,00% dal 16/03/2016` },
  // the first rise (0,50%) took effect on 27/07/2022, after 1 July: the second half of 2022 keeps 0,00%
  { from: "2022-07-01", ecbBasisPoints: 0, source: `${MEF}; BCE, tasso MRO 0,00% al 01/07/2022 (rialzo dal 27/07/2022)` },
  { from: "2023-01-01", ecbBasisPoints: 250, source: `${MEF}: mora 10,50%; BCE, tasso MRO 2,50% dal 21/12/2022` },
  { from: "2023-07-01", ecbBasisPoints: 400, source: `${MEF}: mora 12,00%; BCE, tasso MRO 4,00% dal 21/06/2023` },
  { from: "2024-01-01", ecbBasisPoints: 450, source: `${MEF}: mora 12,50%; BCE, tasso MRO 4,50% dal 20/09/2023` },
  { from: "2024-07-01", ecbBasisPoints: 425, source: `${MEF}: mora 12,25%; BCE, tasso MRO 4,25% dal 12/06/2024` },
  { from: "2025-01-01", ecbBasisPoints: 315, source: `${MEF}: mora 11,15%; BCE, tasso MRO 3,15% dal 18/12/2024` },
  { from: "2025-07-01", ecbBasisPoints: 215, source: `${MEF}: mora 10,15%; BCE, tasso MRO 2,15% dal 11/06/2025` },
  { from: "2026-01-01", ecbBasisPoints: 215, source: `${MEF}: mora 10,15%; BCE, tasso MRO 2,15% dal 11/06/2025 (invariato al 01/01/2026)` },
];

/** The first day of the last half-year the table knows. */
export const lastKnownHalfYear = (): string => LATE_PAYMENT_RATES[LATE_PAYMENT_RATES.length - 1]!.from;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`data non valida "${date}"`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

const isoOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The late-payment rate (ECB + 8 points) in basis points for a day, or null before the table starts. */
export function lateRateOn(date: string): number | null {
  let found: HalfYearRate | undefined;
  for (const r of LATE_PAYMENT_RATES) if (r.from <= date) found = r;
  return found ? found.ecbBasisPoints + LATE_PAYMENT_MARGIN_BASIS_POINTS : null;
}

export interface LateInterestSegment {
  /** First and last day late of the segment (inclusive). */
  from: string;
  to: string;
  days: number;
  /** ECB + 8 points, basis points. */
  rateBasisPoints: number;
}

/**
 * The segments of days late (from the day after `dueDate` to `today`, both included), one per half-year rate.
 * Days before the table's first half-year are left out (no rate to apply).
 */
export function lateInterestSegments(dueDate: string, today: string): LateInterestSegment[] {
  const first = dayNumber(dueDate) + 1;
  const last = dayNumber(today);
  const out: LateInterestSegment[] = [];
  for (let i = 0; i < LATE_PAYMENT_RATES.length; i++) {
    const r = LATE_PAYMENT_RATES[i]!;
    const start = Math.max(first, dayNumber(r.from));
    const next = LATE_PAYMENT_RATES[i + 1];
    const end = Math.min(last, next ? dayNumber(next.from) - 1 : last);
    if (end < start) continue;
    out.push({ from: isoOf(start), to: isoOf(end), days: end - start + 1, rateBasisPoints: r.ecbBasisPoints + LATE_PAYMENT_MARGIN_BASIS_POINTS });
  }
  return out;
}

/** Cents × basis points × days over this divisor is interest in cents (365 days, 10,000 basis points to 1). */
export const INTEREST_DIVISOR = 365n * 10_000n;

/** Interest in integer cents on `amountCents` paid late after `dueDate`, computed up to `today` (0 when not late). */
export function lateInterestCents(amountCents: number, dueDate: string, today: string): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return 0;
  let numerator = 0n;
  for (const s of lateInterestSegments(dueDate, today)) numerator += BigInt(amountCents) * BigInt(s.rateBasisPoints) * BigInt(s.days);
  // half-up on a positive quantity
  return Number((numerator * 2n + INTEREST_DIVISOR) / (INTEREST_DIVISOR * 2n));
}

/** Whole days from `dueDate` to `today` (0 when not past due). */
export function daysLate(dueDate: string, today: string): number {
  return Math.max(0, dayNumber(today) - dayNumber(dueDate));
}
