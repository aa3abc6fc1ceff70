/**
 * The subscription purchase (issue 14): purchase data prefilled from the tenant, the order's validation, roles,
 * the platform operator's confirmation (one year on from the later of today and the current expiry, isFree off,
 * never twice), and each tenant seeing only its own orders. The operator is a flag on the user that only
 * `npm run operator -- grant` sets (issue 29), so this file starts its own server on a database where the vendor's
 * account was granted it, through the command's own function, before the server opened it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COLLEAGUE_LOGIN, DEMO_LOGIN, ROSSI_LOGIN, VERDI_LOGIN } from "@/db/seed";
import { renewedExpiry, romeDateInDays } from "@/lib/subscription";
import { todayInRome } from "@/lib/rome-time";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { setPlatformOperator } from "@/db/queries/platform-operators";
import { testDbKind, type TestDatabase } from "../support/databases";
import { Client } from "../support/http";
import { createSeededDatabase, startServer, type RunningServer } from "../support/server";

const OPERATOR_EMAIL = `operatore.${process.pid}@example.it`;
const OPERATOR_PASSWORD = "operatore1234";
const FORM_ERRORS = "Errore nella compilazione dei campi";
const OPERATOR_ONLY = "Operazione riservata all'operatore della piattaforma";

const BILLING = {
  denomination: "Demo S.r.l.",
  vat: "01234567897",
  fiscalCode: "01234567897",
  address: "Via Roma 1",
  postalCode: "40121",
  city: "Bologna",
  province: "BO",
  pec: "",
  sdiCode: "",
};

let server: RunningServer;
let database: TestDatabase;
const as = async (username: string, password: string) => {
  const c = new Client(server.baseUrl);
  const r = await c.login(username, password);
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status}`);
  return c;
};
const order = (c: Client, billing: Record<string, unknown>, subscriptionId: unknown = 4) => c.postEntity("/api/subscription/orders", "order", { subscriptionId, billing });

beforeAll(async () => {
  // the vendor's own account (a user of its own tenant), granted the flag as `npm run operator -- grant` does
  database = await createSeededDatabase(testDbKind(), "orders");
  const opened = await database.open();
  try {
    await createTenantWithAdmin(opened.db, { denomination: "Gestionale Demo S.r.l.", firstName: "Olga", lastName: "Operatrice", email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD });
    expect(await setPlatformOperator(opened.db, OPERATOR_EMAIL.toUpperCase(), true)).toEqual({ ok: true, message: `${OPERATOR_EMAIL} è ora operatore della piattaforma` });
  } finally {
    await opened.close();
  }
  server = await startServer(testDbKind(), {}, database);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe("subscription purchase", () => {
  it("purchase data: the licence, its price with VAT, the free tenant's billing data, the vendor's bank", async () => {
    const demo = await as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    const r = await demo.get("/api/subscription/purchase-data/4");
    expect(r.status).toBe(200);
    expect(r.body.purchase).toEqual({
      subscriptionId: 4,
      kind: "purchase",
      title: "Acquisto della licenza di un anno",
      description: "Licenza annuale",
      amount: 29900,
      vatRate: "22.00",
      vat: 6578,
      total: 36478,
      expireDate: romeDateInDays(365),
      renewedExpireDate: renewedExpiry(todayInRome(), romeDateInDays(365)),
      billing: BILLING,
      vendor: { beneficiary: "Gestionale Demo S.r.l.", iban: "IT60X0542811101000000123456", bank: "Banca di esempio S.p.A." },
      paymentMethod: "Bonifico bancario",
      cardPayment: false,
      openOrder: null,
    });
    const rossi = await as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    const renewal = (await rossi.get("/api/subscription/purchase-data/4")).body.purchase;
    expect(renewal).toMatchObject({ kind: "renewal", title: "Rinnovo dell'abbonamento annuale", billing: { denomination: "Studio Tecnico Rossi" } });
  });

  it("an unknown product is a 404, a malformed id a 400, in Italian", async () => {
    const demo = await as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    expect((await demo.get("/api/subscription/purchase-data/5")).body).toEqual({ status: "error", message: "Abbonamento non trovato" });
    expect((await demo.get("/api/subscription/purchase-data/5")).status).toBe(404);
    expect((await demo.get("/api/subscription/purchase-data/abc")).status).toBe(400);
    const r = await order(demo, BILLING, 5);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe("Abbonamento non trovato");
  });

  it("buying is an admin's act: an ordinary user gets 403, a visitor 401", async () => {
    const user = await as(DEMO_COLLEAGUE_LOGIN.username, DEMO_COLLEAGUE_LOGIN.password);
    expect((await user.get("/api/subscription/purchase-data/4")).status).toBe(403);
    expect((await order(user, BILLING)).status).toBe(403);
    expect((await user.get("/api/subscription/orders")).status).toBe(403);
    expect((await new Client(server.baseUrl).get("/api/subscription/purchase-data/4")).status).toBe(401);
  });

  it("the billing data are checked with Italian messages and nothing is recorded", async () => {
    const verdi = await as(VERDI_LOGIN.username, VERDI_LOGIN.password);
    const refuse = async (billing: Record<string, unknown>, errors: string[]) => {
      const r = await order(verdi, billing);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: "error", message: [FORM_ERRORS, ...errors].join("\n"), errors });
    };
    await refuse({ ...BILLING, denomination: " " }, ['Il campo "Ragione sociale" è richiesto']);
    await refuse({ ...BILLING, vat: "", fiscalCode: "" }, ["Indicare la partita IVA o il codice fiscale"]);
    await refuse({ ...BILLING, vat: "01234567890" }, ["La partita IVA non è valida (cifra di controllo errata)"]);
    await refuse({ ...BILLING, fiscalCode: "RSSMRA85T10A562X" }, ["Il codice fiscale non è valido (carattere di controllo errato)"]);
    await refuse({ ...BILLING, address: "", postalCode: "", city: "", province: "" }, [
      'Il campo "Indirizzo" è richiesto',
      'Il campo "CAP" è richiesto',
      'Il campo "Città" è richiesto',
      'Il campo "Provincia" è richiesto',
    ]);
    await refuse({ ...BILLING, postalCode: "401", province: "XX" }, ["Il CAP deve essere composto da 5 cifre", "La sigla della provincia non è valida"]);
    await refuse({ ...BILLING, pec: "non-una-pec", sdiCode: "ABC" }, ["Indirizzo PEC non corretto", "Il codice destinatario deve essere di 7 caratteri (lettere e cifre)"]);
    expect((await verdi.get("/api/subscription/orders")).body.orders).toEqual([]);
  });

  it("an order is recorded with its causale; a new one replaces the open one; each tenant sees only its own", async () => {
    const verdi = await as(VERDI_LOGIN.username, VERDI_LOGIN.password);
    const first = await order(verdi, { ...BILLING, denomination: "Verdi Consulting", vat: "it 0123 4567 897", sdiCode: "m5uxcr1" });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Ordine registrato: effettua il bonifico indicando la causale");
    const o = first.body.order;
    expect(o).toMatchObject({
      subscriptionId: 4,
      description: "Licenza annuale",
      amount: 29900,
      vat: 6578,
      total: 36478,
      paymentMethod: "Bonifico bancario",
      state: "In attesa di pagamento",
      paidAt: null,
      billing: { ...BILLING, denomination: "Verdi Consulting", vat: "01234567897", sdiCode: "M5UXCR1" },
    });
    const tenantId = (await verdi.get("/api/tenants/get-data")).body.tenant.id;
    expect(o.paymentReference).toBe(`ABB-${tenantId}-${o.id}`);
    expect((await verdi.get("/api/subscription/purchase-data/4")).body.purchase.openOrder).toEqual(o);
    // the form reopens on the data typed last
    expect((await verdi.get("/api/subscription/purchase-data/4")).body.purchase.billing.denomination).toBe("Verdi Consulting");

    const second = (await order(verdi, BILLING)).body.order;
    const orders = (await verdi.get("/api/subscription/orders")).body.orders;
    expect(orders.map((x: { id: number; state: string }) => [x.id, x.state])).toEqual([
      [second.id, "In attesa di pagamento"],
      [o.id, "Annullato"],
    ]);

    // another tenant sees none of them, and its purchase data carry no open order
    const rossi = await as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    expect((await rossi.get("/api/subscription/orders")).body.orders).toEqual([]);
    expect((await rossi.get("/api/subscription/purchase-data/4")).body.purchase.openOrder).toBeNull();

    // the operator cannot confirm the replaced order
    const operator = await as(OPERATOR_EMAIL, OPERATOR_PASSWORD);
    const cancelled = await operator.json("POST", `/api/platform/orders/${o.id}/confirm`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe("L'ordine è stato annullato: non si può confermarne il pagamento");
  });

  it("a tenant's admin cannot call the operator's calls", async () => {
    const demo = await as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    const list = await demo.get("/api/platform/orders");
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ status: "error", message: OPERATOR_ONLY });
    const confirm = await demo.json("POST", "/api/platform/orders/1/confirm");
    expect(confirm.status).toBe(403);
    expect((await new Client(server.baseUrl).get("/api/platform/orders")).status).toBe(401);
    // nor open the operator's page
    expect((await demo.raw("GET", "/operatore/ordini")).status).toBe(404);
  });

  it("the operator confirms the transfer: one year on from the later expiry, isFree off, never twice", async () => {
    const demo = await as(DEMO_LOGIN.username, DEMO_LOGIN.password);
    const rossi = await as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    const demoOrder = (await order(demo, BILLING)).body.order;
    const rossiOrder = (await order(rossi, { ...BILLING, denomination: "Studio Tecnico Rossi" })).body.order;
    const operator = await as(OPERATOR_EMAIL, OPERATOR_PASSWORD);

    const open = (await operator.get("/api/platform/orders")).body.orders;
    const ids = open.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([demoOrder.id, rossiOrder.id]));
    expect(open.find((x: { id: number }) => x.id === demoOrder.id)).toMatchObject({
      paymentReference: demoOrder.paymentReference,
      total: 36478,
      tenant: { id: 1, denomination: "Demo S.r.l.", expireDate: romeDateInDays(365), isFree: true },
    });
    expect((await operator.raw("GET", "/operatore/ordini")).status).toBe(200);

    // the free demo tenant, 365 days ahead: a year after its current expiry
    const expected = renewedExpiry(todayInRome(), romeDateInDays(365));
    const r = await operator.json("POST", `/api/platform/orders/${demoOrder.id}/confirm`);
    expect(r.status).toBe(200);
    expect(r.body.order).toMatchObject({ id: demoOrder.id, state: "Pagato", expireDateAfter: expected });
    expect(r.body.tenant).toEqual({ id: 1, denomination: "Demo S.r.l.", expireDate: expected, isFree: false });
    const [y, m, d] = expected.split("-");
    expect(r.body.message).toBe(`Pagamento confermato: abbonamento di Demo S.r.l. valido fino al ${d}/${m}/${y}`);

    // the tenant sees it at once: get-data, the order's state, the offer turns into a renewal
    const data = (await demo.get("/api/tenants/get-data")).body.tenant;
    expect(data).toMatchObject({ expireDate: expected, isFree: false });
    expect((await demo.get("/api/subscription/orders")).body.orders[0]).toMatchObject({ id: demoOrder.id, state: "Pagato" });
    const after = (await demo.get("/api/subscription/purchase-data/4")).body.purchase;
    expect(after).toMatchObject({ kind: "renewal", openOrder: null, expireDate: expected });
    const shell = await (await demo.raw("GET", "/anagrafica")).text();
    expect(shell).toMatch(/Rinnova l(&#x27;|')abbonamento annuale/);

    // confirming twice adds nothing
    const again = await operator.json("POST", `/api/platform/orders/${demoOrder.id}/confirm`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: "error", message: "Il pagamento di questo ordine è già stato confermato" });
    expect((await demo.get("/api/tenants/get-data")).body.tenant.expireDate).toBe(expected);
    expect((await operator.get("/api/platform/orders")).body.orders.map((x: { id: number }) => x.id)).not.toContain(demoOrder.id);

    // Rossi (paying, 200 days left) renews early: no day lost
    const rossiBefore = (await rossi.get("/api/tenants/get-data")).body.tenant.expireDate;
    await operator.json("POST", `/api/platform/orders/${rossiOrder.id}/confirm`);
    expect((await rossi.get("/api/tenants/get-data")).body.tenant).toMatchObject({ expireDate: renewedExpiry(todayInRome(), rossiBefore), isFree: false });
  });

  it("unknown or malformed order ids", async () => {
    const operator = await as(OPERATOR_EMAIL, OPERATOR_PASSWORD);
    const missing = await operator.json("POST", "/api/platform/orders/999999/confirm");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Ordine non trovato");
    for (const id of [String(2 ** 31), "0", "-1", "abc", "1%00"]) {
      const r = await operator.json("POST", `/api/platform/orders/${id}/confirm`);
      expect(r.status, id).toBe(400);
    }
  });
});
