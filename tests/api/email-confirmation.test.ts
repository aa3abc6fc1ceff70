/**
 * The sign-up's address confirmation over HTTP (issue 29): the sign-up mails a link to /confirm-email; until it is
 * followed the account uses the app but mails no customer (POST /api/invoices/send-email/{id}, the payment reminder
 * POST /api/deadlines/send-reminder/{id}) and orders no
 * licence (POST /api/subscription/orders): 403 with an Italian message, nothing sent, nothing recorded. The link
 * works once; afterwards both calls go through.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, confirmationToken, linkIn, sentMails, signUpTenant } from "../support/http";
import { saveIssuer } from "../support/entity-api";

const MAIL_REFUSED = "Conferma il tuo indirizzo e-mail (ti abbiamo inviato un link) per inviare e-mail ai clienti";
const ORDER_REFUSED = "Conferma il tuo indirizzo e-mail (ti abbiamo inviato un link) per acquistare la licenza";
const LINK_INVALID = "Il link di conferma non è valido, è scaduto o è già stato usato";
const CUSTOMER_EMAIL = `cliente.conferma.${process.pid}@example.it`;

type Option = { id: number; toString: string };

describe("sign-up address confirmation", () => {
  let c: Client;
  let email: string;
  let invoiceId: number;
  let version: number;
  let deadlineId: number;
  let billing: Record<string, unknown>;

  const sendInvoice = () =>
    c.postEntity(`/api/invoices/send-email/${invoiceId}`, "sendEmail", { email: CUSTOMER_EMAIL, cc: "", bcc: "", subject: "La fattura", body: "In allegato la fattura.", attachXml: false, version });
  const sendReminder = async () => {
    const form = await c.get(`/api/deadlines/send-reminder/${deadlineId}`);
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    return c.postEntity(`/api/deadlines/send-reminder/${deadlineId}`, "reminder", { ...form.body.reminder, email: CUSTOMER_EMAIL });
  };
  const placeOrder = () => c.postEntity("/api/subscription/orders", "order", { subscriptionId: 4, billing });
  const ordersOf = async () => (await c.get("/api/subscription/orders")).body.orders as unknown[];

  beforeAll(async () => {
    ({ client: c, email } = await signUpTenant("Studio Da Confermare S.r.l.", { confirmed: false }));
    // the app is usable meanwhile: settings, a customer, an issued invoice
    await saveIssuer(c);
    const a = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente Conferma S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI", email: CUSTOMER_EMAIL });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const rates: Option[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    const vat22 = rates.find((o) => o.toString.startsWith("22%"))!;
    const d = await c.postEntity("/api/invoices", "invoice", { kind: "INVOICE", state: "Emessa", date: "2026-03-02", contact: { id: a.body.contact.id, toString: "Cliente Conferma S.r.l." }, rows: [{ rowType: "GENERICA", description: "Compenso", quantity: "1", amount: 100000, vat: vat22 }], deadlines: [{ deadlineDate: "2026-04-01", amount: 122000, deadlineState: "Da saldare" }] });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    invoiceId = d.body.invoice.id;
    version = d.body.invoice.version;
    deadlineId = d.body.invoice.deadlines[0].id;
    billing = (await c.get("/api/subscription/purchase-data/4")).body.purchase.billing;
  });

  it("the sign-up mails a confirmation link to the address", () => {
    const [mail] = sentMails(email);
    expect(mail?.subject).toBe("Conferma il tuo indirizzo e-mail");
    expect(linkIn(mail!.text, "/confirm-email?token=")).toMatch(/\/confirm-email\?token=[\w-]{40,}$/);
  });

  it("unconfirmed: no invoice e-mail or reminder to the customer and no order (403, Italian message, nothing sent or recorded)", async () => {
    const send = await sendInvoice();
    expect(send.status).toBe(403);
    expect(send.body).toEqual({ status: "error", message: MAIL_REFUSED });
    const reminder = await sendReminder();
    expect(reminder.status).toBe(403);
    expect(reminder.body).toEqual({ status: "error", message: MAIL_REFUSED });
    expect(sentMails(CUSTOMER_EMAIL)).toEqual([]);
    const order = await placeOrder();
    expect(order.status).toBe(403);
    expect(order.body).toEqual({ status: "error", message: ORDER_REFUSED });
    expect(await ordersOf()).toEqual([]);
    // the rest of the app works: the dialog's data, the lists
    expect((await c.get(`/api/invoices/send-email/${invoiceId}`)).status).toBe(200);
  });

  it("the link confirms once; then the invoice e-mail, the reminder and the order go through", async () => {
    const token = confirmationToken(email);
    const wrong = await c.postEntity("/api/confirm-email", "confirmEmail", { token: token.slice(0, -2) + "xx" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ status: "error", message: LINK_INVALID });
    expect((await sendInvoice()).status).toBe(403);

    // the page the mail links to is public (opened before logging in too)
    const page = await fetch(linkIn(sentMails(email)[0]!.text, "/confirm-email?token="), { redirect: "manual" });
    expect(page.status).toBe(200);

    const ok = await c.postEntity("/api/confirm-email", "confirmEmail", { token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe("Indirizzo e-mail confermato: ora puoi inviare e-mail ai clienti e acquistare la licenza");
    const again = await c.postEntity("/api/confirm-email", "confirmEmail", { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ status: "error", message: LINK_INVALID });

    const send = await sendInvoice();
    expect(send.status, JSON.stringify(send.body)).toBe(200);
    expect(sentMails(CUSTOMER_EMAIL)).toHaveLength(1);
    const reminder = await sendReminder();
    expect(reminder.status, JSON.stringify(reminder.body)).toBe(200);
    expect(sentMails(CUSTOMER_EMAIL)).toHaveLength(2);
    const order = await placeOrder();
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(await ordersOf()).toHaveLength(1);
  });
});
