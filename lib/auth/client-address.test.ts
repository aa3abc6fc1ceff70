import { describe, expect, it } from "vitest";
import { clientAddress, resolveClientAddress, trustedProxies } from "./client-address";

describe("the client's address", () => {
  const trusted = trustedProxies("127.0.0.1, ::1,10.0.0.5");

  it("is the socket's when the sender is no trusted proxy, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", trusted)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:203.0.113.9", ["1.2.3.4", "5.6.7.8"], trusted)).toBe("203.0.113.9");
    expect(resolveClientAddress("203.0.113.9", undefined, new Set())).toBe("203.0.113.9");
  });

  it("behind trusted proxies is the right-most entry that is not itself a trusted proxy", () => {
    expect(resolveClientAddress("127.0.0.1", "198.51.100.1, 203.0.113.7", trusted)).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:127.0.0.1", "198.51.100.1, 203.0.113.7, 10.0.0.5", trusted)).toBe("203.0.113.7");
    expect(resolveClientAddress("::1", ["198.51.100.1", "203.0.113.7"], trusted)).toBe("203.0.113.7");
  });

  it("is the proxy's own when it forwards no address (a probe from the proxy itself)", () => {
    expect(resolveClientAddress("127.0.0.1", undefined, trusted)).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", "10.0.0.5", trusted)).toBe("10.0.0.5");
  });

  it("route handlers read the one address left in X-Forwarded-For", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});
