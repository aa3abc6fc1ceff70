/**
 * Sectionals and a new document's defaults over HTTP (issue 27, 'Life cycle'): create-form-data?kind=&contact= answers
 * the customer's defaults (payment modality, bank account, PA flag, split payment through formData.calculation.customer,
 * and the sectional of its 'Tipologia di clienti', else the tenant's default); a document saved from that answer, as the
 * form saves it, is issued with the sectional's suffix ("1/P") and listed so; `deletable` (the JSON and the list)
 * says what DELETE does: a draft or the last numbered of its series, nothing else.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { INVOICE_MESSAGES } from "@/lib/schemas/invoice";
import { type Client, signUpTenant } from "../support/http";
import { DELETED, saveIssuer, signUpTwoTenants } from "../support/entity-api";

const URL = "/api/invoices";
const FIELD = "invoice";

type Option = { id: number; toString: string };
type Doc = Record<string, any> & { id: number; version: number };

const created = async (c: Client, url: string, field: string, body: Record<string, unknown>): Promise<Record<string, any>> => {
  const r = await c.postEntity(url, field, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body[field];
};
const option = (x: Record<string, any>): Option => ({ id: x.id as number, toString: x["toString"] as string });

describe("sectionals and the defaults of a new document", () => {
  let c: Client;
  let principale: Option;
  let privati: Option;
  let aziende: Option;
  let modality: Option;
  let bank: Option;
  let person: Option;
  let professional: Option;
  let pa: Option;
  let vat22: Option;

  const formData = async (query: string) => {
    const r = await c.get(`${URL}/create-form-data?${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { invoice: Record<string, any>; formData: { calculation: { customer: Record<string, unknown> | null } } };
  };

  /** What the form saves from create-form-data's answer (its fields as they came, one row added by the user). */
  const saveDraft = async (draft: Record<string, any>): Promise<Doc> => {
    const { id: _id, version: _v, number: _n, totals: _t, files: _f, rowColor: _r, toString: _s, ...fields } = draft;
    return (await created(c, URL, FIELD, { ...fields, rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount: 10000, vat: vat22 }] })) as Doc;
  };
  const issue = async (d: Doc): Promise<Doc> => {
    const r = await c.postEntity(`${URL}/set-state/${d.id}`, "invoiceState", { state: "Emessa", version: d.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.invoice;
  };
  const get = async (id: number): Promise<Doc> => (await c.get(`${URL}/get/${id}`)).body.invoice;
  const listed = async (kind: string): Promise<Record<string, any>[]> => {
    const r = await c.get(`${URL}?startRow=0&limit=100&addedParams=${encodeURIComponent(JSON.stringify({ kind }))}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    c = (await signUpTenant("Sezionali e default S.r.l.")).client;
    await saveIssuer(c);
    const sectionals = (await c.get("/api/invoice-sectionals")).body.data as Record<string, any>[];
    principale = option(sectionals.find((s) => s.defaultSectional)!);
    privati = option(await created(c, "/api/invoice-sectionals", "invoiceSectional", { name: "Privati", typology: "Persone fisiche", suffix: "P" }));
    aziende = option(await created(c, "/api/invoice-sectionals", "invoiceSectional", { name: "Aziende", typology: "Persone giuridiche", suffix: "G" }));
    // a disabled sectional of the same typology is never the default
    const old = await created(c, "/api/invoice-sectionals", "invoiceSectional", { name: "Aaa privati vecchio", typology: "Persone fisiche", suffix: "PV" });
    expect((await c.postForm(`/api/invoice-sectionals/disable/${old.id}`)).status).toBe(200);
    modality = option(await created(c, "/api/payment-modalities", "paymentModality", { name: "Bonifico 30 gg", paymentType: "MP05", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese", paymentDay: 30 }] }));
    bank = option(await created(c, "/api/bank-accounts", "bankAccount", { bankAccountType: "Conto bancario", bankName: "Banca di prova", code: "CC 1" }));
    const contact = (body: Record<string, unknown>) => created(c, "/api/contacts", "contact", { isCustomer: true, ...body });
    person = option(
      await contact({ kind: "PERSON", firstName: "Mario", lastName: "Rossi", fiscalCode: "RSSMRA80A01H501U", address: "Via Po 3", postalCode: "10121", city: "Torino", province: "TO", customerPaymentModality: modality, customerBankAccount: bank }),
    );
    professional = option(await contact({ kind: "PERSON", firstName: "Anna", lastName: "Verdi", vatNumber: "12345678903" }));
    pa = option(await contact({ kind: "COMPANY", companyName: "Comune di Prova", fiscalCode: "12345678903", sdiCode: "UFABCD", publicAdministration: true, splitPayment: true }));
    const rates: Option[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    vat22 = rates.find((o) => o.toString.startsWith("22%"))!;
  });

  it("create-form-data?contact= answers the customer's defaults, the sectional by its typology ('Persone fisiche' a PERSON without VAT number)", async () => {
    const p = await formData(`kind=INVOICE&contact=${person.id}`);
    expect(p.invoice).toMatchObject({
      contact: person,
      sectional: privati,
      paymentModality: modality,
      bankAccount: bank,
      publicAdministration: false,
      address: "Via Po 3, 10121 Torino (TO)",
    });
    expect(p.formData.calculation.customer).toMatchObject({ kind: "PERSON", vatNumber: "", publicAdministration: false, splitPayment: false });

    // a PERSON with a VAT number is invoiced as a business: 'Persone giuridiche'
    expect((await formData(`kind=INVOICE&contact=${professional.id}`)).invoice.sectional).toEqual(aziende);

    // the PA with split payment: its flag in the draft, its split payment where the calculation reads the customer
    const q = await formData(`kind=INVOICE&contact=${pa.id}`);
    expect(q.invoice).toMatchObject({ contact: pa, sectional: aziende, publicAdministration: true, bankAccount: null });
    expect(q.formData.calculation.customer).toMatchObject({ kind: "COMPANY", publicAdministration: true, splitPayment: true });

    // every numbered kind (each has its series per sectional), and the older parameter name
    for (const kind of ["QUOTE", "PROFORMA", "CREDIT_NOTE"]) expect((await formData(`kind=${kind}&contact=${person.id}`)).invoice.sectional, kind).toEqual(privati);
    expect((await formData(`kind=INVOICE&contactId=${person.id}`)).invoice).toMatchObject({ contact: person, sectional: privati, paymentModality: modality });

    // no customer: the tenant's default sectional, no customer flags
    const none = await formData("kind=INVOICE");
    expect(none.invoice).toMatchObject({ contact: null, sectional: principale });
    expect(none.formData.calculation.customer).toBeNull();
  });

  it("no enabled sectional of the typology: the tenant's default; another tenant's contact gives nothing of it", async () => {
    expect((await c.postForm(`/api/invoice-sectionals/disable/${privati.id}`)).status).toBe(200);
    try {
      expect((await formData(`kind=INVOICE&contact=${person.id}`)).invoice.sectional).toEqual(principale);
      // the Sezionale select of a document offers the enabled ones only
      const offered: Option[] = (await c.get("/api/invoice-sectionals/get-filtered-list?enabled=1")).body.options;
      expect(offered.map((o) => o.toString).sort()).toEqual(["Aziende", "Principale"]);
    } finally {
      expect((await c.postForm(`/api/invoice-sectionals/enable/${privati.id}`)).status).toBe(200);
    }
    const [a, b] = await signUpTwoTenants("Altro A S.r.l.", "Altro B S.r.l.");
    const foreign = await created(a, "/api/contacts", "contact", { kind: "PERSON", firstName: "Lia", lastName: "Neri", isCustomer: true });
    const r = await b.get(`${URL}/create-form-data?kind=INVOICE&contact=${foreign.id}`);
    expect(r.status).toBe(200);
    expect(r.body.invoice.contact).toBeNull();
    expect(r.body.formData.calculation.customer).toBeNull();
  });

  it("saved from the person's draft and issued: the number carries the suffix, '1/P', in the document and in the list", async () => {
    const invoice = await issue(await saveDraft((await formData(`kind=INVOICE&contact=${person.id}`)).invoice));
    expect(invoice).toMatchObject({ number: "1/P", sectional: privati });
    expect((await listed("INVOICE")).find((r) => r.id === invoice.id)).toMatchObject({ number: "1/P", sectional: privati });
    // the company's series is another, and a proforma numbers in its own
    expect((await issue(await saveDraft((await formData(`kind=INVOICE&contact=${pa.id}`)).invoice))).number).toBe("1/G");
    expect((await issue(await saveDraft((await formData(`kind=PROFORMA&contact=${person.id}`)).invoice))).number).toBe("1/P");
  });

  it("deletable: a draft and the last numbered of its series only, in the JSON and in the list, as DELETE does", async () => {
    const draft = await saveDraft((await formData(`kind=QUOTE&contact=${professional.id}`)).invoice);
    expect(draft.deletable).toBe(true);
    const first = await issue(await saveDraft((await formData(`kind=QUOTE&contact=${professional.id}`)).invoice));
    expect(first).toMatchObject({ number: "1/G", deletable: true });
    const second = await issue(await saveDraft((await formData(`kind=QUOTE&contact=${professional.id}`)).invoice));
    expect(second).toMatchObject({ number: "2/G", deletable: true });
    expect((await get(first.id)).deletable).toBe(false);
    const rows = await listed("QUOTE");
    expect(Object.fromEntries(rows.map((r) => [r.id, r.deletable]))).toMatchObject({ [draft.id]: true, [first.id]: false, [second.id]: true });

    // DELETE agrees: the first is refused (and stays), the last goes, then the first is the last
    const refused = await c.json("DELETE", `${URL}/${first.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(INVOICE_MESSAGES.notLast);
    expect((await c.get(`${URL}/get/${first.id}`)).status).toBe(200);
    expect((await c.json("DELETE", `${URL}/${second.id}`)).body.message).toBe(DELETED);
    expect((await get(first.id)).deletable).toBe(true);
    expect((await listed("QUOTE")).find((r) => r.id === first.id)!.deletable).toBe(true);
    expect((await c.json("DELETE", `${URL}/${first.id}`)).status).toBe(200);
    expect((await c.json("DELETE", `${URL}/${draft.id}`)).status).toBe(200);
    // the counter went back with each: the next quote of the series is 1/G again
    expect((await issue(await saveDraft((await formData(`kind=QUOTE&contact=${professional.id}`)).invoice))).number).toBe("1/G");
  });
});
