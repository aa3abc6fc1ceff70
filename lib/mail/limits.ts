/**
 * The ceiling on a tenant's outgoing e-mail (issue 29): per tenant, per hour and per day, lower for a trial
 * tenant (tenants.isFree) than for a paying one, counted in PostgreSQL (lib/auth/rate-limit.ts, table
 * rate_limits) so every app instance shares the count. One hit per recipient (to, cc and bcc): a message
 * to fifty addresses in bcc is fifty messages for the ceiling.
 *
 * Configuration (whole numbers; a missing or bad value falls back to the default):
 * MAIL_LIMIT_TRIAL_PER_HOUR (20), MAIL_LIMIT_TRIAL_PER_DAY (100), MAIL_LIMIT_PAID_PER_HOUR (200), MAIL_LIMIT_PAID_PER_DAY (1000).
 *
 * The hour's window is checked first and the day's is counted only when the hour allows the message, so
 * refused attempts inside a busy hour do not eat the rest of the day.
 */
import type { Db } from "@/db/client";
import { hitRateLimit, type RateLimit } from "@/lib/auth/rate-limit";
import { envInteger } from "@/lib/env";
import { TooManyRequestsError } from "@/lib/errors";

export const MAIL_LIMIT_MESSAGES = {
  perHour: "Limite di invio e-mail raggiunto: riprova tra un'ora",
  perDay: "Limite giornaliero di invio e-mail raggiunto: riprova domani",
} as const;

export const MAIL_LIMIT_DEFAULTS = {
  trial: { perHour: 20, perDay: 100 },
  paid: { perHour: 200, perDay: 1000 },
} as const;

const configured = (value: string | undefined, fallback: number) => envInteger(value, fallback, 0);

/** The tenant's two windows: a trial tenant (isFree) gets the trial figures. */
export function mailLimits(isFree: boolean, env: Record<string, string | undefined> = process.env): { hour: RateLimit; day: RateLimit } {
  const kind = isFree ? "TRIAL" : "PAID";
  const d = isFree ? MAIL_LIMIT_DEFAULTS.trial : MAIL_LIMIT_DEFAULTS.paid;
  return {
    hour: { max: configured(env[`MAIL_LIMIT_${kind}_PER_HOUR`], d.perHour), windowSeconds: 3600 },
    day: { max: configured(env[`MAIL_LIMIT_${kind}_PER_DAY`], d.perDay), windowSeconds: 24 * 3600 },
  };
}

/** Counts a message of `recipients` addresses against the tenant's ceiling; past it a 429 with the Italian message. */
export async function countTenantMail(db: Db, tenant: { id: number; isFree: boolean }, recipients: number, now = Date.now()): Promise<void> {
  const limits = mailLimits(tenant.isFree);
  const amount = Math.max(1, recipients);
  const hour = await hitRateLimit(db, `mail:h:${tenant.id}`, limits.hour, now, amount);
  if (hour.exceeded) throw new TooManyRequestsError(MAIL_LIMIT_MESSAGES.perHour);
  const day = await hitRateLimit(db, `mail:d:${tenant.id}`, limits.day, now, amount);
  if (day.exceeded) throw new TooManyRequestsError(MAIL_LIMIT_MESSAGES.perDay);
}
