/** Calendar dates as ISO strings "yyyy-mm-dd", computed in UTC so time zones never shift a day. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

export function parseIsoDate(value: string): { y: number; m: number; d: number } {
  if (!isIsoDate(value)) throw new Error(`Data non valida: "${value}" (atteso aaaa-mm-gg)`);
  return { y: +value.slice(0, 4), m: +value.slice(5, 7), d: +value.slice(8, 10) };
}

export function formatIsoDate(y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.toISOString().slice(0, 10);
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function addDays(iso: string, days: number): string {
  const { y, m, d } = parseIsoDate(iso);
  return formatIsoDate(y, m, d + days);
}

/** Adds months keeping the day, clamped to the end of the target month (31/01 + 1 → 28/02). */
export function addMonths(iso: string, months: number): string {
  const { y, m, d } = parseIsoDate(iso);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  return formatIsoDate(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

export function endOfMonth(iso: string): string {
  const { y, m } = parseIsoDate(iso);
  return formatIsoDate(y, m, daysInMonth(y, m));
}

export function startOfMonth(iso: string): string {
  const { y, m } = parseIsoDate(iso);
  return formatIsoDate(y, m, 1);
}
