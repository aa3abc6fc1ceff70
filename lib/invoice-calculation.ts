/**
 * A sales document's totals from the form's values: the one mapping from the document (rows, percents, bollo,
 * PA flag), the tenant's regime and the customer onto lib/fiscal calculateDocument. The server computes every save
 * with it (db/documents/save.ts) and the browser shows the same figures live (components/invoices/invoice-form.tsx),
 * so the two cannot disagree. No server-only import: it runs in both.
 */
import { ValidationError } from "@/lib/errors";
import { calculateDocument, CalculationError, computeRowAmount, PRICE_SCALE, QTY_SCALE, type CalculationBuyer, type CalculationResult } from "@/lib/fiscal/calculate";
import type { Natura, RegimeFiscale } from "@/lib/fiscal/codes";
import type { DocumentRow, Figure, FiscalSettings } from "@/lib/fiscal/types";
import { centsToDecimal, MoneyError, parseDecimal, pow10, roundDiv, toCents, type Cents } from "@/lib/money";
import { INVOICE_MESSAGES, invoiceSchema, type InvoiceFormData, type InvoiceInput, type InvoiceRowInput, type InvoiceTotals } from "@/lib/schemas/invoice";

/** The wordings a document must carry (PDF) and the form shows beside the totals. */
export const DOCUMENT_WORDINGS = {
  proforma: "Documento non valido ai fini fiscali: non costituisce fattura",
  stamp: "Imposta di bollo assolta in modo virtuale ai sensi dell'art. 6 DM 17/06/2014",
  forfettario:
    "Operazione effettuata ai sensi dell'art. 1, commi 54-89, L. 190/2014 (regime forfettario): senza applicazione dell'IVA e non soggetta a ritenuta d'acconto ai sensi dell'art. 1, comma 67, L. 190/2014",
  splitPayment: "Scissione dei pagamenti art. 17-ter DPR 633/72",
} as const;

/** The form's data for the live totals (create/update-form-data's formData.calculation): the tenant's regime, its VAT rates, the customer. */
export type CalculationContext = InvoiceFormData["calculation"];
export type CalculationTenant = CalculationContext["tenant"];
export type CalculationVat = CalculationContext["vats"][number];
export type CalculationCustomer = NonNullable<CalculationContext["customer"]>;

/** A row with its unit price settled (a Lavoro row's comes from its job when the form left it empty). */
export type CalculationRow = InvoiceRowInput & { amount: number };

type Percents = Pick<InvoiceInput, "inpsRevenge" | "professionistFund" | "withholdingTaxApply" | "withholdingTaxPercentage" | "stampAmount" | "stampBorneByIssuer" | "publicAdministration">;

const isPositive = (percent: string) => Number(percent) > 0;

/** The issuer is a natural person when its codice fiscale is a person's (16 characters): RT01, else RT02. */
function isPersonFiscalCode(code: string): boolean {
  return /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/i.test(code.trim());
}

export function fiscalSettingsOf(tenant: CalculationTenant, doc: Percents): FiscalSettings {
  return {
    regime: tenant.taxRegime as RegimeFiscale,
    issuerIsPerson: isPersonFiscalCode(tenant.fiscalCode),
    rivalsaInps: isPositive(doc.inpsRevenge) ? doc.inpsRevenge : null,
    // the cassa's type changes no amount: the XML options dialog names it
    cassa: isPositive(doc.professionistFund) ? { type: "TC01", rate: doc.professionistFund } : null,
    withholding: doc.withholdingTaxApply && isPositive(doc.withholdingTaxPercentage) ? { rate: doc.withholdingTaxPercentage, causale: "A" } : null,
    // the bollo follows the law on every document (calculate.ts: 0, an old document's, is the law's 2.00)
    stamp: { amount: doc.stampAmount },
  };
}

