import { describe, expect, it } from "vitest";
import { hashRecoveryCode, isTotpShape, matchTotp, newRecoveryCodes, newTotpSecret, normalizeCode, totpCode, totpStep, totpUrl } from "./two-factor";

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (ASCII), here in base32; the 8-digit codes' last 6 digits
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const RFC_VECTORS: [number, string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
];

describe("TOTP (lib/auth/two-factor.ts)", () => {
  it("computes the codes of RFC 6238's test vectors", () => {
    for (const [seconds, code] of RFC_VECTORS) expect([seconds, totpCode(RFC_SECRET, seconds * 1000)]).toEqual([seconds, code]);
  });

  it("accepts a code one step either side of now and answers its step; two steps away, or another shape, is refused", () => {
    const now = 1234567890 * 1000;
    const step = totpStep(now);
    expect(step).toBe(Math.floor(1234567890 / 30));
    expect(matchTotp(RFC_SECRET, "005924", now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, "005 924", now)).toBe(step);
    expect(matchTotp(RFC_SECRET, "00592", now)).toBeNull();
    expect(matchTotp(RFC_SECRET, "abcdef", now)).toBeNull();
  });

  it("makes a 160-bit base32 secret and an otpauth URL apps read", () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
    const url = new URL(totpUrl(a, "anna@example.it"));
    expect(url.protocol + url.host).toBe("otpauth:totp");
    expect(decodeURIComponent(url.pathname)).toBe("/Gestionale:anna@example.it");
    expect(Object.fromEntries(url.searchParams)).toEqual({ issuer: "Gestionale", secret: a, algorithm: "SHA1", digits: "6", period: "30" });
  });
});

describe("recovery codes", () => {
  it("are ten distinct codes of 10 unambiguous characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    for (const c of codes) expect(isTotpShape(c)).toBe(false);
  });

  it("hash the code as typed from paper (spaces, dashes, capitals) to the same SHA-256", () => {
    const h = hashRecoveryCode("abcde-fghjk");
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(" ABCDE FGHJK ")).toBe(h);
    expect(hashRecoveryCode("abcdefghjk")).toBe(h);
    expect(hashRecoveryCode("abcde-fghjm")).not.toBe(h);
    expect(normalizeCode(" 12 34-56 ")).toBe("123456");
  });
});
