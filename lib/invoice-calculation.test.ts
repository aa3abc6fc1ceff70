import { describe, expect, it } from "vitest";
import { buyerOf, DOCUMENT_WORDINGS, liveTotals, rowLineTotal, totalsOf, totalsWithSteps, unitPriceFor, type CalculationContext } from "./invoice-calculation";

/**
 * The one mapping the form and the server share (issue 27's fiscal rules): the bollo is the law's on every
 * document, whatever amount an old document stored; the ritenuta only where the customer is an Italian
 * withholding agent, the working saying why not.
 */
const VAT22 = { id: 1, rate: "22.00", natura: null };
const context = (taxRegime: string, customer: CalculationContext["customer"]): CalculationContext => ({
  tenant: { taxRegime, fiscalCode: "RSSMRA80A01H501U" },
  vats: [VAT22],
  customer,
});
const italianCompany = { kind: "COMPANY", vatNumber: "12345678903", publicAdministration: false, splitPayment: false, withholdingAgent: true, country: "IT", vatCountry: "IT" };
const germanCompany = { ...italianCompany, vatNumber: "DE123456789", country: "DE", vatCountry: "DE" };
const fee = (amount: number) => ({ rowType: "GENERICA", description: "Compenso professionale", quantity: "1", amount, vat: { id: VAT22.id }, withholding: true });
const doc = (over: Record<string, unknown>) => ({
  rows: [fee(100000)],
  inpsRevenge: "0",
  professionistFund: "0",
  withholdingTaxApply: false,
  withholdingTaxPercentage: "20",
  stampBorneByIssuer: false,
  publicAdministration: false,
  ...over,
});
const calcOf = (values: Record<string, unknown>, ctx: CalculationContext) => {
  const live = liveTotals(values, ctx);
  if (!live.calc) throw new Error(live.error);
  return live.calc;
};

describe("the bollo by law", () => {
  it("a forfettario's 300.00 invoice with no stamp amount, or the 0 an old document stored: 2.00 recharged, its row and wording", () => {
    for (const stamp of [{}, { stampAmount: 0 }, { stampAmount: 200 }]) {
      const calc = calcOf(doc({ rows: [fee(30000)], ...stamp }), context("RF19", italianCompany));
      expect(calc.stamp).toMatchObject({ due: true, amount: 200, chargedToCustomer: true });
      expect(calc.rows.at(-1)).toMatchObject({ kind: "stamp", description: "Imposta di bollo", amount: 200, natura: "N1" });
      expect(totalsOf(calc)).toMatchObject({ taxable: 30200, stampAmount: 200, total: 30200, netToPay: 30200 });
    }
    expect(DOCUMENT_WORDINGS.stamp).toBe("Imposta di bollo assolta in modo virtuale ai sensi dell'art. 6 DM 17/06/2014");
  });
  it("borne by the issuer: due, no recharge row; 70.00 not subject to VAT: none", () => {
    const borne = calcOf(doc({ rows: [fee(30000)], stampAmount: 0, stampBorneByIssuer: true }), context("RF19", italianCompany));
    expect(borne.stamp).toMatchObject({ due: true, amount: 200, chargedToCustomer: false });
    expect(borne.rows.map((r) => r.kind)).toEqual(["normal"]);
    expect(totalsOf(borne)).toMatchObject({ taxable: 30000, stampAmount: 200, total: 30000 });
    const small = calcOf(doc({ rows: [fee(7000)] }), context("RF19", italianCompany));
    expect(small.stamp).toMatchObject({ due: false, amount: 0 });
    expect(totalsOf(small)).toMatchObject({ taxable: 7000, stampAmount: 0, total: 7000 });
  });
});

describe("the ritenuta only from an Italian withholding agent", () => {
  const withholding = { withholdingTaxApply: true, inpsRevenge: "4" };
  it("example A to an Italian company: 208.00 withheld", () => {
    const calc = calcOf(doc(withholding), context("RF01", italianCompany));
    expect(totalsOf(calc)).toMatchObject({ withholdingTaxAmount: 20800, total: 126880, netToPay: 106080 });
    expect(calc.notes).toEqual([]);
  });
  it("the same to a German company: none, and the working says why", () => {
    const calc = calcOf(doc(withholding), context("RF01", germanCompany));
    expect(totalsOf(calc)).toMatchObject({ withholdingTaxAmount: 0, total: 126880, netToPay: 126880 });
    expect(calc.notes).toEqual(["Nessuna ritenuta: il cliente è estero e non è sostituto d'imposta"]);
    expect(totalsWithSteps(calc).withholdingTaxAmount).toEqual({ amount: 0, steps: [{ label: "Nessuna ritenuta: il cliente è estero e non è sostituto d'imposta", amount: 0 }] });
  });
  it("a private person: none, said so; an Italian company that is not a withholding agent: none, said so", () => {
    const person = { ...italianCompany, kind: "PERSON", vatNumber: "", withholdingAgent: false };
    expect(calcOf(doc(withholding), context("RF01", person)).notes).toEqual(["Nessuna ritenuta: il cliente è un privato (consumatore)"]);
    expect(calcOf(doc(withholding), context("RF01", { ...italianCompany, withholdingAgent: false })).notes).toEqual(["Nessuna ritenuta: il cliente non è sostituto d'imposta"]);
  });
  it("buyerOf: the countries go to the calculation; a customer read without them is Italian", () => {
    expect(buyerOf(germanCompany, false)).toEqual({ kind: "business", withholdingAgent: true, splitPayment: false, vatCountry: "DE", address: { country: "DE" } });
    const { country: _c, vatCountry: _v, ...old } = italianCompany;
    expect(buyerOf(old, false)).toEqual({ kind: "business", withholdingAgent: true, splitPayment: false, vatCountry: "IT", address: { country: "IT" } });
    expect(buyerOf({ ...germanCompany, vatCountry: "IT", vatNumber: "12345678903" }, false)).toMatchObject({ vatCountry: "IT", address: { country: "DE" } });
  });
});

describe("the Righe grid's line total (issue 30): quantity × unit price, and a typed total back to a unit price", () => {
  it("makes the line total as the calculation does, in cents, rounded half-up", () => {
    expect(rowLineTotal("1", 12345)).toBe(12345);
    expect(rowLineTotal("2.50", 1001)).toBe(2503); // 25,025 → 25,03
    expect(rowLineTotal("", 500)).toBe(500); // no quantity reads as 1
    expect(rowLineTotal("abc", 500)).toBeNull();
    expect(rowLineTotal("1", null)).toBeNull();
  });

  it("turns a typed total into the unit price: the total on one unit, total ÷ quantity on more, none on zero", () => {
    expect(unitPriceFor(150000, "1")).toBe(150000);
    expect(unitPriceFor(10000, "3")).toBe(3333);
    expect(unitPriceFor(10000, "0.5")).toBe(20000);
    expect(unitPriceFor(10000, "0")).toBeNull();
    expect(unitPriceFor(10000, "x")).toBeNull();
  });
});