/**
 * The customer as the calculation reads it: a private person without a VAT number is a consumer; its country and
 * its VAT number's country go along, so that calculate.ts whyBuyerCannotWithhold, the one rule, decides whether it
 * withholds (and the working says why not). A contact without them (read before they were sent) is Italian.
 */
export function buyerOf(contact: (CalculationCustomer & { country?: string | null; vatCountry?: string | null }) | null, publicAdministration: boolean): CalculationBuyer {
  if (!contact) return { kind: publicAdministration ? "pa" : "business" };
  const kind = publicAdministration || contact.publicAdministration ? "pa" : contact.kind === "PERSON" && !contact.vatNumber ? "consumer" : "business";
  return {
    kind,
    withholdingAgent: contact.withholdingAgent,
    splitPayment: contact.splitPayment,
    vatCountry: contact.vatCountry || "IT",
    address: { country: contact.country || "IT" },
  };
}

/** The calculation's rows: section headings are left out, as are hidden rows without a rate. */
export function fiscalRowsOf(rows: readonly CalculationRow[], vats: ReadonlyMap<number, Pick<CalculationVat, "rate" | "natura">>): DocumentRow[] {
  const out: DocumentRow[] = [];
  for (const r of rows) {
    if (r.rowType === "SEZIONE") continue;
    const vat = r.vat ? vats.get(r.vat.id) : undefined;
    if (!vat) {
      if (r.hideAmount) continue;
      throw new ValidationError([INVOICE_MESSAGES.rowVat]);
    }
    out.push({
      description: r.description || "-",
      quantity: r.quantity,
      unitPrice: centsToDecimal(r.hideAmount ? 0 : r.amount),
      vatRate: vat.rate,
      natura: (vat.natura ?? undefined) as Natura | undefined,
      subjectToWithholding: r.withholding,
      advance: r.advance,
      hideAmount: r.hideAmount,
    });
  }
  return out;
}

export const AMOUNT_OUT_OF_RANGE = "Importo fuori limite: controllare quantità e importi delle righe";

/** calculateDocument with its refusals as the user's errors (an Italian 400, never a 500). */
export function calculate(rows: DocumentRow[], settings: FiscalSettings, buyer: CalculationBuyer, stampBorneByIssuer: boolean): CalculationResult {
  try {
    return calculateDocument({ rows, settings, buyer, stampBorneByIssuer });
  } catch (err) {
    if (err instanceof CalculationError) throw new ValidationError([err.message]);
    // amounts beyond the safe range (a huge quantity × price): the user's input, not a server fault
    if (err instanceof MoneyError) throw new ValidationError([AMOUNT_OUT_OF_RANGE]);
    throw err;
  }
}

/** The document as the form holds it, calculated: the same call the server makes on every save. */
export function calculateInvoice(doc: Percents & { rows: readonly CalculationRow[] }, ctx: CalculationContext): CalculationResult {
  const vats = new Map(ctx.vats.map((v) => [v.id, v]));
  return calculate(fiscalRowsOf(doc.rows, vats), fiscalSettingsOf(ctx.tenant, doc), buyerOf(ctx.customer, doc.publicAdministration), doc.stampBorneByIssuer);
}

const sumOf = (figures: { amount: number }[]) => figures.reduce((s, f) => s + f.amount, 0);

export function totalsOf(calc: CalculationResult): InvoiceTotals {
  return {
    taxable: calc.taxableAmount.amount,
    totalVat: calc.vatAmount.amount,
    inpsRevengeAmount: sumOf(calc.cassa.filter((c) => c.type === "TC22")),
    professionistFundAmount: sumOf(calc.cassa.filter((c) => c.type !== "TC22")),
    withholdingTaxAmount: calc.withholding?.amount ?? 0,
    stampAmount: calc.stamp.due ? calc.stamp.amount : 0,
    total: calc.totalAmount.amount,
    netToPay: calc.netToPay.amount,
  };
}

