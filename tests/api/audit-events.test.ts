/**
 * The audit log of security events (issue 29) over HTTP: GET /api/audit-events (grid list contract, newest first,
 * ROLE_ADMIN) shows a failed and a successful login with the typed address and the client's IP, a logout, a role
 * change, an invitation, a password change and a settings change; another tenant's events are never listed; a user
 * without ROLE_ADMIN gets 403; the export streams the same rows and is itself recorded.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Client, randomAddress, signUpTenant, uniqueEmail } from "../support/http";
import { loginBianchi, postSettings } from "../support/entity-api";

const URL = "/api/audit-events";
const FORBIDDEN = "Non hai i permessi per questa operazione";

type Row = Record<string, any>;

/** The tenant's events as the grid lists them (newest first). */
async function events(c: Client, query = ""): Promise<Row[]> {
  const r = await c.get(`${URL}?startRow=0&limit=200${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Row[];
}

describe("audit log of security events", () => {
  let admin: Client;
  let email: string;
  let password: string;
  let other: Client;
  let otherEmail: string;
  const address = randomAddress();

  beforeAll(async () => {
    ({ client: admin, email, password } = await signUpTenant("Registro Sicurezza S.r.l."));
    ({ client: other, email: otherEmail } = await signUpTenant("Altra Azienda S.r.l."));
  });

  it("lists a failed and a successful login with the typed address and the IP, newest first; a logout", async () => {
    const c = new Client(undefined, address);
    expect((await c.login(email.toUpperCase(), "sbagliata99")).status).toBe(401);
    expect((await c.login(email, password)).status).toBe(200);
    expect((await c.postForm("/api/logout")).status).toBe(200);
    // a login with an address nobody has: no tenant, no event anywhere
    expect((await new Client(undefined, address).login(uniqueEmail("nessuno"), "sbagliata99")).status).toBe(401);

    const rows = (await events(admin)).filter((r) => r.ip === address);
    expect(rows.map((r) => [r.event, r.address])).toEqual([
      ["Uscita", null],
      ["Accesso riuscito", email],
      ["Accesso non riuscito", email],
    ]);
    expect(rows.every((r) => r.user?.toString === "Anna Verdi")).toBe(true);
    expect(rows[2]!.detail).toBe("Password errata");
    expect(Date.parse(rows[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(rows[2]!.createdAt));
  });

  it("lists an invitation and a role change (who, whom, the roles) and a settings change", async () => {
    const invited = uniqueEmail("invitato");
    const inv = await admin.postEntity("/api/users", "user", { email: invited, firstName: "Ivo", lastName: "Invitato", roles: ["ROLE_USER"] });
    expect(inv.status, JSON.stringify(inv.body)).toBe(200);
    const up = await admin.postEntity(`/api/users/${inv.body.user.id}`, "user", { firstName: "Ivo", lastName: "Invitato", roles: ["ROLE_USER", "ROLE_ADMIN"], version: inv.body.user.version });
    expect(up.status, JSON.stringify(up.body)).toBe(200);

    const t = (await admin.get("/api/tenants/get-actual")).body.tenant;
    expect((await postSettings(admin, { ...t, denomination: "Registro Sicurezza Due S.r.l." })).status).toBe(200);

    const rows = await events(admin);
    const about = rows.filter((r) => r.address === invited).map((r) => [r.event, r.detail, r.user?.toString]);
    expect(about).toEqual([
      ["Ruoli modificati", "Utente → Utente, Amministratore", "Anna Verdi"],
      ["Utente invitato", "Ruoli: Utente", "Anna Verdi"],
    ]);
    const settings = rows.find((r) => r.event === "Impostazioni modificate");
    expect(settings?.detail).toBe("Ragione sociale");

    // the grid's filters work on it like on every grid
    const filtered = await events(admin, `&filterModel=${encodeURIComponent(JSON.stringify({ event: { filterType: "text", type: "equals", filter: "Ruoli modificati" } }))}`);
    expect(filtered.map((r) => r.event)).toEqual(["Ruoli modificati"]);
  });

  it("a password change is recorded", async () => {
    const c = await Client.as(email, password);
    const r = await c.postEntity("/api/users/change-my-password", "passwordChangeAskMyDTO", { passwordActual: password, passwordFirst: "nuova12345", passwordSecond: "nuova12345" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    password = "nuova12345";
    expect((await events(c))[0]).toMatchObject({ event: "Password cambiata", address: email });
    // the change ended the admin's other sessions: this one goes on
    admin = c;
  });

  it("never lists another tenant's events", async () => {
    const mine = await events(admin);
    const theirs = await events(other);
    expect(theirs.length).toBeGreaterThan(0);
    const ids = new Set(mine.map((r) => r.id));
    expect(theirs.some((r) => ids.has(r.id))).toBe(false);
    expect(JSON.stringify(theirs)).not.toContain(email);
    expect(JSON.stringify(mine)).not.toContain(otherEmail);
    // every id of the filtered set (select all): the tenant's own only
    const all = await other.get(`${URL}?ids=1`);
    expect(all.status).toBe(200);
    expect((all.body.ids as number[]).some((id) => ids.has(id))).toBe(false);
  });

  it("a user without ROLE_ADMIN gets 403, the list and the export", async () => {
    const bianchi = await loginBianchi();
    for (const url of [URL, `${URL}/export?format=csv`]) {
      const r = await bianchi.get(url);
      expect([r.status, r.body.message]).toEqual([403, FORBIDDEN]);
    }
    expect((await new Client().get(URL)).status).toBe(401);
  });

  it("exports the filtered log as CSV, and the export itself is recorded", async () => {
    const res = await admin.raw("GET", `${URL}/export?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("registro-sicurezza-");
    const csv = await res.text();
    const header = csv.replace(/^\uFEFF/, "").split(/\r?\n/)[0]!;
    for (const h of ["Data", "Evento", "Utente", "Indirizzo", "IP", "Dettaglio"]) expect(header).toContain(h);
    expect(csv).toContain("Accesso non riuscito");
    expect(csv).toContain("Ruoli modificati");
    expect(csv).not.toContain(otherEmail);

    const [newest] = await events(admin);
    expect(newest).toMatchObject({ event: "Esportazione", detail: "registro-sicurezza (CSV, 6 colonne)" });
    // any grid's export is recorded, from the one export handler
    expect((await admin.raw("GET", "/api/users/export?format=xlsx")).status).toBe(200);
    expect((await events(admin))[0]).toMatchObject({ event: "Esportazione", detail: expect.stringMatching(/^utenti \(XLSX, \d+ colonne\)$/) });
  });
});
