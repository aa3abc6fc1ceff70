import { afterEach, describe, expect, it } from "vitest";
import { appUrl, requestOrigin } from "./links";

const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("appUrl: the base of links in e-mails and the calendar feed", () => {
  const saved = process.env.APP_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.APP_URL;
    else process.env.APP_URL = saved;
  });

  it("APP_URL when set, without its trailing slash, whatever the request", () => {
    process.env.APP_URL = "https://gestionale.example.com/";
    expect(appUrl(req("http://0.0.0.0:3000/api/x", { host: "altro.example.test" }))).toBe("https://gestionale.example.com");
  });

  it("else the Host the browser used, not the address the server listens on", () => {
    delete process.env.APP_URL;
    expect(appUrl(req("http://0.0.0.0:3000/api/x", { host: "gestionale.example.test:8443" }))).toBe("http://gestionale.example.test:8443");
    expect(appUrl(req("http://127.0.0.1:3000/api/x", { host: "localhost:3000" }))).toBe("http://localhost:3000");
  });

  it("the forwarded host and protocol (kept only from trusted proxies, lib/auth/client-address.ts): the first entry", () => {
    expect(requestOrigin(new Headers({ host: "app:3000", "x-forwarded-host": "www.example.it, app:3000", "x-forwarded-proto": "https,http" }), "http://0.0.0.0:3000/")).toBe("https://www.example.it");
  });

  it("never a bind address, and never a Host that is not a host", () => {
    expect(requestOrigin(new Headers(), "http://0.0.0.0:3000/x")).toBe("http://localhost:3000");
    expect(requestOrigin(new Headers({ host: "0.0.0.0:3000" }), "http://0.0.0.0:3000/x")).toBe("http://localhost:3000");
    expect(requestOrigin(new Headers({ host: "[::]:3000" }), "http://[::]:3000/x")).toBe("http://localhost:3000");
    expect(requestOrigin(new Headers({ host: "evil.example/x?y" }), "http://127.0.0.1:3000/x")).toBe("http://127.0.0.1:3000");
    expect(requestOrigin(new Headers({ host: "a.example", "x-forwarded-proto": "javascript" }), "http://127.0.0.1:3000/x")).toBe("http://a.example");
  });
});
