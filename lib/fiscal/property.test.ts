/**
 * Property tests over random documents: totals are identities of their parts, nothing is ever a
 * fraction of a cent, the summary reconciles with the rows within the SDI tolerances (checked by
 * the pre-check: 00421/00422/00423/00443/00444…), and every generated XML validates against the XSD.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatScaled, roundDiv } from "@/lib/money";
import { calculateDocument } from "./calculate";
import { buildFatturaPA } from "./xml-builder";
import { validateFatturaXml } from "./xsd";
import { parseInvoiceXml } from "./received";
import { precheckInvoice } from "./precheck";
import type { DocumentRow, FiscalDocument } from "./types";
import type { Natura } from "./codes";
import { sampleDocument } from "./__fixtures__/documents";

const NATURE_0: Natura[] = ["N1", "N2.1", "N2.2", "N3.1", "N3.2", "N3.5", "N4", "N5", "N6.3", "N7"];
const decimal = (maxInt: number, maxDecimals: number, allowNegative = false) =>
  fc
    .tuple(fc.integer({ min: allowNegative ? -maxInt : 0, max: maxInt }), fc.integer({ min: 0, max: maxDecimals }), fc.integer({ min: 0, max: 99_999_999 }))
    .map(([i, d, f]) => {
      const frac = String(f).padStart(8, "0").slice(0, d);
      const sign = i < 0 ? "-" : "";
      return `${sign}${Math.abs(i)}${d ? "." + frac : ""}`;
    });

const rowArb: fc.Arbitrary<DocumentRow> = fc
  .record({
    description: fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40, unit: "binary" })),
    quantity: fc.option(decimal(5000, 8), { nil: undefined }),
    unitPrice: decimal(20000, 8, true),
    rate: fc.constantFrom("22", "10", "5", "4", "0"),
    natura: fc.constantFrom(...NATURE_0),
    subjectToWithholding: fc.boolean(),
    advance: fc.boolean(),
    hideAmount: fc.boolean(),
    discount: fc.option(
      fc.oneof(
        fc.record({ type: fc.constantFrom("SC" as const, "MG" as const), percent: fc.integer({ min: 0, max: 10000 }).map((p) => formatScaled(BigInt(p), 2)) }),
        fc.record({ type: fc.constantFrom("SC" as const, "MG" as const), amount: decimal(50, 8) }),
      ),
      { nil: undefined },
    ),
  })
  .map((r) => ({
    description: r.description,
    quantity: r.quantity,
    unitPrice: r.unitPrice,
    vatRate: r.rate,
    ...(r.rate === "0" ? { natura: r.natura } : {}),
    subjectToWithholding: r.subjectToWithholding,
    advance: r.advance && !r.subjectToWithholding,
    hideAmount: r.hideAmount && !r.advance,
    ...(r.discount ? { discounts: [r.discount] } : {}),
  }));

const docArb: fc.Arbitrary<FiscalDocument> = fc
  .record({
    rows: fc.array(rowArb, { minLength: 1, maxLength: 20 }),
    regime: fc.constantFrom("RF01" as const, "RF19" as const, "RF01" as const),
    person: fc.boolean(),
    rivalsa: fc.constantFrom(null, "4"),
    cassa: fc.constantFrom(null, { type: "TC04" as const, rate: "4" }, { type: "TC21" as const, rate: "2" }),
    withholding: fc.constantFrom(null, { rate: "20", causale: "A" as const }, { rate: "23", causale: "R" as const, baseShare: "50" }),
    buyerKind: fc.constantFrom("business" as const, "consumer" as const, "pa" as const),
    split: fc.boolean(),
    stampBorneByIssuer: fc.boolean(),
    instalments: fc.constantFrom(["100"], ["50", "50"], ["33.33", "33.33", "33.34"]),
  })
  .map((g) => {
    const base = sampleDocument({}, {
      regime: g.regime,
      issuerIsPerson: g.person,
      rivalsaInps: g.rivalsa,
      cassa: g.cassa,
      withholding: g.withholding,
    });
    const buyer =
      g.buyerKind === "pa"
        ? { ...base.buyer, kind: "pa" as const, codiceDestinatario: "UFABCD", splitPayment: g.split }
        : g.buyerKind === "consumer"
          ? { kind: "consumer" as const, firstName: "Anna", lastName: "Bianchi", fiscalCode: "BNCNNA80A41H501R", address: base.buyer.address }
          : base.buyer;
    return {
      ...base,
      buyer,
      rows: g.rows,
      stampBorneByIssuer: g.stampBorneByIssuer,
      payment: {
        method: "MP05" as const,
        modalityRows: g.instalments.map((p, i) => ({ expirationType: "Fine mese" as const, paymentDay: 0, monthsAfter: i + 1, amountPercentage: p })),
      },
    };
  });

const isInt = (n: number) => Number.isSafeInteger(n);

describe("property: calculation identities", () => {
  it("totals are identities of their parts and never fractional cents", () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        const r = calculateDocument({ rows: doc.rows, settings: doc.settings, buyer: doc.buyer, stampBorneByIssuer: doc.stampBorneByIssuer });
        const all = [
          ...r.rows.map((x) => x.amount),
          ...r.cassa.flatMap((c) => [c.amount, c.base]),
          ...r.summary.flatMap((s) => [s.taxable, s.vat]),
          r.taxableAmount.amount, r.vatAmount.amount, r.totalAmount.amount, r.netToPay.amount, r.splitPaymentVat.amount,
          r.withholding?.amount ?? 0, r.stamp.amount,
        ];
        expect(all.every(isInt)).toBe(true);
        const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
        expect(r.taxableAmount.amount).toBe(sum(r.rows.map((x) => x.amount)) + sum(r.cassa.map((c) => c.amount)));
        expect(r.taxableAmount.amount).toBe(sum(r.summary.map((s) => s.taxable)));
        expect(r.vatAmount.amount).toBe(sum(r.summary.map((s) => s.vat)));
        expect(r.totalAmount.amount).toBe(r.taxableAmount.amount + r.vatAmount.amount);
        expect(r.netToPay.amount).toBe(r.totalAmount.amount - (r.withholding?.amount ?? 0) - r.splitPaymentVat.amount);
        for (const s of r.summary) expect(s.vat).toBe(Number(roundDiv(BigInt(s.taxable) * s.vatRate, 1_000_000n)));
        if (r.isForfettario) expect(r.vatAmount.amount).toBe(0);
        if (r.withholding) {
          const full = r.compenso.amount + r.cassa.filter((c) => c.type === "TC22").reduce((a, c) => a + c.amount, 0);
          expect(Math.abs(r.withholding.base)).toBeLessThanOrEqual(Math.abs(full));
        }
        // stamp rule
        expect(r.stamp.due).toBe(r.stamp.exemptBase > 7747);
        if (r.stamp.chargedToCustomer) expect(r.rows.at(-1)?.kind).toBe("stamp");
      }),
      { numRuns: 400 },
    );
  });
});

describe("property: generated XML", () => {
  it("validates against the XSD, passes the SDI pre-check and reads back the same totals", () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        const built = buildFatturaPA(doc, { progressive: "00001" });
        const v = validateFatturaXml(built.xml);
        if (!v.valid) throw new Error(`XSD: ${v.errors[0].message}`);
        const parsed = parseInvoiceXml(built.xml);
        expect(precheckInvoice(parsed, { today: "2099-12-31" })).toEqual([]);
        const [b] = parsed.bodies;
        const c = built.calculation;
        expect(b.taxableAmount).toBe(c.taxableAmount.amount);
        expect(b.vatAmount).toBe(c.vatAmount.amount);
        expect(b.totalAmount).toBe(c.totalAmount.amount);
        expect(b.withholdingAmount).toBe(c.withholding?.amount ?? 0);
        expect(b.payments.reduce((a, p) => a + p.amount, 0)).toBe(c.netToPay.amount);
        expect(b.rows.map((r) => r.amount)).toEqual(c.rows.map((r) => r.amount));
      }),
      { numRuns: 150 },
    );
  });
});

describe("property: the fast writer matches xmlbuilder2", () => {
  it("produces byte-identical XML to the xmlbuilder2 reference serializer", () => {
    fc.assert(
      fc.property(docArb, fc.option(fc.constantFrom("ABC", "SW&1", "<x>"), { nil: undefined }), (doc, system) => {
        const fast = buildFatturaPA(doc, { progressive: "00001", system }).xml;
        const reference = buildFatturaPA(doc, { progressive: "00001", system, serializer: "xmlbuilder2" }).xml;
        expect(fast).toBe(reference);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps text that looks like an entity exactly as typed", () => {
    const doc = sampleDocument({});
    doc.rows[0]!.description = "R&D &amp; test <ok> &#38; fine";
    const fast = buildFatturaPA(doc, { progressive: "00001" }).xml;
    expect(fast).toBe(buildFatturaPA(doc, { progressive: "00001", serializer: "xmlbuilder2" }).xml);
    expect(parseInvoiceXml(fast).bodies[0]!.rows[0]!.description).toBe("R&D &amp; test <ok> &#38; fine");
  });
});
