/**
 * 'Crea fattura' on the selected jobs over HTTP (issue 11): GET /api/invoices/create-from-activities?ids=… answers
 * create-form-data's shape for the jobs' customer with one Lavoro row per job (amounts to the cent: a fixed-price
 * job, hourly jobs at the customer's and at the tenant's rate, half-up per entry); its refusals with their
 * messages and statuses; another tenant's job a 404 like an unknown one; the roles (invoices and jobs); and the
 * saved invoice marks the hours invoiced, so the same jobs are refused afterwards.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { INVOICE_FROM_ACTIVITIES_MESSAGES as MESSAGES } from "@/lib/schemas/invoice-from-activities";
import { Client, linkIn, sentMails, signUpTenant, uniqueEmail } from "../support/http";
import { loginBianchi, postSettings, SAVED } from "../support/entity-api";

const URL = "/api/invoices/create-from-activities";
const HOURLY = "Lavoro pagato a ore";
const FIXED = "Lavoro pagato a corpo";
const NOT_FOUND = "Lavoro non trovato";
const FORBIDDEN = "Non hai i permessi per questa operazione";

type Option = { id: number; toString: string };
type Job = { id: number; activityNumber: number; toString: string };

describe("Crea fattura from the selected jobs (create-from-activities)", () => {
  let c: Client;
  let other: Client;
  let rated: Option;
  let plain: Option;
  let vat22: Option;
  let modality: Option;
  let account: Option;

  const save = async (url: string, field: string, entity: Record<string, unknown>) => {
    const r = await c.postEntity(url, field, entity);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body[field];
  };
  const job = (contact: Option, name: string, over: Record<string, unknown> = {}): Promise<Job> =>
    save("/api/activities", "activity", { contact, name, activityState: "Attivo", paymentType: HOURLY, ...over });
  const entry = (activity: Job, date: string, startTime: string, endTime: string, billable = true) =>
    save("/api/time-entries", "timeEntry", { activity: { id: activity.id }, date, startTime, endTime, billable });
  const refused = async (client: Client, url: string) => {
    const r = await client.get(url);
    return [r.status, r.body.status, r.body.message];
  };
  const row = (j: Job, amount: number) => ({
    tempId: `job-${j.id}`,
    rowType: "LAVORO",
    activity: { id: j.id, toString: j.toString },
    item: null,
    service: null,
    description: j.toString,
    hideAmount: false,
    quantity: "1",
    amount,
    vat: vat22,
    advance: false,
    withholding: true,
  });

  beforeAll(async () => {
    c = (await signUpTenant("Fatture dai Lavori S.r.l.")).client;
    other = (await signUpTenant("Altri Lavori Fatture S.r.l.")).client;
    const t = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect((await postSettings(c, { ...t, hourlyPrice: 6000, vat: "07654321012", fiscalCode: "07654321012" })).status).toBe(200);
    modality = await save("/api/payment-modalities", "paymentModality", { name: "Bonifico vista fattura", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Dalla data fattura" }] });
    account = await save("/api/bank-accounts", "bankAccount", { bankAccountType: "Conto bancario", bankName: "Banca dei Lavori", code: "CC 7" });
    const r = await save("/api/contacts", "contact", {
      kind: "COMPANY",
      companyName: "Tariffa S.r.l.",
      isCustomer: true,
      vatNumber: "12345678903",
      address: "Via Milano 2",
      postalCode: "20121",
      city: "Milano",
      province: "MI",
      hourlyPrice: 3333,
      customerPaymentModality: { id: modality.id },
      customerBankAccount: { id: account.id },
    });
    rated = { id: r.id, toString: "Tariffa S.r.l." };
    const p = await save("/api/contacts", "contact", { kind: "COMPANY", companyName: "Semplice S.r.l.", isCustomer: true, vatNumber: "01234567897" });
    plain = { id: p.id, toString: "Semplice S.r.l." };
    const rates: Option[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    vat22 = rates[0]!;
    expect(vat22.toString).toBe("22% - Aliquota ordinaria");
  });

  it("a fixed-price job and an hourly one at the customer's rate: create-form-data of the customer, one Lavoro row each, to the cent", async () => {
    const fixed = await job(rated, "Logo", { paymentType: FIXED, activityAmount: 150055 });
    const hourly = await job(rated, "Sito web");
    // 33.33/h, half-up per entry: 90 min → 49.995 → 50.00 and 7 min → 3.8885 → 3.89 (97 min at once: 53.88); not billable: nothing
    await entry(hourly, "2026-02-02", "09:00", "10:30");
    await entry(hourly, "2026-02-03", "09:00", "09:07");
    await entry(hourly, "2026-02-04", "14:00", "16:00", false);
    expect((await c.get(`/api/activities/get/${hourly.id}`)).body.activity.toInvoice).toBe(5389);

    const r = await c.get(`${URL}?ids=${hourly.id},${fixed.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["formData", "invoice", "status"]);
    const { rows, totals, ...head } = r.body.invoice;
    // the header is create-form-data's for the customer: address, payment modality, bank account, tenant's settings
    const draft = (await c.get(`/api/invoices/create-form-data?kind=INVOICE&contactId=${rated.id}`)).body;
    const { rows: draftRows, totals: draftTotals, ...draftHead } = draft.invoice;
    expect([head, r.body.formData, draftRows, draftTotals.total]).toEqual([draftHead, draft.formData, [], 0]);
    expect(head).toMatchObject({
      id: null,
      kind: "INVOICE",
      documentType: "TD01",
      state: "Bozza",
      number: null,
      contact: rated,
      address: "Via Milano 2, 20121 Milano (MI)",
      paymentModality: { id: modality.id, toString: "Bonifico vista fattura" },
      bankAccount: { id: account.id },
      publicAdministration: false,
      deadlines: [],
    });
    // rows in the order of the jobs' numbers
    expect(rows).toEqual([row(fixed, 150055), row(hourly, 5389)]);
    expect(totals).toEqual({ taxable: 155444, totalVat: 34198, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 189642, netToPay: 189642 });
    // ids as repeated parameters: the same answer
    expect((await c.get(`${URL}?ids=${fixed.id}&ids=${hourly.id}`)).body).toEqual(r.body);
    // a read: nothing is marked
    expect((await c.get(`/api/activities/get/${fixed.id}`)).body.activity).toMatchObject({ invoiced: false, toInvoice: 150055 });
  });

  it("saving the invoice marks the hours invoiced: Da fatturare 0, and the same jobs are refused after, by number", async () => {
    const hourly = await job(plain, "Consulenza");
    const fixed = await job(plain, "Perizia", { paymentType: FIXED, activityAmount: 80000 });
    // the customer has no rate: the tenant's 60.00/h, 90 min → 90.00
    await entry(hourly, "2026-02-05", "14:00", "15:30");
    const r = await c.get(`${URL}?ids=${hourly.id},${fixed.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.invoice.rows).toEqual([row(hourly, 9000), row(fixed, 80000)]);
    expect(r.body.invoice.contact).toEqual(plain);

    const s = await c.postEntity("/api/invoices", "invoice", r.body.invoice);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body.message).toBe(SAVED);
    expect(s.body.invoice.rows.map((x: { activity: Option; amount: number }) => [x.activity.id, x.amount])).toEqual([
      [hourly.id, 9000],
      [fixed.id, 80000],
    ]);
    expect(s.body.invoice.totals).toMatchObject({ taxable: 89000, totalVat: 19580, total: 108580 });
    for (const j of [hourly, fixed]) expect((await c.get(`/api/activities/get/${j.id}`)).body.activity.toInvoice, j.toString).toBe(0);
    expect((await c.get(`/api/activities/get/${fixed.id}`)).body.activity.invoiced).toBe(true);
    // in the jobs grid too
    const grid = await c.get(`/api/activities?startRow=0&limit=100&addedParams=${encodeURIComponent(JSON.stringify({ contactId: plain.id }))}`);
    expect(grid.body.data.filter((x: { id: number }) => [hourly.id, fixed.id].includes(x.id)).map((x: { toInvoice: number }) => x.toInvoice)).toEqual([0, 0]);

    expect(await refused(c, `${URL}?ids=${hourly.id},${fixed.id}`)).toEqual([409, "error", `I lavori n. ${hourly.activityNumber}, ${fixed.activityNumber} non hanno nulla da fatturare`]);
    expect(await refused(c, `${URL}?ids=${fixed.id}`)).toEqual([409, "error", `Il lavoro n. ${fixed.activityNumber} non ha nulla da fatturare`]);
    // new hours on the job: it has something to invoice again
    await entry(hourly, "2026-02-06", "09:00", "09:30");
    expect((await c.get(`${URL}?ids=${hourly.id}`)).body.invoice.rows).toEqual([row(hourly, 3000)]);
  });

  it("refusals: no job, more than 200, bad ids, two customers, nothing to invoice — 4xx with an Italian message", async () => {
    const a = await job(rated, "Del primo", { paymentType: FIXED, activityAmount: 1000 });
    const b = await job(plain, "Del secondo", { paymentType: FIXED, activityAmount: 1000 });
    const empty = await job(rated, "Senza ore");
    expect(await refused(c, URL)).toEqual([400, "error", MESSAGES.noneSelected]);
    expect(await refused(c, `${URL}?ids=`)).toEqual([400, "error", MESSAGES.noneSelected]);
    expect(await refused(c, `${URL}?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(",")}`)).toEqual([400, "error", MESSAGES.tooMany]);
    for (const bad of ["abc", "0", "-1", `${a.id},,${b.id}`, "1.5", "2147483648", "99999999999"]) {
      expect(await refused(c, `${URL}?ids=${encodeURIComponent(bad)}`), bad).toEqual([400, "error", "Identificativi delle righe non validi"]);
    }
    expect(await refused(c, `${URL}?ids=${a.id},${b.id}`)).toEqual([400, "error", MESSAGES.differentCustomers]);
    expect(MESSAGES.differentCustomers).toBe("I lavori selezionati devono essere dello stesso cliente");
    expect(await refused(c, `${URL}?ids=${a.id},${empty.id}`)).toEqual([409, "error", `Il lavoro n. ${empty.activityNumber} non ha nulla da fatturare`]);
    // the same job twice is one row
    expect((await c.get(`${URL}?ids=${a.id},${a.id}`)).body.invoice.rows).toEqual([row(a, 1000)]);
  });

  it("another tenant's job is a 404 like an unknown one: its existence is never told", async () => {
    const mine = await job(rated, "Riservato", { paymentType: FIXED, activityAmount: 5000 });
    const theirs = (await other.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Loro S.r.l.", isCustomer: true })).body.contact;
    const theirJob = (await other.postEntity("/api/activities", "activity", { contact: { id: theirs.id }, name: "Loro", activityState: "Attivo", paymentType: FIXED, activityAmount: 5000 })).body.activity;
    expect(await refused(other, `${URL}?ids=${mine.id}`)).toEqual([404, "error", NOT_FOUND]);
    expect(await refused(other, `${URL}?ids=${theirJob.id},${mine.id}`)).toEqual([404, "error", NOT_FOUND]);
    expect(await refused(c, `${URL}?ids=${mine.id},${theirJob.id}`)).toEqual([404, "error", NOT_FOUND]);
    expect(await refused(c, `${URL}?ids=2000000000`)).toEqual([404, "error", NOT_FOUND]);
    // their own job still answers them
    expect((await other.get(`${URL}?ids=${theirJob.id}`)).status).toBe(200);
  });

  it("roles: ROLE_DOCUMENT (the invoice) and ROLE_USER (the jobs) both needed; no session is a 401", async () => {
    const fixed = await job(rated, "Per i ruoli", { paymentType: FIXED, activityAmount: 2000 });
    // Luca Bianchi: ROLE_USER only
    const luca = await loginBianchi();
    expect(await refused(luca, `${URL}?ids=1`)).toEqual([403, "error", FORBIDDEN]);
    // a user of this tenant with ROLE_DOCUMENT only
    const email = uniqueEmail("amministrazione");
    const invited = await c.postEntity("/api/users", "user", { email, firstName: "Ada", lastName: "Conti", roles: ["ROLE_DOCUMENT"] });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const token = new globalThis.URL(linkIn(sentMails(email).at(-1)!.text, "/sign-in?token=")).searchParams.get("token")!;
    const ada = new Client();
    const set = await ada.postEntity("/api/sign-in", "passwordSet", { token, passwordFirst: "ada12345", passwordSecond: "ada12345" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await ada.get("/api/invoices/create-form-data?kind=INVOICE")).status).toBe(200);
    expect(await refused(ada, `${URL}?ids=${fixed.id}`)).toEqual([403, "error", FORBIDDEN]);
    expect((await new Client().get(`${URL}?ids=${fixed.id}`)).status).toBe(401);
    expect((await c.get(`${URL}?ids=${fixed.id}`)).status).toBe(200);
  });
});
