/**
 * The public demo account cannot be taken over (issue 29): its password, its profile, the tenant's settings and its
 * users are the same for every visitor, so those calls answer 403 with the demo's Italian message and change
 * nothing; nor can anyone ask for a reset link of the demo's address. Its ordinary work (documents, contacts) goes on.
 * That the demo's e-mail never leaves the outbox is proven in lib/mail/mailer.test.ts (a provider key configured).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_COLLEAGUE_LOGIN, DEMO_LOGIN } from "@/db/seed";
import { DEMO_REFUSED } from "@/lib/api/demo";
import { Client, sentMails } from "../support/http";
import { loginAs, postSettings } from "../support/entity-api";

describe("the public demo account", () => {
  let demo: Client;
  let me: { id: number; version: number; firstName: string; lastName: string; color: string };
  let colleague: { id: number; version: number };
  let tenant: Record<string, any>;

  beforeAll(async () => {
    demo = await loginAs(DEMO_LOGIN);
    me = (await demo.get("/api/users/get-profile")).body.user;
    const list = (await demo.get("/api/users?startRow=0&limit=50")).body.data as { id: number; email: string }[];
    const id = list.find((u) => u.email === DEMO_COLLEAGUE_LOGIN.username)!.id;
    colleague = (await demo.get(`/api/users/get/${id}`)).body.user;
    tenant = (await demo.get("/api/tenants/get-actual")).body.tenant;
  });

  const refused = (r: { status: number; body: Record<string, any> }) => expect([r.status, r.body.message], JSON.stringify(r.body)).toEqual([403, DEMO_REFUSED]);

  it("refuses a password change, for the admin and for the demo's colleague; the password still works", async () => {
    const change = { passwordActual: DEMO_LOGIN.password, passwordFirst: "presa1234", passwordSecond: "presa1234" };
    refused(await demo.postEntity("/api/users/change-my-password", "passwordChangeAskMyDTO", change));
    const sara = await loginAs(DEMO_COLLEAGUE_LOGIN);
    refused(await sara.postEntity("/api/users/change-my-password", "passwordChangeAskMyDTO", { ...change, passwordActual: DEMO_COLLEAGUE_LOGIN.password }));
    // the next visitor still gets in with the printed password, and this session goes on
    expect((await new Client().login(DEMO_LOGIN.username, DEMO_LOGIN.password)).status).toBe(200);
    expect((await new Client().login(DEMO_COLLEAGUE_LOGIN.username, DEMO_COLLEAGUE_LOGIN.password)).status).toBe(200);
    expect((await demo.get("/api/me")).status).toBe(200);
  });

  it("refuses a reset link for the demo's address (by e-mail and by username): no mail", async () => {
    const before = sentMails("demo@example.it").length;
    for (const email of ["demo@example.it", "DEMO@example.it"]) {
      refused(await new Client().postEntity("/api/reset-password", "resetPassword", { email }));
    }
    expect(sentMails("demo@example.it")).toHaveLength(before);
  });

  it("refuses the profile save: the profile stays", async () => {
    refused(await demo.postEntity("/api/users/set-profile", "user", { firstName: "Preso", lastName: "Da me", color: "#000000", version: me.version }));
    expect((await demo.get("/api/users/get-profile")).body.user).toMatchObject({ firstName: me.firstName, lastName: me.lastName, version: me.version });
  });

  it("refuses the tenant settings (Impostazioni) and the logo's removal: the settings stay", async () => {
    refused(await postSettings(demo, { ...tenant, denomination: "Presa S.r.l." }));
    refused(await demo.json("DELETE", "/api/tenants/delete-logo"));
    expect((await demo.get("/api/tenants/get-actual")).body.tenant).toMatchObject({ denomination: tenant.denomination, version: tenant.version });
  });

  it("refuses changes to its users: update, disable, enable, delete, invite (its own message)", async () => {
    refused(await demo.postEntity(`/api/users/${colleague.id}`, "user", { firstName: "Sara", lastName: "Presa", email: DEMO_COLLEAGUE_LOGIN.username, roles: ["ROLE_USER", "ROLE_ADMIN"], color: "#000000", version: colleague.version }));
    refused(await demo.postForm(`/api/users/disable/${colleague.id}`));
    refused(await demo.postForm(`/api/users/enable/${colleague.id}`));
    refused(await demo.json("DELETE", `/api/users/delete/${colleague.id}`));
    refused(await demo.postForm(`/api/users/disable/${me.id}`));
    // invitations were already refused in the demo (db/queries/users-admin.ts), with their own message
    const invite = await demo.postEntity("/api/users/invite", "invite", { email: "intruso@example.it", firstName: "In", lastName: "Truso", roles: ["ROLE_USER", "ROLE_ADMIN"] });
    expect(invite.status).toBe(403);
    expect(sentMails("intruso@example.it")).toEqual([]);
    // nothing changed: the colleague is as seeded and can log in
    const after = (await demo.get(`/api/users/get/${colleague.id}`)).body.user;
    expect(after).toMatchObject({ version: colleague.version, roles: ["ROLE_USER"], active: true });
    expect((await new Client().login(DEMO_COLLEAGUE_LOGIN.username, DEMO_COLLEAGUE_LOGIN.password)).status).toBe(200);
  });

  it("still works as a demo: the user list opens and a contact is saved", async () => {
    expect((await demo.get("/api/users?startRow=0&limit=5")).status).toBe(200);
    const r = await demo.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: `Visitatore ${Date.now()}`, isCustomer: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});
