import { describe, expect, it } from "vitest";
import { DEMO_LOGIN, ROSSI_LOGIN } from "@/db/seed";
import { Client, signUpTenant } from "../support/http";

describe("tenant calls", () => {
  it("get-data returns the tenant with expiresInDays and isFree", async () => {
    const c = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    const r = await c.get("/api/tenants/get-data");
    expect(r.status).toBe(200);
    expect(r.body.tenant).toMatchObject({ id: 2, denomination: "Studio Tecnico Rossi", isFree: false, expiresInDays: 200, demo: false });
    expect(r.body.tenant.logo).toBeUndefined();
    const demo = await Client.as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    expect((await demo.get("/api/tenants/get-data")).body.tenant).toMatchObject({ id: 1, demo: true, isFree: true, expiresInDays: 365 });
  });

  it("get-logo-thumb is null for a tenant without logo", async () => {
    const { client } = await signUpTenant();
    const r = await client.get("/api/tenants/get-logo-thumb");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", base64: null, contentType: null });
  });

  it("each session sees only its own tenant and profile", async () => {
    const a = await signUpTenant("Azienda A");
    const b = await signUpTenant("Azienda B");
    const ta = (await a.client.get("/api/tenants/get-data")).body.tenant;
    const tb = (await b.client.get("/api/tenants/get-data")).body.tenant;
    expect(ta.denomination).toBe("Azienda A");
    expect(tb.denomination).toBe("Azienda B");
    expect(ta.id).not.toBe(tb.id);
    await b.client.postEntity("/api/users/set-profile", "user", { firstName: "Bruno", lastName: "B", version: 0 });
    expect((await a.client.get("/api/users/get-profile")).body.user.firstName).toBe("Anna");
  });
});
