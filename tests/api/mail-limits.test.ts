/**
 * The ceiling on a tenant's outgoing e-mail over HTTP (issue 29: a trial tenant sent 40 invoice e-mails in 2.7 s).
 * This file starts its own server with low limits (the suite's servers have a ceiling far above their tests):
 * a trial tenant 3 an hour, a paying one 2 a day. Past them a 429 with the Italian message, no mail leaves
 * (MAIL_OUTBOX_DIR: every message recorded with its recipients), and invitations count like invoices.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROSSI_LOGIN } from "@/db/seed";
import { MAIL_LIMIT_MESSAGES } from "@/lib/mail/limits";
import { testDbKind } from "../support/databases";
import { saveIssuer } from "../support/entity-api";
import { Client, linkIn, sentMails, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer(testDbKind(), {
    MAIL_LIMIT_TRIAL_PER_HOUR: "3",
    MAIL_LIMIT_TRIAL_PER_DAY: "100",
    MAIL_LIMIT_PAID_PER_HOUR: "100",
    MAIL_LIMIT_PAID_PER_DAY: "2",
  });
}, 180_000);

afterAll(async () => server?.stop());

const mailsTo = (to: string) => sentMails(to, server.outboxDir);
const invite = (c: Client, email: string) => c.postEntity("/api/users/invite", "invite", { email, firstName: "Nuovo", lastName: "Collega", roles: ["ROLE_USER"] });

describe("e-mail ceiling per tenant", () => {
  it("a trial tenant: 3 invoice e-mails an hour, the 4th is a 429; an invitation is refused too", async () => {
    const c = new Client(server.baseUrl);
    const password = "prova1234";
    const email = uniqueEmail("prova");
    const signUp = await c.postEntity("/api/sign-up", "signUp", { denomination: "Prova Invii S.r.l.", firstName: "Tina", lastName: "Prova", email, password, passwordSecond: password, acceptTerms: true });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    // the sign-up's confirmation link (an unconfirmed address mails no customer), when the sign-up sends one
    const confirmation = mailsTo(email).find((m) => m.text.includes("/confirm-email?token="));
    if (confirmation) {
      const token = new URL(linkIn(confirmation.text, "/confirm-email?token=")).searchParams.get("token")!;
      expect((await c.postEntity("/api/confirm-email", "confirmEmail", { token })).status).toBe(200);
    }
    expect((await c.get("/api/tenants/get-data")).body.tenant.isFree).toBe(true);
    await saveIssuer(c);
    const to = uniqueEmail("destinatario");
    const contact = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", email: to });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const rates: { id: number; toString: string }[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    const vat = rates.find((o) => o.toString.startsWith("22%"))!;
    const inv = await c.postEntity("/api/invoices", "invoice", { kind: "INVOICE", state: "Emessa", date: "2026-03-02", contact: { id: contact.body.contact.id }, rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 10000, vat }] });
    expect(inv.status, JSON.stringify(inv.body)).toBe(200);

    const send = () => c.postEntity(`/api/invoices/send-email/${inv.body.invoice.id}`, "sendEmail", { email: to, cc: "", bcc: "", subject: "Fattura", body: "In allegato la fattura.", attachXml: false });
    for (let i = 0; i < 3; i++) {
      const r = await send();
      expect([r.status, r.body.message], JSON.stringify(r.body)).toEqual([200, "Email inviata"]);
    }
    const over = await send();
    expect([over.status, over.body.status, over.body.message]).toEqual([429, "error", MAIL_LIMIT_MESSAGES.perHour]);
    expect(mailsTo(to)).toHaveLength(3);

    // an invitation is a tenant's e-mail too: refused, and the user is not created
    const colleague = uniqueEmail("collega");
    const r = await invite(c, colleague);
    expect([r.status, r.body.message]).toEqual([429, MAIL_LIMIT_MESSAGES.perHour]);
    expect(mailsTo(colleague)).toEqual([]);
    const users = (await c.get("/api/users?startRow=0&limit=50")).body.data as { email: string }[];
    expect(users.map((u) => u.email)).not.toContain(colleague);
  }, 120_000);

  it("a paying tenant has its own (here: 2 a day), and another tenant's ceiling does not touch it", async () => {
    const rossi = new Client(server.baseUrl);
    expect((await rossi.login(ROSSI_LOGIN.username, ROSSI_LOGIN.password)).status).toBe(200);
    expect((await rossi.get("/api/tenants/get-data")).body.tenant.isFree).toBe(false);
    const emails = [uniqueEmail("uno"), uniqueEmail("due"), uniqueEmail("tre")];
    for (const email of emails.slice(0, 2)) expect((await invite(rossi, email)).status).toBe(200);
    const over = await invite(rossi, emails[2]!);
    expect([over.status, over.body.message]).toEqual([429, MAIL_LIMIT_MESSAGES.perDay]);
    expect(emails.map((e) => mailsTo(e).length)).toEqual([1, 1, 0]);
  });
});
