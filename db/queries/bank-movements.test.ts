import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { bankAccounts, bankMovementLinks, bankMovements, documentDeadlines, documents, expenses, vatRates } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "@/tests/support/databases";
import { listGrid } from "@/lib/grid/list";
import { writeCamt053, writeCbi, writeCsv } from "@/lib/bank/testing";
import type { ParsedMovement } from "@/lib/bank/types";
import { contactSchema } from "@/lib/schemas/contact";
import { deadlineStateSchema } from "@/lib/schemas/deadline";
import { invoiceSchema } from "@/lib/schemas/invoice";
import { expenseSchema } from "@/lib/schemas/expense";
import { BANK_MESSAGES, matchSchema } from "@/lib/schemas/bank-movement";
import { todayInRome } from "@/lib/rome-time";
import { formatEuro } from "@/lib/format";
import { invoiceEntity } from "@/db/documents/entity";
import { createTenantWithAdmin } from "./accounts";
import { contactEntity } from "./contacts";
import { expenseEntity } from "./expenses";
import { deadlinesGrid, setDeadlineState } from "./deadlines";
import { bankMovementsGrid, importStatements, markNoDocument, matchMovement, movementSuggestions, statementHeaders, unmatchMovement } from "./bank-movements";
import { TenantScope } from "../scope";
import { addDays } from "@/lib/fiscal/dates";
import { expectApiError } from "@/tests/support/api-error";

const kinds = (["pglite", "postgres"] as const).filter((k) => k === "pglite" || process.env.DATABASE_URL);

const IBAN = "IT60X0542811101000000123456";
const OTHER_IBAN = "IT02L1234512345123456789012";
const enc = (s: string) => new TextEncoder().encode(s);

