import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { ApiError } from "@/lib/errors";
import { activitySchema } from "@/lib/schemas/activity";
import { contactSchema } from "@/lib/schemas/contact";
import { bankAccountSchema } from "@/lib/schemas/bank-account";
import { INVOICE_FROM_ACTIVITIES_MESSAGES as MESSAGES } from "@/lib/schemas/invoice-from-activities";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { paymentModalitySchema } from "@/lib/schemas/payment-modality";
import { timeEntrySchema } from "@/lib/schemas/time-entry";
import { vatRates } from "@/db/schema";
import { createTenantWithAdmin } from "@/db/queries/accounts";
import { activityEntity } from "@/db/queries/activities";
import { bankAccountEntity } from "@/db/queries/bank-accounts";
import { contactEntity } from "@/db/queries/contacts";
import { invoiceFromActivities } from "./from-activities";
import { invoiceEntity } from "./entity";
import { paymentModalityEntity } from "@/db/queries/payment-modalities";
import { timeEntryEntity } from "@/db/queries/time-entries";
import { TenantScope } from "../scope";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

const HOURLY = "Lavoro pagato a ore";
const FIXED = "Lavoro pagato a corpo";

describe.each(kinds)("invoice from the selected jobs on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let rated: { id: number };
  let plain: { id: number };
  let vat22: { id: number; toString: string };

  const job = async (contact: { id: number }, name: string, over: Record<string, unknown> = {}) =>
    activityEntity.create(a, activitySchema.parse({ activityNumber: null, contact, name, activityState: "Attivo", paymentType: HOURLY, ...over }));
  const entry = (activityId: number, date: string, startTime: string, endTime: string, billable = true) =>
    timeEntryEntity.create(a, timeEntrySchema.parse({ activity: { id: activityId }, date, startTime, endTime, billable }));
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    return [(err as ApiError).httpStatus, (err as ApiError).message];
  };

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "cfa");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "A", email: `cfa-a-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "B", email: `cfa-b-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] });
    await a.updateTenant(undefined, { hourlyPrice: 6000 });
    const modality = await paymentModalityEntity.create(a, paymentModalitySchema.parse({ name: "Bonifico 30 gg", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Dalla data fattura" }] }));
    const account = await bankAccountEntity.create(a, bankAccountSchema.parse(bankAccountEntity.example));
    const r = await contactEntity.create(
      a,
      contactSchema.parse({
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
      }),
    );
    rated = { id: r.id };
    plain = { id: (await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Semplice S.r.l.", isCustomer: true }))).id };
    const rate = (await a.list(vatRates)).find((v) => v.rate === "22.00")!;
    vat22 = { id: rate.id, toString: "22% - Aliquota ordinaria" };
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  it("the customer's create-form-data draft with one Lavoro row per job, amounts to the cent", async () => {
    const fixed = await job(rated, "Logo", { paymentType: FIXED, activityAmount: 150055 });
    const hourly = await job(rated, "Sito web");
    // the customer's 33.33/h, half-up per entry: 90 min → 49.995 → 50.00; 7 min → 3.8885 → 3.89 (97 min at once would be 53.88)
    await entry(hourly.id, "2026-02-02", "09:00", "10:30");
    await entry(hourly.id, "2026-02-03", "09:00", "09:07");
    await entry(hourly.id, "2026-02-04", "09:00", "11:00", false);
    const { invoice, formData } = await invoiceFromActivities(a, [hourly.id, fixed.id]);
    const draft = (await invoiceEntity.formDataResponse(a, undefined, new URLSearchParams({ kind: "INVOICE", contactId: String(rated.id) }))) as { invoice: Record<string, unknown>; formData: unknown };
    const { rows, totals, ...head } = invoice;
    const { rows: draftRows, totals: draftTotals, ...draftHead } = draft.invoice;
    // everything but the rows and their totals is create-form-data's for the customer
    expect([head, formData, draftRows, draftTotals]).toEqual([draftHead, draft.formData, [], expect.objectContaining({ total: 0 })]);
    expect(head).toMatchObject({ id: null, kind: "INVOICE", state: "Bozza", contact: { id: rated.id, toString: "Tariffa S.r.l." }, address: "Via Milano 2, 20121 Milano (MI)", paymentModality: { toString: "Bonifico 30 gg" }, bankAccount: { id: expect.any(Number) } });
    expect(rows).toEqual([
      { tempId: `job-${fixed.id}`, rowType: "LAVORO", activity: { id: fixed.id, toString: `${fixed.activityNumber} - Logo` }, item: null, service: null, description: `${fixed.activityNumber} - Logo`, hideAmount: false, quantity: "1", amount: 150055, vat: vat22, advance: false, withholding: true },
      { tempId: `job-${hourly.id}`, rowType: "LAVORO", activity: { id: hourly.id, toString: `${hourly.activityNumber} - Sito web` }, item: null, service: null, description: `${hourly.activityNumber} - Sito web`, hideAmount: false, quantity: "1", amount: 5389, vat: vat22, advance: false, withholding: true },
    ]);
    expect(totals).toEqual({ taxable: 155444, totalVat: 34198, inpsRevengeAmount: 0, professionistFundAmount: 0, withholdingTaxAmount: 0, stampAmount: 0, total: 189642, netToPay: 189642 });
  });

  it("a customer without a rate: the tenant's (60.00/h); saving the invoice marks the hours, and the jobs are refused after", async () => {
    const hourly = await job(plain, "Consulenza");
    await entry(hourly.id, "2026-02-05", "14:00", "15:30");
    const { invoice } = await invoiceFromActivities(a, [hourly.id]);
    expect((invoice.rows as { amount: number }[]).map((r) => r.amount)).toEqual([9000]);
    const saved = await invoiceEntity.create(a, invoiceSchema.parse(invoice));
    expect(saved.totals.taxable).toBe(9000);
    expect((await activityEntity.get(a, hourly.id)).toInvoice).toBe(0);
    expect(await refusal(invoiceFromActivities(a, [hourly.id]))).toEqual([409, MESSAGES.nothingToInvoice([hourly.activityNumber])]);
  });

  it("refusals: none, too many, two customers, nothing to invoice (by number), unknown or another tenant's job (404)", async () => {
    const one = await job(plain, "Uno", { paymentType: FIXED, activityAmount: 1000 });
    const other = await job(rated, "Due", { paymentType: FIXED, activityAmount: 1000 });
    const empty1 = await job(plain, "Vuoto");
    const empty2 = await job(plain, "Vuoto a corpo", { paymentType: FIXED, activityAmount: null });
    expect(await refusal(invoiceFromActivities(a, []))).toEqual([400, MESSAGES.noneSelected]);
    expect(await refusal(invoiceFromActivities(a, Array.from({ length: 201 }, (_, i) => i + 1)))).toEqual([400, MESSAGES.tooMany]);
    expect(await refusal(invoiceFromActivities(a, [one.id, other.id]))).toEqual([400, MESSAGES.differentCustomers]);
    expect(await refusal(invoiceFromActivities(a, [empty2.id, one.id, empty1.id]))).toEqual([409, `I lavori n. ${empty1.activityNumber}, ${empty2.activityNumber} non hanno nulla da fatturare`]);
    expect(await refusal(invoiceFromActivities(b, [one.id]))).toEqual([404, "Lavoro non trovato"]);
    expect(await refusal(invoiceFromActivities(a, [one.id, 2_000_000_000]))).toEqual([404, "Lavoro non trovato"]);
    // the same job twice is one row
    expect((await invoiceFromActivities(a, [one.id, one.id])).invoice.rows).toHaveLength(1);
  });
});
