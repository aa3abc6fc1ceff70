/**
 * Two-factor login (issue 29; TOTP and recovery codes in lib/auth/two-factor.ts): turning it on and off from the
 * profile (POST /api/users/two-factor/setup | enable | disable) and the second factor of a login
 * (db/queries/accounts.ts authenticate).
 *
 * The users' two-factor columns (migration 0036) are written with updateWhere, which leaves the row's version
 * alone: turning two-factor on does not make an open Profilo form stale. Every write NOTIFYs auth_changed
 * (users trigger), so the sessions' cached `twoFactorOn` follows at once.
 *
 * A code is consumed in the statement that checks it: a TOTP step is accepted only after the last accepted one,
 * a recovery code is removed from the array only if it is still there, so two requests with one code cannot both
 * pass.
 */
import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { intEq, type TenantScope } from "@/db/scope";
import { users, type User } from "@/db/schema";
import { recordAuditEvent } from "@/db/queries/audit-events";
import { getUserOrThrow } from "@/db/queries/users";
import { BadRequestError, TooManyRequestsError } from "@/lib/errors";
import { hitRateLimit, LIMITS, peekRateLimit } from "@/lib/auth/rate-limit";
import { hashRecoveryCode, isTotpShape, matchTotp, newRecoveryCodes, newTotpSecret, totpUrl } from "@/lib/auth/two-factor";
import {
  TOO_MANY_CODES,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_NOT_STARTED,
} from "@/lib/auth/messages";

/** A user's two-factor columns when it is off: the secret, the recovery codes and the last accepted step forgotten. */
export const TWO_FACTOR_OFF = { twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorRecoveryCodes: [], twoFactorLastStep: null };

export type SecondFactor = "totp" | "recovery";

/**
 * Accepts a second factor of a user with two-factor on: a TOTP code of a step later than the last accepted one,
 * or an unused recovery code (removed, and recorded in the audit log in the same transaction). null: wrong,
 * already used, or two-factor is off.
 */
export async function consumeSecondFactor(
  scope: TenantScope,
  user: Pick<User, "id" | "twoFactorSecret" | "twoFactorEnabledAt">,
  code: string,
  ip?: string | null,
): Promise<SecondFactor | null> {
  if (!user.twoFactorSecret || !user.twoFactorEnabledAt) return null;
  if (isTotpShape(code)) {
    const step = matchTotp(user.twoFactorSecret, code);
    if (step === null) return null;
    const ids = await scope.updateWhere(
      users,
      and(intEq(users.id, user.id), isNotNull(users.twoFactorEnabledAt), sql`(${users.twoFactorLastStep} is null or ${users.twoFactorLastStep} < ${step})`),
      { twoFactorLastStep: step },
    );
    return ids.length ? "totp" : null;
  }
  const hash = hashRecoveryCode(code);
  return scope.transaction(async (tx) => {
    const ids = await tx.updateWhere(users, and(intEq(users.id, user.id), sql`${users.twoFactorRecoveryCodes} @> jsonb_build_array(${hash}::text)`), {
      twoFactorRecoveryCodes: sql`${users.twoFactorRecoveryCodes} - ${hash}::text`,
    });
    if (!ids.length) return null;
    await recordAuditEvent(tx, { event: "recovery_code_used", userId: user.id, ip });
    return "recovery" as const;
  });
}

const codesKey = (userId: number) => `2fa:u:${userId}`;

/** Wrong codes in the profile are limited per user (a stolen session cannot try every code to turn it off). */
async function refuseIfTooManyWrongCodes(scope: TenantScope, userId: number): Promise<void> {
  const state = await peekRateLimit(scope.platform, codesKey(userId), LIMITS.twoFactorCodesPerUser);
  if (state.hits >= LIMITS.twoFactorCodesPerUser.max) throw new TooManyRequestsError(TOO_MANY_CODES(Math.ceil(state.retryAfter / 60)));
}

async function wrongCode(scope: TenantScope, userId: number): Promise<never> {
  await hitRateLimit(scope.platform, codesKey(userId), LIMITS.twoFactorCodesPerUser);
  throw new BadRequestError(TWO_FACTOR_CODE_WRONG, [TWO_FACTOR_CODE_WRONG]);
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code (PNG data URL) for the profile dialog. */
  qrCode: string;
}

/** A new pending secret (replacing an earlier pending one); refused while two-factor is on. */
export async function startTwoFactorSetup(scope: TenantScope, userId: number): Promise<TwoFactorSetup> {
  const user = await getUserOrThrow(scope, userId);
  if (user.twoFactorEnabledAt) throw new BadRequestError(TWO_FACTOR_ALREADY_ON);
  const secret = newTotpSecret();
  const ids = await scope.updateWhere(users, and(intEq(users.id, userId), isNull(users.twoFactorEnabledAt)), { twoFactorSecret: secret, twoFactorLastStep: null });
  if (!ids.length) throw new BadRequestError(TWO_FACTOR_ALREADY_ON);
  const otpauthUrl = totpUrl(secret, user.email);
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/** Turns two-factor on with a code of the pending secret; answers the ten recovery codes (only their hashes are kept). */
export async function enableTwoFactor(scope: TenantScope, userId: number, code: string, ip?: string | null): Promise<string[]> {
  const user = await getUserOrThrow(scope, userId);
  if (user.twoFactorEnabledAt) throw new BadRequestError(TWO_FACTOR_ALREADY_ON);
  if (!user.twoFactorSecret) throw new BadRequestError(TWO_FACTOR_NOT_STARTED);
  await refuseIfTooManyWrongCodes(scope, userId);
  const step = matchTotp(user.twoFactorSecret, code);
  if (step === null) return wrongCode(scope, userId);
  const codes = newRecoveryCodes();
  await scope.transaction(async (tx) => {
    // the secret the code was checked against, still pending (a setup in another tab would have replaced it)
    const ids = await tx.updateWhere(users, and(intEq(users.id, userId), isNull(users.twoFactorEnabledAt), eq(users.twoFactorSecret, user.twoFactorSecret!)), {
      twoFactorEnabledAt: new Date(),
      twoFactorRecoveryCodes: codes.map(hashRecoveryCode),
      twoFactorLastStep: step,
    });
    if (!ids.length) throw new BadRequestError(TWO_FACTOR_NOT_STARTED);
    await recordAuditEvent(tx, { event: "two_factor_on", ip });
  });
  return codes;
}

/** Turns two-factor off with a current code or a recovery code; the secret and the codes are forgotten. */
export async function disableTwoFactor(scope: TenantScope, userId: number, code: string, ip?: string | null): Promise<void> {
  const user = await getUserOrThrow(scope, userId);
  if (!user.twoFactorEnabledAt) throw new BadRequestError(TWO_FACTOR_NOT_ON);
  await refuseIfTooManyWrongCodes(scope, userId);
  const done = await scope.transaction(async (tx) => {
    if (!(await consumeSecondFactor(tx, user, code, ip))) return false;
    await tx.updateWhere(users, intEq(users.id, userId), TWO_FACTOR_OFF);
    await recordAuditEvent(tx, { event: "two_factor_off", ip });
    return true;
  });
  if (!done) await wrongCode(scope, userId);
}