describe.each(kinds)("Banca: bank movements on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  let a: TenantScope;
  let b: TenantScope;
  let account: { id: number };
  let bAccount: { id: number };
  let rossi: { id: number };
  let comune: { id: number };
  let studio: { id: number };
  let supplier: { id: number };
  let vat22: { id: number };
  const today = todayInRome();
  const booked = addDays(today, -3);

  beforeAll(async () => {
    tdb = await createTestDatabase(kind, "bankmov");
    database = await tdb.open();
    const ta = await createTenantWithAdmin(database.db, { denomination: "Studio Banca", email: `ba-${kind}@example.it`, firstName: "Anna", lastName: "Alfa", password: "abc12345" });
    const tb = await createTenantWithAdmin(database.db, { denomination: "Altro", email: `bb-${kind}@example.it`, firstName: "B", lastName: "B", password: "abc12345" });
    const roles = ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] as const;
    a = new TenantScope(database.db, ta.tenant.id, { userId: ta.admin.id, roles: [...roles] });
    b = new TenantScope(database.db, tb.tenant.id, { userId: tb.admin.id, roles: [...roles] });
    await a.updateTenant(undefined, { vat: "07654321012", fiscalCode: "07654321012", address: "Via Roma 1", postalCode: "00184", city: "Roma", province: "RM", taxRegime: "RF01" });
    rossi = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Rossi S.r.l.", isCustomer: true, vatNumber: "12345678903", address: "Via Milano 2", postalCode: "20121", city: "Milano", province: "MI" }));
    comune = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Comune di Prova", isCustomer: true, fiscalCode: "12345678903", sdiCode: "UFABCD", publicAdministration: true, splitPayment: true, address: "Piazza 1", postalCode: "00100", city: "Roma", province: "RM" }));
    studio = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Ferretti Costruzioni S.r.l.", isCustomer: true, vatNumber: "01234567897", address: "Via Po 3", postalCode: "10121", city: "Torino", province: "TO" }));
    supplier = await contactEntity.create(a, contactSchema.parse({ kind: "COMPANY", companyName: "Fornitore S.p.A.", isCustomer: false, isSupplier: true, vatNumber: "11111111115" }));
    vat22 = { id: (await a.list(vatRates)).find((r) => r.rate === "22.00")!.id };
    account = await a.insert(bankAccounts, { bankAccountType: "Conto bancario", bankName: "Banca Alfa", iban: "IT60 X054 2811 1010 0000 0123 456" });
    bAccount = await b.insert(bankAccounts, { bankAccountType: "Conto bancario", bankName: "Banca Beta", iban: "" });
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  const invoice = (contact: { id: number }, amount: number, over: Record<string, unknown> = {}) =>
    invoiceEntity.create(
      a,
      invoiceSchema.parse({ contact, date: addDays(today, -60), state: "Emessa", rows: [{ rowType: "GENERICA", description: "Consulenza", quantity: "1", amount, vat: vat22 }], ...over }),
    );
  const deadlinesOf = (documentId: number) => a.list(documentDeadlines, { where: eq(documentDeadlines.documentId, documentId), orderBy: [asc(documentDeadlines.position), asc(documentDeadlines.id)] });
  const mv = (amount: number, description: string, o: Partial<ParsedMovement> = {}): ParsedMovement => ({ bookingDate: booked, valueDate: booked, amount, description, counterpartyName: null, counterpartyIban: null, reference: null, ...o });
  const importCamt = (scope: TenantScope, accountId: number, movements: ParsedMovement[], iban = IBAN, name = "estratto.xml") =>
    importStatements(scope, accountId, [{ name, bytes: enc(writeCamt053({ iban, movements })) }], null, today);
  const movementBy = async (description: string) => (await a.list(bankMovements)).find((m) => m.description === description)!;
  const match = (id: number, deadlines: { id: number; amount: number }[]) => matchMovement(a, id, matchSchema.parse({ deadlines }), today);

  it("imports a camt.053 statement; the same statement again is all duplicates; another IBAN's is refused with the reason", async () => {
    const movements = [
      mv(10000, "BONIFICO PRIMO", { reference: "REF-1" }),
      mv(-150, "COMMISSIONI"),
      mv(-150, "COMMISSIONI"), // two equal fees of one day are two movements
    ];
    const first = await importCamt(a, account.id, movements);
    expect(first).toMatchObject({ imported: 3, duplicates: 0, refused: [] });
    expect(first.message).toBe("Importati 3 movimenti");
    const again = await importCamt(a, account.id, movements);
    expect(again).toMatchObject({ imported: 0, duplicates: 3, refused: [] });
    const foreign = await importCamt(a, account.id, [mv(500, "ALTRO CONTO")], OTHER_IBAN, "altro.xml");
    expect(foreign.imported).toBe(0);
    expect(foreign.refused).toEqual([{ file: "altro.xml", reason: BANK_MESSAGES.ibanMismatch(OTHER_IBAN, IBAN) }]);
    // an account without IBAN accepts any statement
    expect(await importCamt(b, bAccount.id, [mv(500, "ALTRO CONTO")], OTHER_IBAN)).toMatchObject({ imported: 1 });
    expect((await a.list(bankMovements)).length).toBe(3);
  });

  it("two imports of the same statement at once write each movement once (the unique indexes decide)", async () => {
    const movements = Array.from({ length: 50 }, (_, i) => mv(1000 + i, `CONCORRENTE ${i}`, i % 2 ? { reference: `CC-${i}` } : {}));
    const [x, y] = await Promise.all([importCamt(a, account.id, movements), importCamt(a, account.id, movements)]);
    expect(x.imported + y.imported).toBe(50);
    expect(x.duplicates + y.duplicates).toBe(50);
    expect((await a.list(bankMovements)).filter((m) => m.description.startsWith("CONCORRENTE ")).length).toBe(50);
  });

  it("imports CBI and a CSV with Italian amounts; a CSV mapping given is remembered on the account, a file it does not fit answers its headers", async () => {
    const cbi = await importStatements(a, account.id, [{ name: "cbi.txt", bytes: enc(writeCbi({ iban: IBAN, movements: [mv(123456, "CBI ACCREDITO", { reference: "CBI-1" })] })) }], null, today);
    expect(cbi).toMatchObject({ imported: 1, duplicates: 0, refused: [] });
    const csv = writeCsv({ movements: [mv(123456, "CSV ACCREDITO 1.234,56", { reference: "CSV-1" }), mv(-99, "CSV SPESE")] })
      .replace("Data contabile", "Giorno")
      .replace("Importo", "Soldi");
    const bytes = enc(csv);
    const refused = await importStatements(a, account.id, [{ name: "mov.csv", bytes }], null, today);
    expect(refused.imported).toBe(0);
    expect(refused.refused[0]).toMatchObject({ file: "mov.csv", headers: ["Giorno", "Data valuta", "Soldi", "Descrizione", "Controparte", "IBAN controparte", "Riferimento"] });
    const mapping = { bookingDate: "Giorno", valueDate: "Data valuta", amount: "Soldi", description: "Descrizione", counterpartyName: "Controparte", counterpartyIban: "IBAN controparte", reference: "Riferimento" };
    const ok = await importStatements(a, account.id, [{ name: "mov.csv", bytes }], mapping, today);
    expect(ok).toMatchObject({ imported: 2, duplicates: 0, refused: [] });
    expect((await movementBy("CSV ACCREDITO 1.234,56")).amount).toBe(123456);
    expect((await a.find(bankAccounts, account.id))!.statementMapping).toEqual(mapping);
    // the remembered mapping: the headers call offers it, and an import without mapping uses it
    expect(await statementHeaders(a, account.id, { name: "mov.csv", bytes })).toMatchObject({ format: "csv", mapping, complete: true });
    expect(await importStatements(a, account.id, [{ name: "mov.csv", bytes }], null, today)).toMatchObject({ imported: 0, duplicates: 2 });
    await expectApiError(importStatements(a, bAccount.id, [{ name: "mov.csv", bytes }], null, today), 404, BANK_MESSAGES.accountNotFound);
  });

  it("suggests the deadline whose number and amount match (certain), and matching it pays the deadline and the invoice", async () => {
    const inv = await invoice(rossi, 100000);
    const [d] = await deadlinesOf(inv.id);
    expect(d!.amount).toBe(122000);
    await importCamt(a, account.id, [mv(122000, `SALDO FATTURA N. ${inv.number} ROSSI`, { counterpartyName: "ROSSI SRL", counterpartyIban: "IT40S0542811101000000654321", reference: "R-INV1" })]);
    const m = await movementBy(`SALDO FATTURA N. ${inv.number} ROSSI`);
    const { suggestions } = await movementSuggestions(a, m.id);
    expect(suggestions[0]).toMatchObject({ certain: true, kind: "number", score: 100, reason: `Numero documento ${inv.number} e importo corrispondono` });
    expect(suggestions[0]!.deadlines).toEqual([expect.objectContaining({ id: d!.id, amount: 122000, open: 122000, documentNumber: inv.number, contact: "Rossi S.r.l.", documentKind: "INVOICE", documentId: inv.id })]);

    const matched = await match(m.id, [{ id: d!.id, amount: 122000 }]);
    expect(matched.state).toBe("Abbinato");
    expect(matched.links).toEqual([expect.objectContaining({ deadlineId: d!.id, amount: 122000 })]);
    expect((await a.find(documentDeadlines, d!.id))).toMatchObject({ deadlineState: "Saldato", paymentDate: booked });
    expect((await a.find(documents, inv.id))!.state).toBe("Pagata");
    // the Scadenziario and the document show the movement
    const row = (await listGrid(a, deadlinesGrid, {})).data.find((r) => r.id === d!.id)!;
    expect(row.bankMovement).toEqual({ id: m.id, bookingDate: booked, description: m.description, amount: 122000 });
    expect((await invoiceEntity.get(a, inv.id)).deadlines[0]!.bankMovement).toEqual({ id: m.id, bookingDate: booked, description: m.description, amount: 122000 });
    // matched again: 409; reopening the deadline by hand: refused
    await expectApiError(match(m.id, [{ id: d!.id, amount: 122000 }]), 409);
    await expectApiError(setDeadlineState(a, d!.id, deadlineStateSchema.parse({ deadlineState: "Da saldare" }), today), 400, BANK_MESSAGES.linkedDeadline);

    // unmatch restores exactly; a learned IBAN then points at Rossi
    const undone = await unmatchMovement(a, m.id);
    expect(undone).toMatchObject({ state: "Da abbinare", links: [] });
    expect((await a.find(documentDeadlines, d!.id))).toMatchObject({ deadlineState: "Da saldare", paymentDate: null, amount: 122000 });
    expect((await a.find(documents, inv.id))!.state).toBe("Emessa");
    await expectApiError(unmatchMovement(a, m.id), 409, BANK_MESSAGES.alreadyOpen);
  });

  it("the amount expected is the netto a pagare: after the ritenuta, and without the VAT under split payment", async () => {
    const rit = await invoice(rossi, 100000, { withholdingTaxApply: true, withholdingTaxPercentage: "20", rows: [{ rowType: "GENERICA", description: "Compenso", quantity: "1", amount: 100000, vat: vat22, withholding: true }] });
    const split = await invoice(comune, 100000, { publicAdministration: true });
    const [rd] = await deadlinesOf(rit.id);
    const [sd] = await deadlinesOf(split.id);
    expect([rd!.amount, sd!.amount]).toEqual([102000, 100000]); // 1220 - 200 ritenuta; 1220 - 220 IVA in split payment
    await importCamt(a, account.id, [
      mv(102000, `PAGAMENTO FT ${rit.number} AL NETTO RITENUTA`, { reference: "R-RIT" }),
      mv(100000, `MANDATO 55 FATTURA ${split.number} SPLIT PAYMENT`, { reference: "R-SPLIT" }),
    ]);
    const r = await movementSuggestions(a, (await movementBy(`PAGAMENTO FT ${rit.number} AL NETTO RITENUTA`)).id);
    expect(r.suggestions[0]).toMatchObject({ certain: true, deadlines: [{ id: rd!.id, amount: 102000 }] });
    const s = await movementSuggestions(a, (await movementBy(`MANDATO 55 FATTURA ${split.number} SPLIT PAYMENT`)).id);
    expect(s.suggestions[0]).toMatchObject({ certain: true, deadlines: [{ id: sd!.id, amount: 100000 }] });
  });

  it("a partial payment splits the deadline; unmatch merges it back; sums over the movement, wrong direction, foreign ids are refused", async () => {
    const inv = await invoice(studio, 50000); // 610,00
    const [d] = await deadlinesOf(inv.id);
    await importCamt(a, account.id, [mv(20000, "ACCONTO FERRETTI", { counterpartyName: "Ferretti Costruzioni Srl", reference: "R-PART" }), mv(-61000, "ADDEBITO STRANO", { reference: "R-DEBIT" })]);
    const m = await movementBy("ACCONTO FERRETTI");
    const { suggestions } = await movementSuggestions(a, m.id);
    expect(suggestions.find((s) => s.kind === "partial")).toMatchObject({ deadlines: [{ id: d!.id, amount: 20000, open: 61000 }] });

    await expectApiError(match(m.id, [{ id: d!.id, amount: 30000 }]), 400, BANK_MESSAGES.matchTooMuch(formatEuro(30000), formatEuro(20000)));
    const debit = await movementBy("ADDEBITO STRANO");
    await expectApiError(match(debit.id, [{ id: d!.id, amount: 61000 }]), 400, BANK_MESSAGES.matchDirectionOut);
    const foreignDeadline = await b.insert(bankMovements, { bankAccountId: bAccount.id, bookingDate: booked, amount: 1, description: "x" });
    await expectApiError(match(foreignDeadline.id, [{ id: d!.id, amount: 1 }]), 404, BANK_MESSAGES.notFound);
    await expectApiError(matchMovement(b, m.id, matchSchema.parse({ deadlines: [{ id: d!.id, amount: 1 }] }), today), 404, BANK_MESSAGES.notFound);
    await expectApiError(match(m.id, [{ id: 2_000_000_000, amount: 1 }]), 404, BANK_MESSAGES.deadlineNotFound);
    expect((await a.find(bankMovements, m.id))!.state).toBe("Da abbinare");

    await match(m.id, [{ id: d!.id, amount: 20000 }]);
    const after = await deadlinesOf(inv.id);
    expect(after.map((x) => [x.amount, x.deadlineState, x.paymentDate])).toEqual([
      [41000, "Da saldare", null],
      [20000, "Saldato", booked],
    ]);
    expect((await a.find(documents, inv.id))!.state).toBe("Emessa");
    await unmatchMovement(a, m.id);
    const back = await deadlinesOf(inv.id);
    expect(back.map((x) => [x.id, x.amount, x.deadlineState, x.paymentDate])).toEqual([[d!.id, 61000, "Da saldare", null]]);
    expect(await a.list(bankMovementLinks, { where: eq(bankMovementLinks.movementId, m.id) })).toEqual([]);
  });

  it("a grouped payment settles several deadlines of one counterparty; a purchase invoice is paid by a debit", async () => {
    const i1 = await invoice(studio, 10000); // 122,00
    const i2 = await invoice(studio, 20000); // 244,00
    const exp = await a.insert(expenses, { documentNumber: "FA-77", documentDate: addDays(today, -20), contactId: supplier.id, taxable: 40000, totalVat: 8800 });
    await a.insertMany(documentDeadlines, [{ expenseId: exp.id, contactId: supplier.id, amount: 48800, deadlineDate: addDays(today, 10), position: 0 }]);
    await importCamt(a, account.id, [mv(36600, "BONIFICO CUMULATIVO", { counterpartyName: "FERRETTI COSTRUZIONI", reference: "R-GROUP" }), mv(-48800, "PAGAMENTO FORNITORE FA-77", { reference: "R-EXP" })]);
    const g = await movementBy("BONIFICO CUMULATIVO");
    const { suggestions } = await movementSuggestions(a, g.id);
    const group = suggestions.find((s) => s.kind === "group")!;
    const [d1] = await deadlinesOf(i1.id);
    const [d2] = await deadlinesOf(i2.id);
    expect(group.deadlines.map((d) => d.id).sort()).toEqual([d1!.id, d2!.id].sort());
    await match(g.id, group.deadlines.map((d) => ({ id: d.id, amount: d.amount })));
    expect((await a.find(documents, i1.id))!.state).toBe("Pagata");
    expect((await a.find(documents, i2.id))!.state).toBe("Pagata");

    const e = await movementBy("PAGAMENTO FORNITORE FA-77");
    const es = await movementSuggestions(a, e.id);
    expect(es.suggestions[0]).toMatchObject({ certain: true, kind: "number", deadlines: [{ documentKind: "EXPENSE", documentNumber: "FA-77", amount: 48800 }] });
    await match(e.id, [{ id: es.suggestions[0]!.deadlines[0]!.id, amount: 48800 }]);
    expect((await a.list(documentDeadlines, { where: eq(documentDeadlines.expenseId, exp.id) }))[0]).toMatchObject({ deadlineState: "Saldato", paymentDate: booked });
    // the purchase invoice's form shows the movement that paid its deadline
    const json = await expenseEntity.get(a, exp.id);
    expect(json.deadlines[0]!.bankMovement).toEqual({ id: e.id, bookingDate: booked, description: "PAGAMENTO FORNITORE FA-77", amount: -48800 });
    // and keeps it as the match left it: its amount, state and payment date change only by undoing the match
    const save = (deadlines: unknown[], details = "") => expenseEntity.update(a, exp.id, expenseSchema.parse({ ...json, details, deadlines }));
    const paid = json.deadlines[0]!;
    await expectApiError(save([{ ...paid, amount: 40000 }, { ...paid, id: undefined, amount: 8800, deadlineState: "Da saldare", paymentDate: null }]), 400, BANK_MESSAGES.linkedDeadline);
    await expectApiError(save([{ ...paid, deadlineState: "Da saldare", paymentDate: null }]), 400, BANK_MESSAGES.linkedDeadline);
    await expectApiError(save([]), 400, BANK_MESSAGES.linkedDeadline);
    expect((await a.list(documentDeadlines, { where: eq(documentDeadlines.expenseId, exp.id) })).map((d) => [d.id, Number(d.amount), d.deadlineState])).toEqual([[paid.id, 48800, "Saldato"]]);
    expect((await save(json.deadlines, "Fornitura di marzo")).details).toBe("Fornitura di marzo");
  });

  it("'Nessun documento', the list by state and account, and another tenant sees nothing", async () => {
    const fee = (await a.list(bankMovements)).find((m) => m.description === "COMMISSIONI")!;
    expect((await markNoDocument(a, fee.id)).state).toBe("Nessun documento");
    await expectApiError(markNoDocument(a, fee.id), 409);
    await expectApiError(markNoDocument(b, fee.id), 404);
    const list = await listGrid(a, bankMovementsGrid, { addedParams: JSON.stringify({ state: "Nessun documento", bankAccount: account.id }) }, { totals: true });
    expect(list.data.map((r) => r.id)).toEqual([fee.id]);
    expect(list.totals).toEqual({ credit: 0, debit: 150, amount: -150 });
    expect((await unmatchMovement(a, fee.id)).state).toBe("Da abbinare");
    const all = await listGrid(b, bankMovementsGrid, {});
    expect(all.data.every((r) => (r.bankAccount as { id: number }).id === bAccount.id)).toBe(true);
    await expectApiError(movementSuggestions(b, fee.id), 404, BANK_MESSAGES.notFound);
  });

  it("with bankAutoMatch on, an import applies the certain suggestions only", async () => {
    const inv = await invoice(rossi, 30000); // 366,00
    const [d] = await deadlinesOf(inv.id);
    await a.updateTenant(undefined, { bankAutoMatch: true });
    const r = await importCamt(a, account.id, [mv(36600, `FATTURA ${inv.number}`, { reference: "R-AUTO" }), mv(36600, "BONIFICO SENZA RIFERIMENTI", { reference: "R-AUTO-2" })]);
    expect(r).toMatchObject({ imported: 2, autoMatched: 1 });
    expect((await movementBy(`FATTURA ${inv.number}`)).state).toBe("Abbinato");
    expect((await movementBy("BONIFICO SENZA RIFERIMENTI")).state).toBe("Da abbinare");
    expect((await a.find(documentDeadlines, d!.id))!.deadlineState).toBe("Saldato");
    await a.updateTenant(undefined, { bankAutoMatch: false });
  });
});
