import { describe, expect, it } from "vitest";
import { isWritableWhenExpired } from "./read-only";

describe("the calls a read-only tenant may still make", () => {
  it("the exempt paths and what lies under them, never a path that merely starts alike", () => {
    expect(isWritableWhenExpired("/api/subscription/orders")).toBe(true);
    expect(isWritableWhenExpired("/api/users/change-my-password")).toBe(true);
    expect(isWritableWhenExpired("/api/invoices/download-electronic-invoice-xml/12")).toBe(true);
    expect(isWritableWhenExpired("/api/invoices/download-electronic-invoice-xml-other")).toBe(false);
    expect(isWritableWhenExpired("/api/invoices")).toBe(false);
    expect(isWritableWhenExpired("/api/invoices/12")).toBe(false);
    expect(isWritableWhenExpired("/api/users/enable/3")).toBe(false);
    expect(isWritableWhenExpired("/api/tenants/post-actual")).toBe(false);
  });
});
