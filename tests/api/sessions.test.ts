/**
 * Sessions end when they should: the cookie carries a server-side session id, so a copied cookie
 * stops working after logout, a password change (other sessions only), a reset, and on pages too.
 */
import { describe, expect, it } from "vitest";
import { Client, linkIn, sentMails, signUpTenant } from "../support/http";

const SESSION_EXPIRED = "Sessione non valida o scaduta: effettua di nuovo il login";

async function expectLoggedOut(c: Client) {
  const me = await c.get("/api/me");
  expect(me.status).toBe(401);
  expect(me.body.message).toBe(SESSION_EXPIRED);
}

describe("sessions end when they should", () => {
  it("a copied cookie is refused after logout, on the API and on pages", async () => {
    const { client } = await signUpTenant("Studio Logout");
    const copy = client.copy();
    expect((await copy.get("/api/me")).status).toBe(200);
    expect((await copy.raw("GET", "/anagrafica")).status).toBe(200);
    expect((await client.postForm("/api/logout")).status).toBe(200);
    await expectLoggedOut(copy);
    await expectLoggedOut(client);
    const page = await copy.raw("GET", "/anagrafica");
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toMatch(/\/login$/);
  });

  it("a password change ends the user's other sessions and keeps the current one", async () => {
    const { client, email, password } = await signUpTenant("Studio Password");
    const other = await Client.as(email, password);
    const r = await client.postEntity("/api/users/change-my-password", "passwordChangeAskMyDTO", {
      passwordActual: password,
      passwordFirst: "nuova5678",
      passwordSecond: "nuova5678",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await client.get("/api/me")).status).toBe(200);
    await expectLoggedOut(other);
    expect((await Client.as(email, "nuova5678")).hasCookie("authjs.session-token")).toBe(true);
  });

  it("a password reset ends every session of the account", async () => {
    const { client, email } = await signUpTenant("Studio Reset Sessioni");
    const copy = client.copy();
    await new Client().postEntity("/api/reset-password", "resetPassword", { email });
    const token = new URL(linkIn(sentMails(email).at(-1)!.text, "/reset-password-two?token=")).searchParams.get("token");
    const set = await new Client().postEntity("/api/reset-password-two", "passwordReset", { token, passwordFirst: "reset9876", passwordSecond: "reset9876" });
    expect(set.status).toBe(200);
    await expectLoggedOut(client);
    await expectLoggedOut(copy);
  });

  it("a forged or garbled cookie is a 401, never a 500", async () => {
    for (const value of ["x", "a.b.c.d.e", "é".repeat(100), "0".repeat(9000)]) {
      const r = await fetch(new Client().base + "/api/me", { headers: { cookie: `authjs.session-token=${encodeURIComponent(value)}` } });
      expect(r.status).toBe(401);
    }
  });
});
