import { describe, expect, it } from "vitest";
import { hashPassword, isValidPassword, newPassword, PASSWORD_RULE_MESSAGE, verifyPassword } from "./password";

describe("password rule", () => {
  it.each([
    ["abc123", true],
    ["àèìò12", true],
    ["abc12", false], // too short
    ["abcdef", false], // no digit
    ["123456", false], // no letter
    ["", false],
  ])("%s → %s", (pw, ok) => {
    expect(isValidPassword(pw)).toBe(ok);
  });

  it("zod schema reports the Italian rule", () => {
    const r = newPassword("Nuova password").safeParse("abcdef");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(PASSWORD_RULE_MESSAGE);
    expect(newPassword("Nuova password").safeParse("").error?.issues[0]?.message).toBe('Il campo "Nuova password" è richiesto');
  });
});

describe("argon2id hashing", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const h = await hashPassword("demo1234");
    expect(h.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(h, "demo1234")).toBe(true);
    expect(await verifyPassword(h, "demo12345")).toBe(false);
    expect(await verifyPassword(null, "demo1234")).toBe(false);
    expect(await verifyPassword("garbage", "demo1234")).toBe(false);
  });
});
