import { describe, expect, it } from "vitest";
import { openSecret, sealSecret, SecretBoxError } from "./secret-box";

describe("secret box", () => {
  const key = "test-secret-one";

  it("seals and opens a value, with a versioned prefix and no plain text", () => {
    const sealed = sealSecret("pàssword sègreta €", key);
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(sealed).not.toContain("password");
    expect(openSecret(sealed, key)).toBe("pàssword sègreta €");
  });

  it("uses a random IV per value: the same secret sealed twice differs", () => {
    const a = sealSecret("same", key);
    const b = sealSecret("same", key);
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]);
    expect(openSecret(a, key)).toBe("same");
    expect(openSecret(b, key)).toBe("same");
  });

  it("refuses another key with a clear Italian error", () => {
    const sealed = sealSecret("x", key);
    expect(() => openSecret(sealed, "another-secret")).toThrow(SecretBoxError);
    expect(() => openSecret(sealed, "another-secret")).toThrow(/AUTH_SECRET/);
  });

  it("refuses a tampered value and an unknown format", () => {
    const sealed = sealSecret("value", key);
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3], "base64url");
    body[0] ^= 1;
    parts[3] = body.toString("base64url");
    expect(() => openSecret(parts.join("."), key)).toThrow(SecretBoxError);
    expect(() => openSecret("v9.a.b.c", key)).toThrow(/formato non riconosciuto/);
    expect(() => openSecret("plain text", key)).toThrow(SecretBoxError);
  });

  it("defaults to AUTH_SECRET", () => {
    const before = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = "env-secret";
    try {
      const sealed = sealSecret("from env");
      expect(openSecret(sealed)).toBe("from env");
      expect(openSecret(sealed, "env-secret")).toBe("from env");
      process.env.AUTH_SECRET = "changed";
      expect(() => openSecret(sealed)).toThrow(SecretBoxError);
    } finally {
      if (before === undefined) delete process.env.AUTH_SECRET;
      else process.env.AUTH_SECRET = before;
    }
  });
});
