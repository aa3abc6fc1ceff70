/**
 * Utenti (ROLE_ADMIN): the list, the forms, the invitation (mail, /sign-in), updates of names, roles
 * and colour, disable / enable / resend-invitation, and the rules: nobody removes their own
 * ROLE_ADMIN or disables themselves, a tenant keeps one active admin even when two admins demote
 * each other at once, a role change or a disable ends the user's sessions at once; other tenants get
 * 404 everywhere, users without ROLE_ADMIN 403.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "@/db/seed";
import { DUPLICATE_ACCOUNT, INVITE_LINK_INVALID, USER_DISABLED } from "@/lib/auth/messages";
import { Client, linkIn, sentMails, signUpTenant, uniqueEmail } from "../support/http";
import { expectErrors, loginAs, loginBianchi, SAVED } from "../support/entity-api";

const BASE = "/api/users";
const FIELD = "user";
const UPDATED = "Modifica effettuata";
const SESSION_EXPIRED = "Sessione non valida o scaduta: effettua di nuovo il login";

const M = {
  ownAdminRole: "Non puoi togliere a te stesso il ruolo Amministratore",
  disableSelf: "Non puoi disabilitare il tuo utente",
  lastAdmin: "L'azienda deve avere almeno un amministratore attivo: questo utente è l'ultimo",
  emailReadOnly: "L'email di un utente non si può modificare: per un indirizzo diverso invita un nuovo utente",
  notDeletable: "Gli utenti non si eliminano: per togliere l'accesso disabilita l'utente",
  alreadyActive: "L'utente ha già scelto la sua password: l'invito non serve più",
  resendDisabled: "L'utente è disabilitato: abilitalo prima di inviare di nuovo l'invito",
  demo: "Nella demo non si possono invitare utenti",
  disabled: "Utente disabilitato: non può più accedere",
  enabled: "Utente abilitato",
  enabledPending: "Utente abilitato: invia di nuovo l'invito perché possa scegliere la password",
  invitationSent: (email: string) => `Invito inviato a ${email}: il link per scegliere la password vale 7 giorni`,
  invitationResent: (email: string) => `Nuovo invito inviato a ${email}: i link precedenti non valgono più`,
  notFound: "Utente non trovato",
  forbidden: "Non hai i permessi per questa operazione",
};

const ALL_ROLES = ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"];

/** The invitation link's token in the last mail to `email`. */
function invitationToken(email: string): string {
  const mail = sentMails(email).at(-1);
  if (!mail) throw new Error(`nessun invito a ${email}`);
  return new URL(linkIn(mail.text, "/sign-in?token=")).searchParams.get("token")!;
}

