import { describe, expect, it } from "vitest";
import { buildMatchIndex, certainMatch, subsetSum, suggestMatches, type OpenDeadline } from "./match";

let nextId = 1;
const dl = (o: Partial<OpenDeadline> & Pick<OpenDeadline, "amount" | "documentNumber">): OpenDeadline => ({
  id: nextId++,
  direction: "IN",
  deadlineDate: "2026-03-31",
  documentYear: "2026",
  contactId: 1,
  contactName: "Rossi S.r.l.",
  contactVat: "12345678903",
  ...o,
});
const movement = (amount: number, description: string, counterpartyName: string | null = null, counterpartyIban: string | null = null) => ({ amount, description, counterpartyName, counterpartyIban });

describe("bank movement suggestions (lib/bank/match.ts)", () => {
  const a12 = dl({ amount: 122000, documentNumber: "12/A" });
  const a13 = dl({ amount: 50000, documentNumber: "13/A" });
  const b7 = dl({ amount: 122000, documentNumber: "7", contactId: 2, contactName: "Bianchi Luca", contactVat: "" });
  const b8a = dl({ amount: 30000, documentNumber: "8", contactId: 2, contactName: "Bianchi Luca", contactVat: "", deadlineDate: "2026-01-31" });
  const b8b = dl({ amount: 45000, documentNumber: "9", contactId: 2, contactName: "Bianchi Luca", contactVat: "", deadlineDate: "2026-02-28" });
  const out1 = dl({ amount: 122000, documentNumber: "FT-88", direction: "OUT", contactId: 3, contactName: "Fornitore S.p.A.", contactVat: "01234567897" });
  const index = buildMatchIndex([a12, a13, b7, b8a, b8b, out1], [{ iban: "IT60X0542811101000000123456", contactId: 2 }]);

  it("number in the description and the same amount: certain, with the Italian reason", () => {
    const s = suggestMatches(index, movement(122000, "BONIFICO SALDO FATT. N. 12/A DEL 02/03/2026", "ROSSI SRL"));
    expect(s[0]).toEqual({ deadlines: [{ id: a12.id, amount: 122000 }], score: 100, certain: true, kind: "number", reason: "Numero documento 12/A e importo corrispondono" });
    expect(certainMatch(s)?.deadlines).toEqual([{ id: a12.id, amount: 122000 }]);
    // the same amount of another customer comes later, never certain
    expect(s.find((x) => x.deadlines[0]!.id === b7.id)).toMatchObject({ kind: "amount", certain: false });
  });

  it("a bare short number counts only after a word like 'fattura', never inside an amount", () => {
    const none = suggestMatches(index, movement(122000, "ACCREDITO 7,00 EUR COMMISSIONI"));
    expect(none.some((s) => s.kind === "number")).toBe(false);
    const named = suggestMatches(index, movement(122000, "PAGAMENTO FATTURA 7 BIANCHI"));
    expect(named[0]).toMatchObject({ kind: "number", certain: true, deadlines: [{ id: b7.id, amount: 122000 }] });
    const withYear = suggestMatches(index, movement(122000, "SALDO 7/2026"));
    expect(withYear[0]).toMatchObject({ kind: "number", deadlines: [{ id: b7.id }] });
  });

  it("direction by sign: a debit is matched to deadlines to pay only", () => {
    const s = suggestMatches(index, movement(-122000, "PAGAMENTO FT-88"));
    expect(s[0]).toMatchObject({ kind: "number", certain: true, deadlines: [{ id: out1.id, amount: 122000 }] });
    expect(s.every((x) => x.deadlines.every((d) => d.id === out1.id))).toBe(true);
    expect(suggestMatches(index, movement(122000, "PAGAMENTO FT-88")).some((x) => x.deadlines.some((d) => d.id === out1.id))).toBe(false);
  });

  it("same amount and counterparty by name, by VAT number, by a known IBAN", () => {
    expect(suggestMatches(index, movement(122000, "BONIFICO", "LUCA BIANCHI"))[0]).toMatchObject({ kind: "counterparty", score: 90, deadlines: [{ id: b7.id }], reason: "Importo e controparte (Bianchi Luca) corrispondono" });
    expect(suggestMatches(index, movement(122000, "BONIFICO DA P.IVA IT12345678903"))[0]).toMatchObject({ kind: "counterparty", deadlines: [{ id: a12.id }] });
    expect(suggestMatches(index, movement(122000, "BONIFICO", null, "IT60X0542811101000000123456"))[0]).toMatchObject({ kind: "counterparty", deadlines: [{ id: b7.id }] });
  });

  it("several deadlines of one counterparty summing to the amount, then a partial payment", () => {
    const group = suggestMatches(index, movement(75000, "BONIFICO", "Bianchi Luca"));
    expect(group[0]).toMatchObject({ kind: "group", reason: "2 scadenze di Bianchi Luca sommano all'importo" });
    expect(group[0]!.deadlines).toEqual([
      { id: b8a.id, amount: 30000 },
      { id: b8b.id, amount: 45000 },
    ]);
    const partial = suggestMatches(index, movement(20000, "ACCONTO FATTURA 12/A", "Rossi S.r.l."));
    expect(partial[0]).toMatchObject({ kind: "partial", certain: false, deadlines: [{ id: a12.id, amount: 20000 }] });
    expect(partial[0]!.reason).toMatch(/^Numero documento 12\/A corrisponde: pagamento parziale di/);
  });

  it("two documents named and paid together: certain group", () => {
    const s = suggestMatches(index, movement(172000, "SALDO FATTURE 12/A E 13/A"));
    expect(s[0]).toMatchObject({ kind: "number", certain: true, score: 95 });
    expect(s[0]!.deadlines.map((d) => d.id).sort()).toEqual([a12.id, a13.id].sort());
  });

  it("bounded subset search finds a non-prefix combination and gives up on none", () => {
    const list = [5, 7, 11, 13].map((amount) => dl({ amount, documentNumber: String(amount) }));
    expect(subsetSum(list, 18)!.map((d) => d.amount)).toEqual([5, 13]);
    expect(subsetSum(list, 2)).toBeNull();
  });
});
