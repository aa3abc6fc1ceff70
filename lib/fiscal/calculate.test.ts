import { describe, expect, it } from "vitest";
import { calculateDocument, canBuyerWithhold, computeRowAmount, NO_WITHHOLDING_NOTES, whyBuyerCannotWithhold, type CalculationInput } from "./calculate";
import type { FiscalSettings } from "./types";

const fee = (amount = "1000", extra: object = {}) => ({ description: "Consulenza", unitPrice: amount, vatRate: "22", subjectToWithholding: true, ...extra });

function summaryOf(r: ReturnType<typeof calculateDocument>) {
  return r.summary.map((s) => [Number(s.vatRate) / 10000, s.natura ?? null, s.taxable, s.vat, s.esigibilita]);
}

describe("worked examples of the rules document (§3.10)", () => {
  it("A: Gestione Separata RF01, rivalsa INPS 4%, ritenuta 20%", () => {
    const settings: FiscalSettings = { regime: "RF01", issuerIsPerson: true, rivalsaInps: "4", withholding: { rate: "20", causale: "A" } };
    const r = calculateDocument({ rows: [fee()], settings, buyer: { kind: "business" } });
    expect(r.cassa).toMatchObject([{ type: "TC22", base: 100000, amount: 4000, withholding: true }]);
    expect(summaryOf(r)).toEqual([[22, null, 104000, 22880, "I"]]);
    expect(r.totalAmount.amount).toBe(126880);
    expect(r.withholding).toMatchObject({ type: "RT01", base: 104000, amount: 20800, causale: "A" });
    expect(r.netToPay.amount).toBe(106080);
    expect(r.rows[0].withholding).toBe(true);
    expect(r.stamp.due).toBe(false);
  });
  it("B: engineer, Inarcassa 4% (no ritenuta on the contributo)", () => {
    const settings: FiscalSettings = { regime: "RF01", issuerIsPerson: true, cassa: { type: "TC04", rate: "4" }, withholding: { rate: "20", causale: "A" } };
    const r = calculateDocument({ rows: [fee()], settings });
    expect(r.cassa).toMatchObject([{ type: "TC04", amount: 4000, withholding: false }]);
    expect(summaryOf(r)).toEqual([[22, null, 104000, 22880, "I"]]);
    expect(r.totalAmount.amount).toBe(126880);
    expect(r.withholding).toMatchObject({ base: 100000, amount: 20000 });
    expect(r.netToPay.amount).toBe(106880);
  });
  it("C: forfettario RF19 + rivalsa 4% + bollo charged to the customer", () => {
    const settings: FiscalSettings = { regime: "RF19", issuerIsPerson: true, rivalsaInps: "4", withholding: { rate: "20", causale: "A" } };
    const r = calculateDocument({ rows: [fee()], settings });
    expect(r.cassa).toMatchObject([{ type: "TC22", amount: 4000, vatRate: 0n, natura: "N2.2", withholding: false }]);
    expect(summaryOf(r)).toEqual([
      [0, "N2.2", 104000, 0, "I"],
      [0, "N1", 200, 0, "I"],
    ]);
    expect(r.stamp).toMatchObject({ due: true, amount: 200, chargedToCustomer: true, exemptBase: 104000 });
    expect(r.rows.at(-1)).toMatchObject({ kind: "stamp", amount: 200, natura: "N1" });
    expect(r.totalAmount.amount).toBe(104200);
    expect(r.withholding).toBeNull();
    expect(r.netToPay.amount).toBe(104200);
    expect(r.notes[0]).toMatch(/forfettario/);
  });
  it("C': 'Marca da bollo a proprio carico' keeps the stamp off the totals", () => {
    const settings: FiscalSettings = { regime: "RF19", issuerIsPerson: true, rivalsaInps: "4" };
    const r = calculateDocument({ rows: [fee()], settings, stampBorneByIssuer: true });
    expect(r.stamp).toMatchObject({ due: true, amount: 200, chargedToCustomer: false });
    expect(r.rows).toHaveLength(1);
    expect(r.totalAmount.amount).toBe(104000);
  });
  it("D: company to PA with split payment", () => {
    const settings: FiscalSettings = { regime: "RF01", issuerIsPerson: false };
    const r = calculateDocument({ rows: [{ description: "Fornitura", unitPrice: "1000", vatRate: "22" }], settings, buyer: { kind: "pa", splitPayment: true } });
    expect(summaryOf(r)).toEqual([[22, null, 100000, 22000, "S"]]);
    expect(r.totalAmount.amount).toBe(122000);
    expect(r.splitPaymentVat.amount).toBe(22000);
    expect(r.netToPay.amount).toBe(100000);
  });
});

