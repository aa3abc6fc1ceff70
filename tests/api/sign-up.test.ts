import { describe, expect, it } from "vitest";
import { DUPLICATE_ACCOUNT } from "@/lib/auth/messages";
import { PASSWORD_RULE_MESSAGE } from "@/lib/schemas/password";
import { Client, signUpTenant, uniqueEmail } from "../support/http";

const valid = (email: string) => ({
  denomination: "Officina Meccanica Esposito",
  firstName: "Gennaro",
  lastName: "Esposito",
  email,
  password: "officina1",
  passwordSecond: "officina1",
  acceptTerms: true,
});

describe("sign-up", () => {
  it("creates a tenant with an admin holding all three roles and a 30-day free trial, logged in", async () => {
    const { client, email } = await signUpTenant("Panificio Bianco");
    const me = await client.get("/api/me");
    expect(me.body.username).toBe(email);
    expect(me.body.roles).toEqual(["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"]);
    expect(me.body.tenant.id).toBeGreaterThan(2);
    const data = await client.get("/api/tenants/get-data");
    expect(data.body.tenant).toMatchObject({ denomination: "Panificio Bianco", expiresInDays: 30, isFree: true });
  });

  it("refuses a second account with the same e-mail", async () => {
    const email = uniqueEmail("doppio");
    expect((await new Client().postEntity("/api/sign-up", "signUp", valid(email))).status).toBe(200);
    const r = await new Client().postEntity("/api/sign-up", "signUp", valid(email.toUpperCase()));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([DUPLICATE_ACCOUNT]);
  });

  it("enforces the password rule and the repeat on the server, writing nothing", async () => {
    const email = uniqueEmail("debole");
    const weak = await new Client().postEntity("/api/sign-up", "signUp", { ...valid(email), password: "abcdef", passwordSecond: "abcdef" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toContain(PASSWORD_RULE_MESSAGE);
    const differ = await new Client().postEntity("/api/sign-up", "signUp", { ...valid(email), passwordSecond: "officina2" });
    expect(differ.status).toBe(400);
    expect(differ.body.errors).toEqual(["Le due password non coincidono"]);
    // nothing was written: the e-mail is still free and cannot log in
    expect((await new Client().login(email, "abcdef")).status).toBe(401);
    expect((await new Client().postEntity("/api/sign-up", "signUp", valid(email))).status).toBe(200);
  });

  it("reports every missing field in Italian", async () => {
    const r = await new Client().postEntity("/api/sign-up", "signUp", {});
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(
      expect.arrayContaining(['Il campo "Ragione sociale" è richiesto', 'Il campo "Nome" è richiesto', 'Il campo "Cognome" è richiesto', 'Il campo "Email" è richiesto']),
    );
  });

  it("rejects wrong types, a missing entity field and broken JSON with 400", async () => {
    const c = new Client();
    const wrongTypes = await c.postEntity("/api/sign-up", "signUp", { ...valid(uniqueEmail()), firstName: 42, acceptTerms: "yes" });
    expect(wrongTypes.status).toBe(400);
    expect((await c.postForm("/api/sign-up", {})).body.message).toBe('Dati mancanti: il campo "signUp" non è stato inviato');
    const broken = await c.postEntity("/api/sign-up", "signUp", "{broken");
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Dati non validi: il campo "signUp" non contiene un JSON leggibile');
    expect((await c.postEntity("/api/sign-up", "signUp", "[1,2]")).status).toBe(400);
  });
});
