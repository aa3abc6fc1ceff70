/**
 * Two-factor login (issue 29): TOTP codes (RFC 6238: SHA-1, 6 digits, 30-second steps, as every authenticator app
 * reads an otpauth:// URL) through the otpauth library, and the single-use recovery codes. Pure functions: the
 * users' columns are written by db/queries/two-factor.ts and the login's check (db/queries/accounts.ts).
 *
 * A code is accepted one step either side of now (a phone's clock a little off, a code typed as it changes), and
 * only once: the caller stores the step it was accepted at and refuses that step and earlier ones afterwards
 * (RFC 6238 §5.2), so a code seen over a shoulder cannot be used again.
 */
import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;
/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = "Gestionale";
export const RECOVERY_CODE_COUNT = 10;

function totp(secret: string, label = ""): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as apps take it typed by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL of the QR code: the app adds the account under "Gestionale (<label>)". */
export function totpUrl(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/** The time step of an instant (unix seconds / 30). */
export function totpStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_S);
}

/** The code of a secret at an instant (tests and the e2e walk compute codes as an app would). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}

/** What a user typed, as a code: spaces and dashes dropped, letters lower-case. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

/** Whether a typed code has the shape of a TOTP code (else it is read as a recovery code). */
export function isTotpShape(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(code));
}

/**
 * The step a TOTP code belongs to when it is right within the window, else null. The caller accepts it only when
 * the step is later than the last one it accepted.
 */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  const token = normalizeCode(code);
  if (!isTotpShape(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

// Crockford-like alphabet without 0/o, 1/l/i: codes read off paper are typed right.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten recovery codes "xxxxx-xxxxx" (10 characters of 31: ~50 bits each), shown once to the user. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * What is stored of a recovery code: its SHA-256 (hex) after normalisation. The codes are random and long, so a
 * fast hash is enough (a slow one protects guessable passwords), and a login compares it in SQL.
 */
export function hashRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(normalizeCode(code)).digest("hex");
}
