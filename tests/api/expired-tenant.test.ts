/**
 * An expired tenant becomes read-only after a 15-day grace (issue 29): every save answers 402 'Abbonamento scaduto:
 * rinnova da /acquista' and writes nothing, while lists, documents, PDF/XML downloads and exports keep working, the
 * top bar says so, the purchase of the renewal goes through, and the operator's confirmation restores writing at once.
 * The expiry is moved in the database open beside the server (as a day passing would), so this file needs PostgreSQL
 * (TEST_DB=postgres): an embedded PGlite directory is the server's alone. The guard's own rule is unit-tested in
 * lib/subscription.test.ts and lib/api/read-only.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { setPlatformOperator } from "@/db/queries/platform-operators";
import { tenants } from "@/db/schema";
import { ROSSI_LOGIN } from "@/db/seed";
import { todayInRome } from "@/lib/rome-time";
import { EXPIRED_READ_ONLY, romeDateInDays } from "@/lib/subscription";
import { testDbKind } from "../support/databases";
import { Client, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";

const kind = testDbKind();
const OPERATOR_PASSWORD = "operatore1234";
const BILLING = { denomination: "Studio Tecnico Rossi", vat: "12345678903", fiscalCode: "RSSMRA80A01F205X", address: "Corso Buenos Aires 45", postalCode: "20124", city: "Milano", province: "MI", pec: "", sdiCode: "" };
type Option = { id: number; toString: string };

describe.skipIf(kind === "pglite")("expired tenants are read-only after the grace (PostgreSQL: the database open beside the server)", () => {
  let server: RunningServer;
  let database: Database;
  let rossi: Client;
  let operator: Client;
  let tenantId: number;
  let customer: Option;
  let invoiceId: number;

  const as = async (username: string, password: string) => {
    const c = new Client(server.baseUrl);
    const r = await c.login(username, password);
    if (r.status !== 200) throw new Error(`login ${username}: ${r.status}`);
    return c;
  };
  const expireDaysAgo = (days: number) => database.db.update(tenants).set({ expireDate: romeDateInDays(-days) }).where(eq(tenants.id, tenantId));
  const saveContact = (companyName: string) => rossi.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName, isCustomer: true });
  const contactCount = async () => (await rossi.get("/api/contacts?startRow=0&limit=1")).body.count as number;
  const topBar = async () => (await (await rossi.raw("GET", "/anagrafica")).text()).replaceAll("&#x27;", "'");

  beforeAll(async () => {
    server = await startServer(kind);
    database = await server.database.open();
    // the vendor's operator, granted as `npm run operator -- grant` does
    const email = uniqueEmail("operatore");
    await createTenantWithAdmin(database.db, { denomination: "Gestionale Demo S.r.l.", firstName: "Olga", lastName: "Operatrice", email, password: OPERATOR_PASSWORD });
    expect((await setPlatformOperator(database.db, email, true)).ok).toBe(true);
    operator = await as(email, OPERATOR_PASSWORD);

    rossi = await as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    tenantId = (await rossi.get("/api/tenants/get-data")).body.tenant.id;
    // a document to read back once the tenant is read-only
    const contact = await rossi.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Cliente Lettura S.r.l.", isCustomer: true, vatNumber: "01234567897", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    customer = { id: contact.body.contact.id, toString: "Cliente Lettura S.r.l." };
    const vat22 = ((await rossi.get("/api/vat-rates/get-filtered-list")).body.options as Option[]).find((o) => o.toString.startsWith("22%"))!;
    const invoice = await rossi.postEntity("/api/invoices", "invoice", {
      kind: "INVOICE",
      state: "Emessa",
      date: todayInRome(),
      contact: customer,
      rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 100000, vat: vat22 }],
      deadlines: [{ deadlineDate: romeDateInDays(30), amount: 122000, deadlineState: "Da saldare" }],
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    invoiceId = invoice.body.invoice.id;
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await server?.stop();
  });

  it("16 days after the expiry every save is a 402 that writes nothing; 14 days after it still writes", async () => {
    await expireDaysAgo(16);
    // the tenants trigger's NOTIFY drops the cached session row (a few milliseconds through PostgreSQL)
    await expect.poll(async () => (await saveContact("Rifiutato S.r.l.")).status, { timeout: 2000 }).toBe(402);
    const before = await contactCount();
    const refused = await saveContact("Rifiutato S.r.l.");
    expect([refused.status, refused.body]).toEqual([402, { status: "error", message: EXPIRED_READ_ONLY }]);
    expect(await contactCount()).toBe(before);
    // every non-GET call of the guard, not only the entities' saves: an update, a delete, an action
    const update = await rossi.postEntity(`/api/contacts/${customer.id}`, "contact", { kind: "COMPANY", companyName: "Nuovo Nome", isCustomer: true, version: 0 });
    expect([update.status, update.body.message]).toEqual([402, EXPIRED_READ_ONLY]);
    expect([(await rossi.json("DELETE", `/api/contacts/${customer.id}`)).status]).toEqual([402]);
    const state = await rossi.postEntity(`/api/invoices/set-state/${invoiceId}`, "invoiceState", { state: "Bozza" });
    expect([state.status, state.body.message]).toEqual([402, EXPIRED_READ_ONLY]);
    expect((await rossi.get(`/api/contacts/get/${customer.id}`)).body.contact.companyName).toBe("Cliente Lettura S.r.l.");

    await expireDaysAgo(14);
    await expect.poll(async () => (await saveContact("In tolleranza S.r.l.")).status, { timeout: 2000 }).toBe(200);
    expect(await contactCount()).toBe(before + 1);
  });

  it("read-only: lists, the document, its PDF and XML, exports keep working; the top bar says so", async () => {
    await expireDaysAgo(16);
    await expect.poll(async () => (await saveContact("Rifiutato S.r.l.")).status, { timeout: 2000 }).toBe(402);
    const list = await rossi.get("/api/invoices?startRow=0&limit=10");
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(invoiceId);
    expect((await rossi.get(`/api/invoices/get/${invoiceId}`)).status).toBe(200);
    const pdf = await rossi.get(`/api/invoices/download-pdf/${invoiceId}`);
    expect([pdf.status, pdf.body.contentType]).toEqual([200, "application/pdf"]);
    // a POST that writes nothing: the FatturaPA file
    const xml = await rossi.postForm(`/api/invoices/download-electronic-invoice-xml/${invoiceId}`);
    expect(xml.status, JSON.stringify(xml.body)).toBe(200);
    const csv = await rossi.raw("GET", "/api/contacts/export?format=csv&columns=name");
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Cliente Lettura S.r.l.");
    expect(await topBar()).toContain("Il periodo di utilizzo è scaduto da 16 giorni: i dati sono in sola lettura");
  });

  it("the renewal is bought while read-only and the operator's confirmation restores writing at once", async () => {
    await expireDaysAgo(16);
    await expect.poll(async () => (await saveContact("Rifiutato S.r.l.")).status, { timeout: 2000 }).toBe(402);
    const order = await rossi.postEntity("/api/subscription/orders", "order", { subscriptionId: 4, billing: BILLING });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const confirmed = await operator.json("POST", `/api/platform/orders/${order.body.order.id}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // no waiting: the very next save goes through
    const saved = await saveContact("Dopo il rinnovo S.r.l.");
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // the page's session row is read again as soon as the tenants trigger's notification arrives
    await expect.poll(topBar, { timeout: 2000 }).not.toContain("sola lettura");
  });
});
