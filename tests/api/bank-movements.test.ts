/**
 * Banca over HTTP (issue 32): POST /api/bank-movements/import (multipart files + bankAccount [+ mapping]) with camt.053,
 * CBI and CSV statements the project writes itself (lib/bank/testing.ts), duplicates and a foreign IBAN refused;
 * import-headers; GET /api/bank-movements (list contract, addedParams bankAccount/state, totals) and /export;
 * GET suggestions/{id}; POST match/{id} (full, partial, grouped; 400/404/409), unmatch/{id}, no-document/{id};
 * the Scadenziario's bankMovement; the tenant setting bankAutoMatch; another tenant's ids (404) and roles (403).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { writeCamt053, writeCbi, writeCsv } from "@/lib/bank/testing";
import type { ParsedMovement } from "@/lib/bank/types";
import { BANK_MESSAGES } from "@/lib/schemas/bank-movement";
import { todayInRome } from "@/lib/rome-time";
import { type Client, signUpTenant } from "../support/http";
import { loginBianchi, postSettings, saveIssuer } from "../support/entity-api";

const URL = "/api/bank-movements";
const IBAN = "IT60X0542811101000000123456";
const OTHER_IBAN = "IT02L1234512345123456789012";

type Option = { id: number; toString: string };
type Row = Record<string, any> & { id: number };

const today = todayInRome();
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const booked = addDays(today, -2);
const mv = (amount: number, description: string, o: Partial<ParsedMovement> = {}): ParsedMovement => ({ bookingDate: booked, valueDate: booked, amount, description, counterpartyName: null, counterpartyIban: null, reference: null, ...o });

function upload(files: { name: string; text: string }[], account: unknown, mapping?: unknown): FormData {
  const fd = new FormData();
  for (const f of files) fd.append("files", new Blob([new TextEncoder().encode(f.text)]), f.name);
  if (account !== undefined) fd.set("bankAccount", JSON.stringify(account));
  if (mapping !== undefined) fd.set("mapping", JSON.stringify(mapping));
  return fd;
}

describe("Banca (import, list, suggestions, match, unmatch, no-document)", () => {
  let c: Client;
  let other: Client;
  let account: Option;
  let otherAccount: Option;
  let rossi: Option;
  let vat22: Option;

  const importFiles = (client: Client, files: { name: string; text: string }[], acc: unknown = { id: account.id }, mapping?: unknown) => client.json("POST", `${URL}/import`, { body: upload(files, acc, mapping) });
  const camt = (movements: ParsedMovement[], iban = IBAN) => writeCamt053({ iban, movements });
  const list = (client: Client, added: Record<string, unknown> = {}) => client.get(`${URL}?${new URLSearchParams({ totals: "1", startRow: "0", limit: "100", addedParams: JSON.stringify(added) })}`);
  const byDescription = async (description: string): Promise<Row> => (await list(c)).body.data.find((r: Row) => r.description === description);
  const match = (client: Client, id: number, deadlines: { id: number; amount: number }[]) => client.postEntity(`${URL}/match/${id}`, "match", { deadlines });
  const invoice = async (amount: number, over: Record<string, unknown> = {}) => {
    const r = await c.postEntity("/api/invoices", "invoice", { kind: "INVOICE", state: "Emessa", date: addDays(today, -30), contact: rossi, rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount, vat: vat22 }], ...over });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.invoice as { id: number; number: string; deadlines: { id: number; amount: number }[] };
  };

  beforeAll(async () => {
    c = (await signUpTenant("Studio Banca S.r.l.")).client;
    other = (await signUpTenant("Altra Banca S.r.l.")).client;
    await saveIssuer(c);
    const a = await c.postEntity("/api/bank-accounts", "bankAccount", { bankAccountType: "Conto bancario", bankName: "Banca Alfa", code: "CC 1", iban: IBAN });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    account = { id: a.body.bankAccount.id, toString: "Banca Alfa" };
    const o = await other.postEntity("/api/bank-accounts", "bankAccount", { bankAccountType: "Conto bancario", bankName: "Banca Beta", code: "CC 2", iban: "" });
    otherAccount = { id: o.body.bankAccount.id, toString: "Banca Beta" };
    const r = await c.postEntity("/api/contacts", "contact", { kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" });
    rossi = { id: r.body.contact.id, toString: "Rossi S.r.l." };
    const rates: Option[] = (await c.get("/api/vat-rates/get-filtered-list")).body.options;
    vat22 = rates.find((x) => x.toString.startsWith("22%"))!;
  });

  it("imports camt.053 and CBI files in one call; the same file again is duplicates; another IBAN's statement is refused with the reason", async () => {
    const first = await importFiles(c, [
      { name: "camt.xml", text: camt([mv(10000, "BONIFICO UNO", { reference: "A-1" }), mv(-250, "COMMISSIONI BONIFICO")]) },
      { name: "cbi.txt", text: writeCbi({ iban: IBAN, movements: [mv(5000, "ACCREDITO CBI", { reference: "C-1" })] }) },
      { name: "altro.xml", text: camt([mv(1, "ALTRO")], OTHER_IBAN) },
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: "ok", imported: 3, duplicates: 0, refused: [{ file: "altro.xml", reason: BANK_MESSAGES.ibanMismatch(OTHER_IBAN, IBAN) }] });
    const again = await importFiles(c, [{ name: "camt.xml", text: camt([mv(10000, "BONIFICO UNO", { reference: "A-1" }), mv(-250, "COMMISSIONI BONIFICO")]) }]);
    expect(again.body).toMatchObject({ status: "ok", imported: 0, duplicates: 2, refused: [] });
    const rows = (await list(c)).body;
    expect(rows.count).toBe(3);
    expect(rows.totals).toEqual({ credit: 15000, debit: 250, amount: 14750 });
    expect(rows.data.find((r: Row) => r.description === "BONIFICO UNO")).toMatchObject({ bookingDate: booked, amount: 10000, state: "Da abbinare", bankAccount: account, matched: "" });
  });

  it("a CSV whose columns are not recognised is refused with its headers; import-headers answers them; with a mapping it imports and the mapping is remembered", async () => {
    const text = writeCsv({ movements: [mv(123456, "CSV ACCREDITO", { reference: "S-1" })] }).replace("Data contabile", "Quando").replace("Importo", "Quanto");
    const refused = await importFiles(c, [{ name: "estratto.csv", text }]);
    expect(refused.status).toBe(200);
    expect(refused.body.imported).toBe(0);
    expect(refused.body.refused[0]).toMatchObject({ file: "estratto.csv", headers: ["Quando", "Data valuta", "Quanto", "Descrizione", "Controparte", "IBAN controparte", "Riferimento"] });
    const headers = await c.json("POST", `${URL}/import-headers`, { body: upload([{ name: "estratto.csv", text }], { id: account.id }) });
    expect(headers.body).toMatchObject({ status: "ok", format: "csv", headers: ["Quando", "Data valuta", "Quanto", "Descrizione", "Controparte", "IBAN controparte", "Riferimento"], complete: false });
    const mapping = { bookingDate: "Quando", amount: "Quanto", description: "Descrizione", reference: "Riferimento" };
    const ok = await importFiles(c, [{ name: "estratto.csv", text }], { id: account.id }, mapping);
    expect(ok.body).toMatchObject({ imported: 1, duplicates: 0, refused: [] });
    expect((await byDescription("CSV ACCREDITO")).amount).toBe(123456);
    const remembered = await c.json("POST", `${URL}/import-headers`, { body: upload([{ name: "estratto.csv", text }], { id: account.id }) });
    expect(remembered.body).toMatchObject({ mapping, complete: true });
  });

  it("bad imports: no file (400), no account (400), another tenant's account (404), a bad mapping (400) — nothing written", async () => {
    const before = (await list(c)).body.count;
    const none = await c.json("POST", `${URL}/import`, { body: upload([], { id: account.id }) });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(BANK_MESSAGES.noFiles);
    const noAccount = await c.json("POST", `${URL}/import`, { body: upload([{ name: "a.xml", text: camt([mv(1, "X1")]) }], undefined) });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.message).toBe('Dati mancanti: il campo "bankAccount" non è stato inviato');
    const foreign = await importFiles(c, [{ name: "a.xml", text: camt([mv(1, "X2")]) }], { id: otherAccount.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(BANK_MESSAGES.accountNotFound);
    expect((await importFiles(c, [{ name: "a.csv", text: "a;b\n1;2\n" }], { id: account.id }, { bookingDate: "a" })).status).toBe(400);
    expect((await list(c)).body.count).toBe(before);
  });

  it("suggests the invoice by number and amount, matches it (Saldato, Pagata, shown in the Scadenziario), refuses a second match (409), and unmatch restores it", async () => {
    const inv = await invoice(100000); // 1.220,00
    const description = `SALDO FATTURA N. ${inv.number}`;
    expect((await importFiles(c, [{ name: "inv.xml", text: camt([mv(122000, description, { reference: "I-1", counterpartyName: "ROSSI SRL" })]) }])).body.imported).toBe(1);
    const m = await byDescription(description);
    const s = await c.get(`${URL}/suggestions/${m.id}`);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body.suggestions[0]).toMatchObject({ certain: true, score: 100, reason: `Numero documento ${inv.number} e importo corrispondono`, deadlines: [{ id: inv.deadlines[0]!.id, amount: 122000, open: 122000, documentNumber: inv.number, contact: "Rossi S.r.l." }] });

    const done = await match(c, m.id, [{ id: inv.deadlines[0]!.id, amount: 122000 }]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: "ok", message: BANK_MESSAGES.matched, movement: { id: m.id, state: "Abbinato", links: [{ deadlineId: inv.deadlines[0]!.id, amount: 122000 }] } });
    expect((await c.get(`/api/invoices/get/${inv.id}`)).body.invoice.state).toBe("Pagata");
    const scad = (await c.get(`/api/deadlines?startRow=0&limit=100`)).body.data.find((r: Row) => r.id === inv.deadlines[0]!.id);
    expect(scad).toMatchObject({ deadlineState: "Saldato", paymentDate: booked, bankMovement: { id: m.id, bookingDate: booked, description, amount: 122000 } });
    expect((await byDescription(description)).matched).toBe(inv.number);
    expect((await list(c, { state: "Abbinato" })).body.data.map((r: Row) => r.id)).toEqual([m.id]);

    const twice = await match(c, m.id, [{ id: inv.deadlines[0]!.id, amount: 122000 }]);
    expect(twice.status).toBe(409);
    const undo = await c.postForm(`${URL}/unmatch/${m.id}`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body).toMatchObject({ message: BANK_MESSAGES.unmatched, movement: { state: "Da abbinare", links: [] } });
    expect((await c.get(`/api/invoices/get/${inv.id}`)).body.invoice).toMatchObject({ state: "Emessa", deadlines: [{ id: inv.deadlines[0]!.id, amount: 122000, deadlineState: "Da saldare", paymentDate: null, bankMovement: null }] });
  });

  it("a partial payment splits the deadline and unmatch merges it back; a sum over the movement is a 400; bad ids 404", async () => {
    const inv = await invoice(50000); // 610,00
    const d = inv.deadlines[0]!;
    await importFiles(c, [{ name: "p.xml", text: camt([mv(20000, "ACCONTO ROSSI", { reference: "P-1" })]) }]);
    const m = await byDescription("ACCONTO ROSSI");
    const over = await match(c, m.id, [{ id: d.id, amount: 30000 }]);
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/^La somma degli importi abbinati .* supera l'importo del movimento/);
    expect((await match(c, m.id, [{ id: 2_000_000_000, amount: 100 }])).status).toBe(404);
    expect((await match(c, 2_000_000_000, [{ id: d.id, amount: 100 }])).status).toBe(404);
    expect((await match(c, m.id, [])).status).toBe(400);

    const part = await match(c, m.id, [{ id: d.id, amount: 20000 }]);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const split = (await c.get(`/api/invoices/get/${inv.id}`)).body.invoice;
    expect(split.state).toBe("Emessa");
    expect(split.deadlines.map((x: Row) => [x.amount, x.deadlineState, x.paymentDate])).toEqual([
      [41000, "Da saldare", null],
      [20000, "Saldato", booked],
    ]);
    expect((await c.postForm(`${URL}/unmatch/${m.id}`)).status).toBe(200);
    const back = (await c.get(`/api/invoices/get/${inv.id}`)).body.invoice;
    expect(back.deadlines.map((x: Row) => [x.id, x.amount, x.deadlineState])).toEqual([[d.id, 61000, "Da saldare"]]);
  });

  it("'Nessun documento' and back; another tenant gets 404 on every call; a user without ROLE_DOCUMENT 403", async () => {
    const fee = await byDescription("COMMISSIONI BONIFICO");
    const nd = await c.postForm(`${URL}/no-document/${fee.id}`);
    expect(nd.body).toMatchObject({ status: "ok", message: BANK_MESSAGES.noDocument, movement: { state: "Nessun documento" } });
    expect((await c.postForm(`${URL}/no-document/${fee.id}`)).status).toBe(409);
    expect((await list(c, { state: "Nessun documento", bankAccount: account.id })).body.data.map((r: Row) => r.id)).toEqual([fee.id]);

    expect((await other.get(`${URL}/suggestions/${fee.id}`)).status).toBe(404);
    expect((await other.postForm(`${URL}/unmatch/${fee.id}`)).status).toBe(404);
    expect((await other.postForm(`${URL}/no-document/${fee.id}`)).status).toBe(404);
    expect((await match(other, fee.id, [{ id: 1, amount: 1 }])).status).toBe(404);
    expect((await list(other)).body.count).toBe(0);
    expect((await c.postForm(`${URL}/unmatch/${fee.id}`)).body.movement.state).toBe("Da abbinare");

    expect((await c.get(`${URL}?addedParams=${encodeURIComponent(JSON.stringify({ state: "Pagato" }))}`)).status).toBe(400);
    const csv = await c.raw("GET", `${URL}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("COMMISSIONI BONIFICO");

    const luca = await loginBianchi();
    expect((await luca.get(URL)).status).toBe(403);
    expect((await luca.get(`${URL}/suggestions/1`)).status).toBe(403);
    expect((await luca.postForm(`${URL}/unmatch/1`)).status).toBe(403);
    expect((await luca.json("POST", `${URL}/import`, { body: upload([{ name: "a.xml", text: camt([mv(1, "Z")]) }], { id: 1 }) })).status).toBe(403);
  });

  it("with bankAutoMatch on (Impostazioni), an import matches the certain suggestions by itself", async () => {
    const tenant = (await c.get("/api/tenants/get-actual")).body.tenant;
    expect(tenant.bankAutoMatch).toBe(false);
    const saved = await postSettings(c, { ...tenant, bankAutoMatch: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const inv = await invoice(30000); // 366,00
    const r = await importFiles(c, [{ name: "auto.xml", text: camt([mv(36600, `FT ${inv.number}`, { reference: "AUTO-1" })]) }]);
    expect(r.body).toMatchObject({ imported: 1, autoMatched: 1 });
    expect((await byDescription(`FT ${inv.number}`)).state).toBe("Abbinato");
    expect((await c.get(`/api/invoices/get/${inv.id}`)).body.invoice.state).toBe("Pagata");
  });
});