/** The figures with their working (each total opens base × rate = amount in the form). */
export function totalsWithSteps(calc: CalculationResult): Record<keyof InvoiceTotals, Figure> {
  const cassa = (tc22: boolean): Figure => {
    const blocks = calc.cassa.filter((c) => (c.type === "TC22") === tc22);
    return { amount: sumOf(blocks), steps: blocks.flatMap((c) => c.steps) };
  };
  return {
    taxable: calc.taxableAmount,
    totalVat: calc.vatAmount,
    inpsRevengeAmount: cassa(true),
    professionistFundAmount: cassa(false),
    // no ritenuta though the document asks for one: its working says why (forfettario, a consumer, a buyer abroad)
    withholdingTaxAmount: { amount: calc.withholding?.amount ?? 0, steps: calc.withholding?.steps ?? (calc.noWithholding ? [{ label: calc.noWithholding, amount: 0 }] : []) },
    stampAmount: { amount: calc.stamp.due ? calc.stamp.amount : 0, steps: calc.stamp.steps },
    total: calc.totalAmount,
    netToPay: calc.netToPay,
  };
}

/** The VAT summary lines (per rate and natura) as the form and get-calculated-fields show them. */
export function vatSummaryOf(calc: CalculationResult) {
  return calc.summary.map((s) => ({ vatRate: (Number(s.vatRate) / 10_000).toFixed(2), natura: s.natura ?? null, taxable: s.taxable, vat: s.vat, esigibilita: s.esigibilita, steps: s.steps }));
}

/** The part of the form the totals depend on, parsed by the form's own schema (as the server parses it). */
const calculationPart = invoiceSchema.pick({
  rows: true,
  inpsRevenge: true,
  professionistFund: true,
  withholdingTaxApply: true,
  withholdingTaxPercentage: true,
  stampAmount: true,
  stampBorneByIssuer: true,
  publicAdministration: true,
});

export type LiveTotals = { calc: CalculationResult; error?: undefined } | { calc?: undefined; error: string };

/**
 * The form's values (as react-hook-form holds them) calculated in the browser: parsed by the shared schema, then
 * calculateInvoice. A value the schema refuses, or a calculation refusal, is its Italian message.
 */
export function liveTotals(values: unknown, context: CalculationContext): LiveTotals {
  const parsed = calculationPart.safeParse(values);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Dati non validi" };
  try {
    const rows = parsed.data.rows.map((r) => ({ ...r, amount: r.amount ?? 0 }));
    return { calc: calculateInvoice({ ...parsed.data, rows }, context) };
  } catch (e) {
    return { error: e instanceof ValidationError ? e.errors.join("\n") : String(e) };
  }
}

/** A row's quantity as the calculation reads it (8 decimals), or null when it is not a number (1 when empty). */
function quantityOf(quantity: unknown): bigint | null {
  if (quantity === undefined || quantity === null || quantity === "") return pow10(QTY_SCALE);
  try {
    return parseDecimal(String(quantity), QTY_SCALE);
  } catch {
    return null;
  }
}

/** A row's line total (PrezzoTotale, cents) from its quantity and unit price, as the calculation makes it; null when either is not a number. */
export function rowLineTotal(quantity: unknown, unitPrice: unknown): Cents | null {
  const qty = quantityOf(quantity);
  if (qty === null || typeof unitPrice !== "number" || !Number.isInteger(unitPrice)) return null;
  return computeRowAmount(BigInt(unitPrice) * pow10(PRICE_SCALE - 2), qty, []);
}

/**
 * The unit price (cents) that makes a line total typed in the grid: total ÷ quantity, rounded half-up. A quantity of
 * 1 gives the total itself; one that is 0 or not a number gives null (there is no unit price to make it).
 */
export function unitPriceFor(total: Cents, quantity: unknown): Cents | null {
  const qty = quantityOf(quantity);
  if (qty === null || qty === 0n) return null;
  return toCents(roundDiv(BigInt(total) * pow10(QTY_SCALE), qty));
}