describe("rules", () => {
  const base: FiscalSettings = { regime: "RF01", issuerIsPerson: true };
  it("stamp threshold is strictly greater than 77.47", () => {
    const row = (p: string) => ({ description: "Esente", unitPrice: p, vatRate: "0", natura: "N4" as const });
    expect(calculateDocument({ rows: [row("77.47")], settings: base }).stamp.due).toBe(false);
    expect(calculateDocument({ rows: [row("77.48")], settings: base }).stamp.due).toBe(true);
    // exports (N3.1) never trigger it
    expect(calculateDocument({ rows: [{ ...row("5000"), natura: "N3.1" }], settings: base }).stamp.due).toBe(false);
  });
  it("the bollo is the law's: never switched off, 2.00 when a document carries no amount or 0 (one saved before the rule)", () => {
    const row = { description: "Esente", unitPrice: "300", vatRate: "0", natura: "N4" as const };
    for (const stamp of [undefined, {}, { amount: 0 }]) {
      const r = calculateDocument({ rows: [row], settings: { ...base, stamp } });
      expect(r.stamp).toMatchObject({ due: true, amount: 200, chargedToCustomer: true, exemptBase: 30000 });
      expect(r.rows.at(-1)).toMatchObject({ kind: "stamp", description: "Imposta di bollo", amount: 200, vatRate: 0n, natura: "N1" });
      expect(r.totalAmount.amount).toBe(30200);
    }
    // the issuer bears it: due (DatiBollo), no recharge row, the totals untouched
    const borne = calculateDocument({ rows: [row], settings: { ...base, stamp: { amount: 0 } }, stampBorneByIssuer: true });
    expect(borne.stamp).toMatchObject({ due: true, amount: 200, chargedToCustomer: false });
    expect(borne.rows.map((r) => r.kind)).toEqual(["normal"]);
    expect(borne.totalAmount.amount).toBe(30000);
    // another amount, when the document says so, is kept
    expect(calculateDocument({ rows: [row], settings: { ...base, stamp: { amount: 250 } } }).stamp.amount).toBe(250);
  });
  it("advances (art. 15) stay out of VAT, cassa and ritenuta bases and count for the stamp", () => {
    const settings: FiscalSettings = { ...base, rivalsaInps: "4", withholding: { rate: "20", causale: "A" } };
    const r = calculateDocument({ rows: [fee("500"), { description: "Marca anticipata", unitPrice: "100", vatRate: "22", advance: true }], settings });
    expect(r.rows[1]).toMatchObject({ kind: "advance", vatRate: 0n, natura: "N1", withholding: false });
    expect(r.cassa[0].base).toBe(50000);
    expect(r.withholding?.base).toBe(52000);
    expect(r.stamp.due).toBe(true); // 100.00 of N1 > 77.47: the €2 recharge joins the N1 group
    expect(summaryOf(r)).toEqual([
      [22, null, 52000, 11440, "I"],
      [0, "N1", 10200, 0, "I"],
    ]);
  });
  it("hidden rows carry no amount", () => {
    const r = calculateDocument({ rows: [{ description: "Sezione", unitPrice: "999", quantity: "3", vatRate: "22", hideAmount: true }, fee("10")], settings: base });
    expect(r.rows[0].amount).toBe(0);
    expect(r.totalAmount.amount).toBe(1220);
  });
  it("no ritenuta towards consumers, no split payment with ritenuta", () => {
    const settings: FiscalSettings = { ...base, withholding: { rate: "20", causale: "A" } };
    expect(calculateDocument({ rows: [fee()], settings, buyer: { kind: "consumer" } }).withholding).toBeNull();
    const pa = calculateDocument({ rows: [fee()], settings, buyer: { kind: "pa", splitPayment: true } });
    expect(pa.withholding?.amount).toBe(20000);
    expect(pa.summary[0].esigibilita).toBe("I");
    expect(pa.notes.join()).toMatch(/Scissione/);
  });
  it("a ritenuta only where the buyer is an Italian withholding agent; the working says why none applies", () => {
    const settings: FiscalSettings = { ...base, rivalsaInps: "4", withholding: { rate: "20", causale: "A" } };
    const german = { kind: "business" as const, withholdingAgent: true, vatCountry: "DE", address: { country: "DE" } };
    const r = calculateDocument({ rows: [fee()], settings, buyer: german });
    // example A's fee to a German company: no 208.00 withheld, the netto is the total
    expect(r.withholding).toBeNull();
    expect(r.rows[0].withholding).toBe(false);
    expect(r.cassa[0].withholding).toBe(false);
    expect([r.totalAmount.amount, r.netToPay.amount]).toEqual([126880, 126880]);
    expect(r.notes).toEqual([NO_WITHHOLDING_NOTES.foreign]);
    expect(r.noWithholding).toBe("Nessuna ritenuta: il cliente è estero e non è sostituto d'imposta");
    // abroad by its address alone, or by its VAT number alone
    expect(calculateDocument({ rows: [fee()], settings, buyer: { kind: "business", vatCountry: "IT", address: { country: "CH" } } }).withholding).toBeNull();
    expect(calculateDocument({ rows: [fee()], settings, buyer: { kind: "business", vatCountry: "FR" } }).withholding).toBeNull();
    const consumer = calculateDocument({ rows: [fee()], settings, buyer: { kind: "consumer" } });
    expect([consumer.withholding, consumer.noWithholding]).toEqual([null, "Nessuna ritenuta: il cliente è un privato (consumatore)"]);
    const notAgent = calculateDocument({ rows: [fee()], settings, buyer: { kind: "business", withholdingAgent: false, vatCountry: "IT", address: { country: "IT" } } });
    expect([notAgent.withholding, notAgent.noWithholding]).toEqual([null, NO_WITHHOLDING_NOTES.notAgent]);
    // an Italian company (the flag absent, or lower-case and blank countries as a contact may hold them) withholds
    for (const buyer of [{ kind: "business" as const }, { kind: "business" as const, withholdingAgent: true, vatCountry: "it", address: { country: " " } }]) {
      const it = calculateDocument({ rows: [fee()], settings, buyer });
      expect([it.withholding?.amount, it.noWithholding, it.notes]).toEqual([20800, null, []]);
    }
    // a document that asks for no ritenuta says nothing about it
    expect(calculateDocument({ rows: [fee()], settings: { ...settings, withholding: null }, buyer: german }).notes).toEqual([]);
  });
  it("whyBuyerCannotWithhold: consumer, then abroad, then the flag", () => {
    expect(whyBuyerCannotWithhold(undefined)).toBeNull();
    expect(whyBuyerCannotWithhold({ kind: "consumer", vatCountry: "DE" })).toBe("consumer");
    expect(whyBuyerCannotWithhold({ kind: "pa", withholdingAgent: false, address: { country: "AT" } })).toBe("foreign");
    expect(whyBuyerCannotWithhold({ kind: "business", withholdingAgent: false })).toBe("notAgent");
    expect(canBuyerWithhold({ kind: "pa" })).toBe(true);
    expect(canBuyerWithhold({ kind: "business", vatCountry: "DE", withholdingAgent: true })).toBe(false);
  });
  it("RT02 for entities; agents' 50% base share", () => {
    const settings: FiscalSettings = { regime: "RF01", issuerIsPerson: false, withholding: { rate: "23", causale: "R", baseShare: "50" } };
    const r = calculateDocument({ rows: [fee()], settings });
    expect(r.withholding).toMatchObject({ type: "RT02", base: 50000, amount: 11500 });
  });
  it("VAT is computed once per rate on the summary, half-up", () => {
    // 3 rows of 0.05 at 10%: per-row VAT would be 3 × 0.01 = 0.03, once on 0.15 it is 0.02 (0.015 → 0.02)
    const rows = [1, 2, 3].map(() => ({ description: "x", unitPrice: "0.05", vatRate: "10" }));
    const r = calculateDocument({ rows, settings: base });
    expect(r.summary[0]).toMatchObject({ taxable: 15, vat: 2 });
  });
  it("row amounts: 8-decimal prices and quantities, discounts in order", () => {
    expect(computeRowAmount(333333333n, 300000000n, [])).toBe(1000); // 3.33333333 × 3 = 9.99999999
    expect(computeRowAmount(1000000000n, 100000000n, [{ type: "SC", percent: 100000n }])).toBe(900); // 10 − 10%
    expect(computeRowAmount(1000000000n, 200000000n, [{ type: "SC", percent: 100000n }, { type: "SC", amount: 100000000n }])).toBe(1600); // (10−10%−1)×2
    expect(computeRowAmount(1000000000n, null, [{ type: "MG", percent: 55000n }])).toBe(1055);
    expect(computeRowAmount(-2992500000n, null, [])).toBe(-2993);
    expect(computeRowAmount(2992500000n, null, [])).toBe(2993);
  });
  it("explains every figure", () => {
    const settings: FiscalSettings = { ...base, rivalsaInps: "4", withholding: { rate: "20", causale: "A" } };
    const r = calculateDocument({ rows: [fee()], settings } satisfies CalculationInput);
    expect(r.cassa[0].steps[0]).toEqual({ label: "Rivalsa INPS 4.00% su 1000,00", base: 100000, rate: "4.00", amount: 4000 });
    expect(r.summary[0].steps.at(-1)).toMatchObject({ base: 104000, rate: "22.00", amount: 22880 });
    expect(r.withholding?.steps.at(-1)).toMatchObject({ base: 104000, rate: "20.00", amount: 20800 });
    expect(r.netToPay.steps.map((s) => s.amount)).toEqual([126880, -20800, 106080]);
  });
});
