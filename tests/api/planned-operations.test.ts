/**
 * Operazioni pianificate over HTTP (issue 14): the save contract { status, message, plannedOperation } with the
 * fixed JSON names, the validation messages, a template of another tenant or of another kind (400), another
 * tenant's operation (404), ROLE_DOCUMENT only (403 for a ROLE_USER-only user), 'Esegui ora' making the next
 * occurrence (a document dated its planned day, the operation moved on) and the run log linking it. Next dates here
 * are in the future: the server's job runs during the suite and must make nothing (the runner's catch-up and its
 * one-document-per-occurrence across workers are proven in db/queries/planned-operations.test.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUpTenant } from "../support/http";
import { DELETED, expectDocumentRoleNeeded, expectErrors, SAVED } from "../support/entity-api";

const URL = "/api/planned-operations";
const FIELD = "plannedOperation";

type Option = { id: number; toString: string };

async function makeInvoice(c: Client, kind = "INVOICE"): Promise<Option> {
  const customer = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: `Cliente ${kind}`, isCustomer: true, email: "cliente@example.it" });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  const r = await c.postEntity("/api/invoices", "invoice", {
    kind,
    date: "2026-01-31",
    state: "Bozza",
    contact: { id: customer.body.contact.id },
    rows: [{ rowType: "GENERICA", description: "Canone di manutenzione", hideAmount: true }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: r.body.invoice.id, toString: r.body.invoice.toString };
}

describe("Operazioni pianificate (planned operations)", () => {
  let c: Client;
  let other: Client;
  let template: Option;
  let quote: Option;
  let foreignTemplate: Option;
  let foreignOperation: Record<string, any>;

  const valid = (over: Record<string, unknown> = {}) => ({ name: "Canone mensile", templateDocument: template, frequency: "Mensile", nextDate: "2030-01-31", action: "Crea bozza", ...over });
  const create = async (over: Record<string, unknown> = {}) => {
    const r = await c.postEntity(URL, FIELD, valid(over));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(SAVED);
    return r.body.plannedOperation;
  };

  beforeAll(async () => {
    c = (await signUpTenant("Pianificate S.r.l.")).client;
    other = (await signUpTenant("Altre Pianificate S.r.l.")).client;
    template = await makeInvoice(c);
    quote = await makeInvoice(c, "QUOTE");
    foreignTemplate = await makeInvoice(other);
    foreignOperation = (await other.postEntity(URL, FIELD, { name: "Altrui", templateDocument: foreignTemplate, frequency: "Annuale", nextDate: "2030-01-31", action: "Crea bozza" })).body.plannedOperation;
  });

  it("create-form-data: a monthly draft from today; formData lists the tenant's invoices and proformas only", async () => {
    const r = await c.get(`${URL}/create-form-data`);
    expect(r.status).toBe(200);
    expect(r.body.plannedOperation).toMatchObject({ id: null, version: 0, name: "", templateDocument: null, frequency: "Mensile", everyMonths: 1, action: "Crea bozza", active: true, doneCount: 0 });
    expect(r.body.formData.templates.map((t: Option) => t.id)).toEqual([template.id]);
    expect(r.body.formData.templates[0].toString).toBe("Fattura (bozza) del 31/01/2026 - Cliente INVOICE");
  });

  it("saves with the fixed JSON names; everyMonths follows the frequency; update and delete", async () => {
    const o = await create({ frequency: "Ogni N mesi", everyMonths: "3", endDate: "2031-12-31", maxCount: "4" });
    expect(o).toEqual({
      id: o.id,
      version: 0,
      rowColor: null,
      toString: "Canone mensile",
      name: "Canone mensile",
      templateDocument: { id: template.id, toString: "Fattura (bozza) del 31/01/2026" },
      frequency: "Ogni N mesi",
      everyMonths: 3,
      nextDate: "2030-01-31",
      endDate: "2031-12-31",
      maxCount: 4,
      doneCount: 0,
      action: "Crea bozza",
      active: true,
      lastRunAt: null,
      lastResult: null,
    });
    const u = await c.postEntity(`${URL}/${o.id}`, FIELD, valid({ frequency: "Annuale", everyMonths: 3, version: o.version }));
    expect(u.status).toBe(200);
    expect(u.body.plannedOperation).toMatchObject({ frequency: "Annuale", everyMonths: 12, endDate: null, maxCount: null });
    const list = await c.get(`${URL}?startRow=0&limit=100`);
    expect(list.body.data.map((r: Record<string, unknown>) => [r.name, r.templateDocument, r.frequency, r.nextDate, r.active])).toContainEqual(["Canone mensile", "Fattura (bozza) del 31/01/2026", "Annuale", "2030-01-31", true]);
    expect((await c.json("DELETE", `${URL}/${o.id}`)).body.message).toBe(DELETED);
  });

  it("refuses bad input with Italian messages, nothing saved", async () => {
    await expectErrors(c, URL, FIELD, valid({ name: "" }), ['Il campo "Nome" è richiesto']);
    await expectErrors(c, URL, FIELD, valid({ templateDocument: null }), ['Il campo "Documento modello" è richiesto']);
    await expectErrors(c, URL, FIELD, valid({ frequency: "Settimanale" }), ['Il campo "Frequenza" non è valido']);
    await expectErrors(c, URL, FIELD, valid({ frequency: "Ogni N mesi" }), ['Il campo "Ogni quanti mesi" deve essere un numero intero tra 2 e 120']);
    await expectErrors(c, URL, FIELD, valid({ frequency: "Ogni N mesi", everyMonths: 500 }), ['Il campo "Ogni quanti mesi" deve essere un numero intero tra 2 e 120']);
    await expectErrors(c, URL, FIELD, valid({ nextDate: "" }), ['Il campo "Prossima esecuzione" è richiesto']);
    await expectErrors(c, URL, FIELD, valid({ nextDate: "2030-02-30" }), ['Il campo "Prossima esecuzione" non è una data valida']);
    await expectErrors(c, URL, FIELD, valid({ endDate: "2029-12-31" }), ['Il campo "Data fine" non può precedere la prossima esecuzione']);
    await expectErrors(c, URL, FIELD, valid({ maxCount: 0 }), ['Il campo "Numero massimo di esecuzioni" deve essere un numero intero tra 1 e 1000']);
    await expectErrors(c, URL, FIELD, valid({ action: "Crea e stampa" }), ['Il campo "Azione" non è valido']);
  });

  it("a template of another tenant or of another kind is a 400; another tenant's operation is a 404", async () => {
    await expectErrors(c, URL, FIELD, valid({ templateDocument: foreignTemplate }), ["Il documento modello scelto non esiste"]);
    await expectErrors(c, URL, FIELD, valid({ templateDocument: quote }), ["Il documento modello deve essere una fattura o una fattura proforma"]);
    expect((await c.get(`${URL}/get/${foreignOperation.id}`)).status).toBe(404);
    expect((await c.get(`${URL}/runs/${foreignOperation.id}`)).status).toBe(404);
    expect((await c.json("POST", `${URL}/run-now/${foreignOperation.id}`)).status).toBe(404);
  });

  it("'Esegui ora' makes the next occurrence, dated its planned day; the run log links the document", async () => {
    const o = await create({ name: "Canone da emettere", nextDate: "2030-01-31", action: "Crea ed emetti" });
    expect((await c.get(`${URL}/runs/${o.id}`)).body.runs).toEqual([]);
    const r = await c.json("POST", `${URL}/run-now/${o.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe("Operazione eseguita");
    expect(r.body.run.state).toBe("Eseguita");
    expect(r.body.plannedOperation).toMatchObject({ nextDate: "2030-02-28", doneCount: 1, active: true });
    expect(r.body.plannedOperation.lastResult).toMatch(/^Emessa Fattura \S+ del 31\/01\/2030$/);
    const doc = (await c.get(`/api/invoices/get/${r.body.run.documentId}`)).body.invoice;
    expect(doc).toMatchObject({ kind: "INVOICE", date: "2030-01-31", state: "Emessa" });
    const runs = (await c.get(`${URL}/runs/${o.id}`)).body.runs;
    expect(runs).toEqual([
      {
        id: expect.any(Number),
        occurrence: "2030-01-31",
        state: "Eseguita",
        message: r.body.plannedOperation.lastResult,
        document: { id: doc.id, toString: doc.toString, kind: "INVOICE" },
        link: `/api/invoices/download-pdf/${doc.id}?inline=1`,
        createdAt: expect.any(String),
      },
    ]);
    // the template in use cannot be deleted under the operation
    expect((await c.json("DELETE", `/api/invoices/${template.id}`)).status).toBe(409);
    // a stopped operation has nothing to run
    const stopped = await create({ active: false });
    const s = await c.json("POST", `${URL}/run-now/${stopped.id}`);
    expect(s.status).toBe(400);
    expect(s.body.message).toBe("Nessuna esecuzione da fare: l'operazione non è attiva");
  });

  it("needs ROLE_DOCUMENT: a ROLE_USER-only user gets 403 on every call", async () => {
    const luca = await expectDocumentRoleNeeded(URL, FIELD, valid());
    expect((await luca.get(`${URL}/runs/1`)).status).toBe(403);
    expect((await luca.json("POST", `${URL}/run-now/1`)).status).toBe(403);
  });
});