/** Sets the password through the invitation link: the invited user's logged-in client. */
async function acceptInvitation(email: string, password = "invito1234"): Promise<Client> {
  const c = new Client();
  const r = await c.postEntity("/api/sign-in", "passwordSet", { token: invitationToken(email), passwordFirst: password, passwordSecond: password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return c;
}

async function invite(admin: Client, user: Record<string, unknown>) {
  const r = await admin.postEntity(BASE, FIELD, user);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.user as Record<string, any>;
}

async function expectLoggedOut(c: Client) {
  const me = await c.get("/api/me");
  expect([me.status, me.body.message]).toEqual([401, SESSION_EXPIRED]);
}

async function myId(c: Client): Promise<number> {
  const r = await c.get("/api/users/get-profile");
  return r.body.user.id as number;
}

/** The tenant's users as the list shows them. */
async function listed(c: Client): Promise<Record<string, any>[]> {
  const r = await c.get(`${BASE}?startRow=0&limit=100`);
  expect(r.status).toBe(200);
  return r.body.data;
}

describe("Utenti: list, forms, invitation, update", () => {
  let anna: Client;
  let annaEmail: string;

  beforeAll(async () => {
    ({ client: anna, email: annaEmail } = await signUpTenant("Studio Utenti"));
  });

  it("lists the tenant's users with names, e-mail, roles, colour, last access, state and pending invitation", async () => {
    const r = await anna.get(`${BASE}?startRow=0&limit=50`);
    expect(r.status).toBe(200);
    expect(r.body.gridData.columns.map((c: { field: string }) => c.field)).toEqual(["id", "firstName", "lastName", "email", "roles", "active", "invitationPending", "lastLoginAt", "color", "createdAt"]);
    expect(r.body.gridData.columns.map((c: { header: string }) => c.header)).toEqual(["Id", "Nome", "Cognome", "Email", "Ruoli", "Attivo", "Invito in attesa", "Ultimo accesso", "Colore", "Data inserimento"]);
    expect(r.body.count).toBe(1);
    expect(r.body.data[0]).toMatchObject({
      firstName: "Anna",
      lastName: "Verdi",
      email: annaEmail,
      roles: "Utente, Amministrazione, Amministratore",
      color: "#7c3aed",
      lastLoginAt: expect.any(String),
      active: true,
      invitationPending: false,
      rowColor: null,
    });
    const csv = await (await anna.raw("GET", `${BASE}/export?format=csv&columns=firstName,lastName,email,roles,active,invitationPending`)).text();
    expect(csv.replace(/^\uFEFF/, "").trim().split("\r\n")).toEqual(["Nome;Cognome;Email;Ruoli;Attivo;Invito in attesa", `Anna;Verdi;${annaEmail};Utente, Amministrazione, Amministratore;Sì;No`]);
  });

  it("create-form-data is an invitation draft; the invitation saves the user without a password and mails the /sign-in link", async () => {
    const draft = await anna.get(`${BASE}/create-form-data`);
    expect(draft.body).toEqual({
      status: "ok",
      user: { id: null, version: 0, email: "", firstName: "", lastName: "", roles: ["ROLE_USER"], color: "#c3dcf7", lastLoginAt: null, active: true, invitationPending: true, twoFactorEnabled: false, rowColor: null, toString: "" },
      formData: {},
    });

    const email = uniqueEmail("sara");
    const r = await anna.postEntity(BASE, FIELD, { email: ` ${email.toUpperCase()} `, firstName: " Sara ", lastName: "Neri", roles: ["ROLE_DOCUMENT", "ROLE_USER", "ROLE_USER"], color: "#C8EFC4" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      status: "ok",
      message: SAVED,
      dialogMessage: M.invitationSent(email),
      user: {
        id: expect.any(Number),
        version: 0,
        email,
        firstName: "Sara",
        lastName: "Neri",
        roles: ["ROLE_USER", "ROLE_DOCUMENT"],
        color: "#c8efc4",
        lastLoginAt: null,
        active: true,
        invitationPending: true,
        twoFactorEnabled: false,
        rowColor: null,
        toString: "Sara Neri",
      },
    });
    const user = r.body.user;
    expect((await anna.get(`${BASE}/update-form-data/${user.id}`)).body).toEqual({ status: "ok", user, formData: {} });
    expect((await anna.get(`${BASE}/get/${user.id}`)).body.user).toEqual(user);
    expect((await listed(anna)).find((u) => u.id === user.id)).toMatchObject({ roles: "Utente, Amministrazione", invitationPending: true, lastLoginAt: null });

    const mails = sentMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Invito a Studio Utenti");
    expect(mails[0]!.text).toContain("Anna Verdi ti ha invitato a usare il gestionale di Studio Utenti.");
    expect(linkIn(mails[0]!.text, "/sign-in?token=")).toMatch(/^http:\/\/[\w.-]+:\d+\/sign-in\?token=[\w-]{43}$/);
    // no password yet: nobody logs in as Sara
    expect((await new Client().login(email, "qualsiasi1")).status).toBe(401);
  });

  it("refuses a taken e-mail (in any tenant), a missing e-mail, names or roles, and sends nothing", async () => {
    const email = uniqueEmail("doppio");
    await invite(anna, { email, firstName: "Primo", lastName: "Invito", roles: ["ROLE_USER"] });
    const before = (await listed(anna)).length;
    await expectErrors(anna, BASE, FIELD, { email: email.toUpperCase(), firstName: "Altro", lastName: "Invito", roles: ["ROLE_USER"] }, [DUPLICATE_ACCOUNT]);
    await expectErrors(anna, BASE, FIELD, { email: "mario.rossi@example.it", firstName: "Mario", lastName: "Rossi", roles: ["ROLE_USER"] }, [DUPLICATE_ACCOUNT]);
    await expectErrors(anna, BASE, FIELD, { firstName: "Senza", lastName: "Email", roles: ["ROLE_USER"] }, ['Il campo "Email" è richiesto']);
    await expectErrors(anna, BASE, FIELD, { email: "", firstName: "", lastName: "", roles: [] }, ['Il campo "Email" è richiesto', 'Il campo "Nome" è richiesto', 'Il campo "Cognome" è richiesto', "Scegliere almeno un ruolo"]);
    await expectErrors(anna, BASE, FIELD, { email: "non-una-email", firstName: "A", lastName: "B", roles: ["ROLE_ROOT"] }, ["Indirizzo email non corretto", "Ruolo non valido"]);
    await expectErrors(anna, BASE, FIELD, { email: uniqueEmail("colore"), firstName: "A", lastName: "B", roles: ["ROLE_USER"], color: "rosso" }, ["Colore non valido"]);
    expect((await listed(anna)).length).toBe(before);
    expect(sentMails(email)).toHaveLength(1);
  });

  it("updates names, roles and colour with the version; the e-mail stays; a stale version is a 409", async () => {
    const email = uniqueEmail("modifica");
    const u = await invite(anna, { email, firstName: "Marta", lastName: "Bassi", roles: ["ROLE_USER"] });
    const r = await anna.postEntity(`${BASE}/${u.id}`, FIELD, { firstName: "Marta Maria", lastName: "Bassi", roles: ["ROLE_ADMIN", "ROLE_USER"], color: "#fde2e4", version: 0 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ status: "ok", message: UPDATED, user: { ...u, firstName: "Marta Maria", roles: ["ROLE_USER", "ROLE_ADMIN"], color: "#fde2e4", version: 1, toString: "Marta Maria Bassi" } });
    // the same e-mail may come back with the form; another one is refused
    expect((await anna.postEntity(`${BASE}/${u.id}`, FIELD, { email, firstName: "Marta", lastName: "Bassi", roles: ["ROLE_USER"], version: 1 })).status).toBe(200);
    await expectErrors(anna, `${BASE}/${u.id}`, FIELD, { email: uniqueEmail("nuova"), firstName: "Marta", lastName: "Bassi", roles: ["ROLE_USER"], version: 2 }, [M.emailReadOnly]);
    const stale = await anna.postEntity(`${BASE}/${u.id}`, FIELD, { firstName: "Vecchia", lastName: "Versione", roles: ["ROLE_USER"], version: 1 });
    expect(stale.status).toBe(409);
    const missing = await anna.postEntity(`${BASE}/${u.id}`, FIELD, { firstName: "Marta", lastName: "Bassi", roles: ["ROLE_USER"] });
    expect([missing.status, missing.body.message]).toEqual([400, "Versione mancante: ricarica i dati prima di salvare"]);
    expect((await anna.get(`${BASE}/get/${u.id}`)).body.user).toMatchObject({ email, firstName: "Marta", roles: ["ROLE_USER"], version: 2 });
  });

  it("users are never deleted", async () => {
    const u = await invite(anna, { email: uniqueEmail("elimina"), firstName: "Da", lastName: "Eliminare", roles: ["ROLE_USER"] });
    const r = await anna.json("DELETE", `${BASE}/${u.id}`);
    expect([r.status, r.body.message]).toEqual([409, M.notDeletable]);
    expect((await anna.get(`${BASE}/get/${u.id}`)).status).toBe(200);
  });

  it("/api/users/invite still invites, on the same path", async () => {
    const email = uniqueEmail("vecchio");
    const r = await anna.postEntity("/api/users/invite", "invite", { email, firstName: "Vito", lastName: "Vecchi", roles: ["ROLE_USER"] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", message: "Invito inviato", user: { id: expect.any(Number), username: email, email, firstName: "Vito", lastName: "Vecchi", color: "#c3dcf7", roles: ["ROLE_USER"], twoFactorEnabled: false, version: 0 } });
    expect(invitationToken(email)).toBeTruthy();
    const again = await anna.postEntity("/api/users/invite", "invite", { email, firstName: "Vito", lastName: "Vecchi", roles: ["ROLE_USER"] });
    expect([again.status, again.body.errors]).toEqual([400, [DUPLICATE_ACCOUNT]]);
  });
});

describe("Utenti: sessions end on a role change and on disable", () => {
  let anna: Client;

  beforeAll(async () => {
    anna = (await signUpTenant("Studio Sessioni Utenti")).client;
  });

  it("the invited user signs in; a role change ends their sessions at once, a name change does not", async () => {
    const email = uniqueEmail("ruoli");
    const u = await invite(anna, { email, firstName: "Piero", lastName: "Galli", roles: ["ROLE_USER"] });
    const piero = await acceptInvitation(email);
    const copy = piero.copy();
    expect((await piero.get("/api/me")).body).toMatchObject({ username: email, roles: ["ROLE_USER"] });
    const after = (await anna.get(`${BASE}/get/${u.id}`)).body.user;
    expect(after).toMatchObject({ invitationPending: false, lastLoginAt: expect.any(String) });

    const rename = await anna.postEntity(`${BASE}/${u.id}`, FIELD, { firstName: "Pietro", lastName: "Galli", roles: ["ROLE_USER"], version: after.version });
    expect(rename.status).toBe(200);
    expect((await copy.get("/api/me")).status).toBe(200);

    const promote = await anna.postEntity(`${BASE}/${u.id}`, FIELD, { firstName: "Pietro", lastName: "Galli", roles: ["ROLE_USER", "ROLE_DOCUMENT"], version: rename.body.user.version });
    expect(promote.status).toBe(200);
    await expectLoggedOut(copy);
    await expectLoggedOut(piero);
    const again = await Client.as(email, "invito1234");
    expect((await again.get("/api/me")).body.roles).toEqual(["ROLE_USER", "ROLE_DOCUMENT"]);
    expect((await again.get("/api/items?startRow=0&limit=1")).status).toBe(200);
  });

  it("an admin changing their own roles keeps the session making the change; their other sessions end", async () => {
    const { client: self, email, password } = await signUpTenant("Studio Ruoli Propri");
    const other = await Client.as(email, password);
    const id = await myId(self);
    const form = (await self.get(`${BASE}/update-form-data/${id}`)).body.user;
    const r = await self.postEntity(`${BASE}/${id}`, FIELD, { ...form, roles: ["ROLE_USER", "ROLE_ADMIN"] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await self.get("/api/me")).body.roles).toEqual(["ROLE_USER", "ROLE_ADMIN"]);
    expect((await self.get("/api/items")).status).toBe(403);
    await expectLoggedOut(other);
  });

  it("disable ends the user's sessions and refuses the login; enable lets them log in again, the old sessions stay ended", async () => {
    const email = uniqueEmail("disabilita");
    const u = await invite(anna, { email, firstName: "Irene", lastName: "Conti", roles: ["ROLE_USER"] });
    const irene = await acceptInvitation(email, "irene1234");
    const copy = irene.copy();
    expect((await copy.get("/api/me")).status).toBe(200);

    const off = await anna.postForm(`${BASE}/disable/${u.id}`);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toEqual({ status: "ok", message: M.disabled, user: expect.objectContaining({ id: u.id, active: false, invitationPending: false }) });
    await expectLoggedOut(copy);
    await expectLoggedOut(irene);
    const refused = await new Client().login(email, "irene1234");
    expect([refused.status, refused.body.message]).toEqual([401, USER_DISABLED]);
    expect((await listed(anna)).find((x) => x.id === u.id)).toMatchObject({ active: false });
    const onlyDisabled = await anna.get(`${BASE}?startRow=0&limit=10&filterModel=${encodeURIComponent(JSON.stringify({ active: { filterType: "boolean", type: "equals", filter: 0 } }))}`);
    expect(onlyDisabled.body.data.map((x: { id: number }) => x.id)).toEqual([u.id]);

    const on = await anna.postForm(`${BASE}/enable/${u.id}`);
    expect(on.body).toEqual({ status: "ok", message: M.enabled, user: expect.objectContaining({ id: u.id, active: true }) });
    await expectLoggedOut(copy);
    expect((await Client.as(email, "irene1234").then((c) => c.get("/api/me"))).status).toBe(200);
  });
});

describe("Utenti: nobody demotes or disables themselves, and one active admin stays", () => {
  it("refuses removing one's own ROLE_ADMIN and disabling oneself", async () => {
    const { client: anna } = await signUpTenant("Studio Autonomo");
    const id = await myId(anna);
    const form = (await anna.get(`${BASE}/update-form-data/${id}`)).body.user;
    await expectErrors(anna, `${BASE}/${id}`, FIELD, { ...form, roles: ["ROLE_USER", "ROLE_DOCUMENT"] }, [M.ownAdminRole]);
    const off = await anna.postForm(`${BASE}/disable/${id}`);
    expect([off.status, off.body.message]).toEqual([400, M.disableSelf]);
    expect((await anna.get(`${BASE}/get/${id}`)).body.user).toEqual(form);
    expect((await anna.get("/api/me")).status).toBe(200);
  });

  /** A tenant with two admins who can log in: Anna (who signed up) and Bruno (invited). */
  async function twoAdmins(denomination: string) {
    const { client: anna } = await signUpTenant(denomination);
    const email = uniqueEmail("bruno");
    const bruno = await invite(anna, { email, firstName: "Bruno", lastName: "Secondo", roles: ALL_ROLES });
    const brunoClient = await acceptInvitation(email);
    const annaUser = (await anna.get(`${BASE}/get/${await myId(anna)}`)).body.user;
    const brunoUser = (await anna.get(`${BASE}/get/${bruno.id}`)).body.user;
    return { anna, bruno: brunoClient, annaUser, brunoUser };
  }

  /** One of two crossed saves wins; the other is refused (409 last admin, or 401/403 when its guard already saw the first). */
  async function expectOneWins(results: { status: number; body: Record<string, any> }[]) {
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0], JSON.stringify(results.map((r) => r.body))).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const loser = results.find((r) => r.status !== 200)!;
    if (loser.status === 409) expect(loser.body.message).toBe(M.lastAdmin);
  }

  async function activeAdmins(...clients: Client[]): Promise<number> {
    for (const c of clients) {
      const r = await c.get(`${BASE}?startRow=0&limit=100`);
      if (r.status === 200) return (r.body.data as Record<string, any>[]).filter((u) => u.active && !u.invitationPending && u.roles.includes("Amministratore")).length;
    }
    throw new Error("nessun amministratore può leggere la lista");
  }

  it("two admins demoting each other at the same moment leave one admin", async () => {
    const { anna, bruno, annaUser, brunoUser } = await twoAdmins("Studio Due Admin");
    const results = await Promise.all([
      anna.postEntity(`${BASE}/${brunoUser.id}`, FIELD, { ...brunoUser, roles: ["ROLE_USER"] }),
      bruno.postEntity(`${BASE}/${annaUser.id}`, FIELD, { ...annaUser, roles: ["ROLE_USER"] }),
    ]);
    await expectOneWins(results);
    expect(await activeAdmins(anna, bruno)).toBe(1);
  });

  it("two admins disabling each other at the same moment leave one admin", async () => {
    const { anna, bruno, annaUser, brunoUser } = await twoAdmins("Studio Due Admin Bis");
    const results = await Promise.all([anna.postForm(`${BASE}/disable/${brunoUser.id}`), bruno.postForm(`${BASE}/disable/${annaUser.id}`)]);
    await expectOneWins(results);
    expect(await activeAdmins(anna, bruno)).toBe(1);
  });

  it("with another active admin, an admin may demote or disable the other", async () => {
    const { anna, bruno, annaUser, brunoUser } = await twoAdmins("Studio Passaggio");
    const r = await bruno.postEntity(`${BASE}/${annaUser.id}`, FIELD, { ...annaUser, roles: ["ROLE_USER"] });
    expect(r.status).toBe(200);
    await expectLoggedOut(anna);
    // Bruno is now the only admin, and cannot leave
    await expectErrors(bruno, `${BASE}/${brunoUser.id}`, FIELD, { ...brunoUser, roles: ["ROLE_USER"] }, [M.ownAdminRole]);
    expect((await bruno.postForm(`${BASE}/disable/${brunoUser.id}`)).body.message).toBe(M.disableSelf);
    expect(await activeAdmins(bruno)).toBe(1);
  });
});

describe("Utenti: resending the invitation", () => {
  let anna: Client;

  beforeAll(async () => {
    anna = (await signUpTenant("Studio Inviti")).client;
  });

  it("mails a new link while no password is set; the older link stops working", async () => {
    const email = uniqueEmail("reinvio");
    const u = await invite(anna, { email, firstName: "Nora", lastName: "Fabbri", roles: ["ROLE_USER"] });
    const oldToken = invitationToken(email);
    const r = await anna.postForm(`${BASE}/resend-invitation/${u.id}`);
    expect(r.body).toEqual({ status: "ok", message: M.invitationResent(email), user: u });
    expect(sentMails(email)).toHaveLength(2);
    const newToken = invitationToken(email);
    expect(newToken).not.toBe(oldToken);
    const stale = await new Client().postEntity("/api/sign-in", "passwordSet", { token: oldToken, passwordFirst: "nora12345", passwordSecond: "nora12345" });
    expect([stale.status, stale.body.message]).toEqual([400, INVITE_LINK_INVALID]);
    const nora = await acceptInvitation(email, "nora12345");
    expect((await nora.get("/api/me")).status).toBe(200);

    const done = await anna.postForm(`${BASE}/resend-invitation/${u.id}`);
    expect([done.status, done.body.message]).toEqual([409, M.alreadyActive]);
    expect(sentMails(email)).toHaveLength(2);
  });

  it("disabling closes the invitation link; a disabled user gets no new one; enabling says to send it again", async () => {
    const email = uniqueEmail("chiuso");
    const u = await invite(anna, { email, firstName: "Olga", lastName: "Ricci", roles: ["ROLE_USER"] });
    const token = invitationToken(email);
    expect((await anna.postForm(`${BASE}/disable/${u.id}`)).status).toBe(200);
    const closed = await new Client().postEntity("/api/sign-in", "passwordSet", { token, passwordFirst: "olga12345", passwordSecond: "olga12345" });
    expect([closed.status, closed.body.message]).toEqual([400, INVITE_LINK_INVALID]);
    const refused = await anna.postForm(`${BASE}/resend-invitation/${u.id}`);
    expect([refused.status, refused.body.message]).toEqual([409, M.resendDisabled]);
    const on = await anna.postForm(`${BASE}/enable/${u.id}`);
    expect([on.status, on.body.message]).toEqual([200, M.enabledPending]);
    expect((await anna.postForm(`${BASE}/resend-invitation/${u.id}`)).status).toBe(200);
    expect((await acceptInvitation(email, "olga12345").then((c) => c.get("/api/me"))).status).toBe(200);
  });

  it("the public demo invites nobody", async () => {
    const demo = await loginAs(DEMO_LOGIN);
    const email = uniqueEmail("demo");
    const r = await demo.postEntity(BASE, FIELD, { email, firstName: "Spam", lastName: "Demo", roles: ["ROLE_USER"] });
    expect([r.status, r.body.message]).toEqual([403, M.demo]);
    expect(sentMails(email)).toEqual([]);
  });

  it("a tenant sends at most 30 invitations an hour", async () => {
    const { client } = await signUpTenant("Studio Molti Inviti");
    for (let i = 0; i < 30; i++) await invite(client, { email: uniqueEmail(`molti${i}`), firstName: "Utente", lastName: String(i), roles: ["ROLE_USER"] });
    const email = uniqueEmail("troppi");
    const r = await client.postEntity(BASE, FIELD, { email, firstName: "Uno", lastName: "Di troppo", roles: ["ROLE_USER"] });
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^Troppi inviti in poco tempo: riprova tra \d+ minuti$/);
    expect(sentMails(email)).toEqual([]);
    expect((await listed(client)).length).toBe(31);
  });
});

describe("Utenti: other tenants and other roles", () => {
  let anna: Client;
  let other: Client;
  let sara: Record<string, any>;

  beforeAll(async () => {
    anna = (await signUpTenant("Studio Riservato")).client;
    other = (await signUpTenant("Studio Curioso")).client;
    sara = await invite(anna, { email: uniqueEmail("riservata"), firstName: "Sara", lastName: "Riservata", roles: ["ROLE_USER"] });
  });

  it("another tenant's admin gets 404 on every call by id, and nothing changes", async () => {
    for (const path of [`/update-form-data/${sara.id}`, `/get/${sara.id}`]) {
      const r = await other.get(`${BASE}${path}`);
      expect([path, r.status, r.body.message]).toEqual([path, 404, M.notFound]);
    }
    const calls = [
      () => other.postEntity(`${BASE}/${sara.id}`, FIELD, { firstName: "X", lastName: "Y", roles: ALL_ROLES, version: 0 }),
      () => other.postForm(`${BASE}/disable/${sara.id}`),
      () => other.postForm(`${BASE}/enable/${sara.id}`),
      () => other.postForm(`${BASE}/resend-invitation/${sara.id}`),
      () => other.json("DELETE", `${BASE}/${sara.id}`),
    ];
    for (const call of calls) {
      const r = await call();
      expect([r.status, r.body.message]).toEqual([404, M.notFound]);
    }
    expect((await listed(other)).map((u) => u.id)).not.toContain(sara.id);
    expect((await anna.get(`${BASE}/get/${sara.id}`)).body.user).toEqual(sara);
    expect(sentMails(sara.email)).toHaveLength(1);
  });

  it("ROLE_USER and ROLE_DOCUMENT users get 403 on every call", async () => {
    const email = uniqueEmail("documenti");
    await invite(anna, { email, firstName: "Dora", lastName: "Documenti", roles: ["ROLE_USER", "ROLE_DOCUMENT"] });
    const dora = await acceptInvitation(email);
    const luca = await loginBianchi();
    for (const c of [dora, luca]) {
      for (const path of ["", "/create-form-data", `/update-form-data/${sara.id}`, `/get/${sara.id}`, "/export"]) {
        const r = await c.get(`${BASE}${path}`);
        expect([path, r.status, r.body.message]).toEqual([path, 403, M.forbidden]);
      }
      const writes = [
        () => c.postEntity(BASE, FIELD, { email: uniqueEmail("vietato"), firstName: "X", lastName: "Y", roles: ALL_ROLES }),
        () => c.postEntity(`${BASE}/${sara.id}`, FIELD, { firstName: "X", lastName: "Y", roles: ALL_ROLES, version: 0 }),
        () => c.postForm(`${BASE}/disable/${sara.id}`),
        () => c.postForm(`${BASE}/enable/${sara.id}`),
        () => c.postForm(`${BASE}/resend-invitation/${sara.id}`),
        () => c.postEntity("/api/users/invite", "invite", { email: uniqueEmail("vietato"), firstName: "X", lastName: "Y", roles: ALL_ROLES }),
        () => c.json("DELETE", `${BASE}/${sara.id}`),
      ];
      for (const write of writes) expect((await write()).status).toBe(403);
    }
    expect((await anna.get(`${BASE}/get/${sara.id}`)).body.user).toEqual(sara);
    // their own profile calls are unchanged
    expect((await dora.get("/api/users/get-profile")).body.user).toMatchObject({ email, firstName: "Dora" });
  });

  it("ids out of range and unknown calls are 4xx", async () => {
    expect((await anna.postForm(`${BASE}/disable/99999999999`)).status).toBe(400);
    expect((await anna.postForm(`${BASE}/enable/abc`)).status).toBe(400);
    expect((await anna.postForm(`${BASE}/resend-invitation/0`)).status).toBe(400);
    expect((await anna.postForm(`${BASE}/disable/2147483647`)).status).toBe(404);
  });
});
