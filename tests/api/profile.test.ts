import { describe, expect, it } from "vitest";
import { PASSWORD_RULE_MESSAGE } from "@/lib/schemas/password";
import { Client, signUpTenant } from "../support/http";

describe("profile", () => {
  it("reads and saves the own profile, bumping the version", async () => {
    const { client, email } = await signUpTenant("Profili S.n.c.");
    const p = await client.get("/api/users/get-profile");
    expect(p.status).toBe(200);
    expect(p.body.user).toMatchObject({ username: email, email, firstName: "Anna", lastName: "Verdi", version: 0 });
    expect(p.body.user.passwordHash).toBeUndefined();

    const s = await client.postEntity("/api/users/set-profile", "user", { firstName: "  Anna Maria ", lastName: "Verdi", color: "#fde2e4", version: 0 });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ status: "ok", message: "Modifica effettuata", user: { firstName: "Anna Maria", color: "#fde2e4", version: 1 } });
    expect((await client.get("/api/users/get-profile")).body.user.firstName).toBe("Anna Maria");
  });

  it("gives the spec's messages for missing Nome and Cognome and writes nothing", async () => {
    const { client } = await signUpTenant();
    const r = await client.postEntity("/api/users/set-profile", "user", { firstName: " ", lastName: "", version: 0 });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Errore nella compilazione dei campi\nIl campo "Nome" è richiesto\nIl campo "Cognome" è richiesto');
    expect(r.body.errors).toEqual(['Il campo "Nome" è richiesto', 'Il campo "Cognome" è richiesto']);
    expect((await client.get("/api/users/get-profile")).body.user).toMatchObject({ firstName: "Anna", version: 0 });
  });

  it("refuses a stale version with 409 and keeps the newer data", async () => {
    const { client } = await signUpTenant();
    expect((await client.postEntity("/api/users/set-profile", "user", { firstName: "Primo", lastName: "Verdi", version: 0 })).status).toBe(200);
    const stale = await client.postEntity("/api/users/set-profile", "user", { firstName: "Secondo", lastName: "Verdi", version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modificato da un altro utente/);
    expect((await client.get("/api/users/get-profile")).body.user.firstName).toBe("Primo");
  });

  it("refuses a save without the version it read (400) and writes nothing", async () => {
    const { client } = await signUpTenant();
    const r = await client.postEntity("/api/users/set-profile", "user", { firstName: "Senza", lastName: "Versione" });
    expect([r.status, r.body.message]).toEqual([400, "Versione mancante: ricarica i dati prima di salvare"]);
    expect((await client.get("/api/users/get-profile")).body.user).toMatchObject({ firstName: "Anna", version: 0 });
  });

  it("rejects wrong types and a bad colour", async () => {
    const { client } = await signUpTenant();
    expect((await client.postEntity("/api/users/set-profile", "user", { firstName: ["x"], lastName: "Verdi" })).status).toBe(400);
    const c = await client.postEntity("/api/users/set-profile", "user", { firstName: "A", lastName: "B", color: "red;drop" });
    expect(c.status).toBe(400);
    expect(c.body.errors).toEqual(["Colore non valido"]);
  });
});

describe("change my password", () => {
  const url = "/api/users/change-my-password";
  const field = "passwordChangeAskMyDTO";

  it("checks the actual password, the repeat and the rule, then changes it", async () => {
    const { client, email, password } = await signUpTenant();
    const wrong = await client.postEntity(url, field, { passwordActual: "sbagliata1", passwordFirst: "nuova1234", passwordSecond: "nuova1234" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(["La password attuale non è corretta"]);
    const differ = await client.postEntity(url, field, { passwordActual: password, passwordFirst: "nuova1234", passwordSecond: "nuova4321" });
    expect(differ.body.errors).toEqual(["Le due nuove password non coincidono"]);
    const weak = await client.postEntity(url, field, { passwordActual: password, passwordFirst: "solo lettere", passwordSecond: "solo lettere" });
    expect(weak.body.errors).toEqual([PASSWORD_RULE_MESSAGE]);
    const empty = await client.postEntity(url, field, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(
      expect.arrayContaining(['Il campo "Password attuale" è richiesto', 'Il campo "Nuova password" è richiesto', 'Il campo "Ripeti la nuova password" è richiesto']),
    );
    // still the old password
    expect((await new Client().login(email, password)).status).toBe(200);

    const ok = await client.postEntity(url, field, { passwordActual: password, passwordFirst: "nuova1234", passwordSecond: "nuova1234" });
    expect(ok.status).toBe(200);
    expect((await new Client().login(email, password)).status).toBe(401);
    expect((await new Client().login(email, "nuova1234")).status).toBe(200);
  });
});
