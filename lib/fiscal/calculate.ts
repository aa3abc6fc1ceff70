/**
 * Invoice calculation (rules §3): rows → compenso → rivalsa INPS / cassa → DatiRiepilogo →
 * ritenuta → bollo → ImportoTotaleDocumento → netto a pagare. Integer cents throughout;
 * quantities, prices and percentages as scaled BigInt; rounding half-up.
 * Every figure carries its working (`steps`) for the invoice screen.
 */
import {
  PERCENT_SCALE,
  formatScaled,
  parseDecimal,
  parsePercent,
  percentOf,
  pow10,
  roundDiv,
  toCents,
  type Cents,
} from "@/lib/money";
import { NATURE_CON_BOLLO, RIFERIMENTI_NORMATIVI, type CausalePagamento, type Natura, type TipoCassa } from "./codes";
import type { Address, Buyer, DocumentRow, Figure, FiscalSettings, Step } from "./types";

/** Scale of quantities and unit prices (8 decimals, as Amount8Decimal / Quantita allow). */
export const QTY_SCALE = 8;
export const PRICE_SCALE = 8;
/** Stamp-duty threshold: exempt/excluded amounts strictly greater than €77.47. */
export const STAMP_THRESHOLD: Cents = 7747;
export const STAMP_AMOUNT: Cents = 200;
export const STAMP_ROW_DESCRIPTION = "Imposta di bollo";

const ONE_QTY = pow10(QTY_SCALE);
const PCT_DEN = 100n * pow10(PERCENT_SCALE); // percent (scaled) → fraction

export class CalculationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalculationError";
  }
}

export type RowKind = "normal" | "advance" | "hidden" | "stamp";

export interface RowResult {
  /** 0-based index in the input rows; -1 for the stamp recharge row added by the calculation. */
  index: number;
  kind: RowKind;
  description: string;
  /** Scaled by 10^8; null when absent in the input (means 1) or for hidden rows. */
  quantity: bigint | null;
  /** Scaled by 10^8, before discounts. */
  unitPrice: bigint;
  discounts: { type: "SC" | "MG"; percent?: bigint; amount?: bigint }[];
  /** PrezzoTotale in cents. */
  amount: Cents;
  /** VAT rate scaled by 10^4. */
  vatRate: bigint;
  natura?: Natura;
  /** Part of the compenso (base for rivalsa, cassa and ritenuta). */
  inFeeBase: boolean;
  /** `<Ritenuta>SI</Ritenuta>` on the line: part of the compenso and a ritenuta applies. */
  withholding: boolean;
  steps: Step[];
}

export interface CassaResult {
  type: TipoCassa;
  /** AlCassa, scaled by 10^4. */
  rate: bigint;
  /** ImponibileCassa. */
  base: Cents;
  /** ImportoContributoCassa. */
  amount: Cents;
  vatRate: bigint;
  natura?: Natura;
  /** Ritenuta SI: only the INPS rivalsa (TC22) when a ritenuta applies. */
  withholding: boolean;
  steps: Step[];
}

export interface SummaryResult {
  vatRate: bigint;
  natura?: Natura;
  /** ImponibileImporto = Σ PrezzoTotale + Σ contributi cassa of this rate/nature. */
  taxable: Cents;
  /** Imposta = round2(ImponibileImporto × AliquotaIVA / 100), computed once per group. */
  vat: Cents;
  esigibilita: "I" | "D" | "S";
  legalReference?: string;
  steps: Step[];
}

export interface WithholdingResult {
  type: "RT01" | "RT02";
  rate: bigint;
  base: Cents;
  amount: Cents;
  causale: CausalePagamento;
  steps: Step[];
}

export interface StampResult {
  due: boolean;
  amount: Cents;
  /** true: recharged to the customer through an "Imposta di bollo" row (0% N1). */
  chargedToCustomer: boolean;
  /** Σ amounts with natures subject to stamp duty (threshold €77.47). */
  exemptBase: Cents;
  steps: Step[];
}

export interface CalculationResult {
  rows: RowResult[];
  compenso: Figure;
  cassa: CassaResult[];
  summary: SummaryResult[];
  withholding: WithholdingResult | null;
  stamp: StampResult;
  /** Σ ImponibileImporto. */
  taxableAmount: Figure;
  /** Σ Imposta. */
  vatAmount: Figure;
  /** ImportoTotaleDocumento = taxable + VAT (split-payment VAT included, ritenuta not subtracted). */
  totalAmount: Figure;
  /** VAT the PA pays to the Treasury (EsigibilitaIVA S). */
  splitPaymentVat: Figure;
  /** Netto a pagare = total − ritenuta − split-payment VAT. */
  netToPay: Figure;
  /** Italian notes on decisions taken (e.g. split payment not applied because of the ritenuta). */
  notes: string[];
  /** Why the ritenuta the document asks for does not apply (forfettario, the buyer), else null: the ritenuta's working. */
  noWithholding: string | null;
  isForfettario: boolean;
}

/**
 * The buyer as the calculation reads it: its kind, its flags, and where it is (a full Buyer fits: the XML model
 * passes its own). Without a buyer (a form with no customer yet) it is an Italian business.
 */
export type CalculationBuyer = Pick<Buyer, "kind" | "withholdingAgent" | "splitPayment" | "vatCountry"> & { address?: Pick<Address, "country"> };

export interface CalculationInput {
  rows: readonly DocumentRow[];
  settings: FiscalSettings;
  buyer?: CalculationBuyer;
  stampBorneByIssuer?: boolean;
}

/** Why a buyer cannot withhold (the working's Italian note for each reason). */
export const NO_WITHHOLDING_NOTES = {
  consumer: "Nessuna ritenuta: il cliente è un privato (consumatore)",
  foreign: "Nessuna ritenuta: il cliente è estero e non è sostituto d'imposta",
  notAgent: "Nessuna ritenuta: il cliente non è sostituto d'imposta",
} as const;
export type NoWithholdingReason = keyof typeof NO_WITHHOLDING_NOTES;

const isItalian = (country: string | null | undefined) => (country?.trim() || "IT").toUpperCase() === "IT";

/**
 * The one answer to "can this buyer withhold the ritenuta" (rules §3.4): only an Italian withholding agent
 * (sostituto d'imposta, art. 23 and 25 DPR 600/73) can. A consumer never is; a buyer established abroad (its
 * country or the country of its VAT number not Italy) is not one, whatever its flag says (a foreign company with
 * an Italian stable organisation is registered with the Italian address and partita IVA of that organisation);
 * otherwise the contact's 'Sostituto d'imposta' flag (absent: yes, as for businesses and the PA). Null: it can.
 * The calculation, hence the form, the server, the XML and the PDF, all ask here.
 */
export function whyBuyerCannotWithhold(buyer: Omit<CalculationBuyer, "splitPayment"> | undefined): NoWithholdingReason | null {
  if (!buyer) return null;
  if (buyer.kind === "consumer") return "consumer";
  if (!isItalian(buyer.vatCountry) || !isItalian(buyer.address?.country)) return "foreign";
  return buyer.withholdingAgent === false ? "notAgent" : null;
}

export function canBuyerWithhold(buyer: Omit<CalculationBuyer, "splitPayment"> | undefined): boolean {
  return whyBuyerCannotWithhold(buyer) === null;
}

/** Percent as the XML writes it: 220000n → "22.00". */
export function rateToString(rate: bigint): string {
  return formatScaled(rate, PERCENT_SCALE, 2);
}

function moneyLabel(cents: Cents): string {
  return formatScaled(BigInt(cents), 2, 2).replace(".", ",");
}

/** PrezzoTotale of one row: round2(unit price after discounts × quantity), exact rational arithmetic. */
export function computeRowAmount(
  unitPrice: bigint,
  quantity: bigint | null,
  discounts: readonly { type: "SC" | "MG"; percent?: bigint; amount?: bigint }[],
): Cents {
  // net unit price = num / den, in PRICE_SCALE units
  let num = unitPrice;
  let den = 1n;
  for (const d of discounts) {
    const sign = d.type === "SC" ? -1n : 1n;
    if (d.percent !== undefined) {
      num = num * (PCT_DEN + sign * d.percent);
      den = den * PCT_DEN;
    } else if (d.amount !== undefined) {
      num = num + sign * d.amount * den;
    }
  }
  const qty = quantity ?? ONE_QTY;
  // cents = num/den × qty / 10^QTY_SCALE / 10^(PRICE_SCALE-2)
  return toCents(roundDiv(num * qty, den * ONE_QTY * pow10(PRICE_SCALE - 2)));
}

function groupKey(rate: bigint, natura: Natura | undefined): string {
  return natura ? `${rate}|${natura}` : `${rate}|`;
}

export function isForfettarioRegime(regime: string): boolean {
  return regime === "RF19" || regime === "RF02";
}

/** Computes every figure of a document. Pure; throws CalculationError on malformed input. */
export function calculateDocument(input: CalculationInput): CalculationResult {
  const { settings } = input;
  const notes: string[] = [];
  const forfettario = isForfettarioRegime(settings.regime);
  const forfNatura: Natura = settings.forfettarioNatura ?? "N2.2";
  const cannotWithhold = whyBuyerCannotWithhold(input.buyer);

  // 1. Rows
  const rows: RowResult[] = [];
  for (let i = 0; i < input.rows.length; i++) {
    const r = input.rows[i];
    const kind: RowKind = r.hideAmount ? "hidden" : r.advance ? "advance" : "normal";
    let vatRate: bigint;
    let natura: Natura | undefined;
    try {
      vatRate = parsePercent(r.vatRate);
    } catch {
      throw new CalculationError(`Riga ${i + 1}: aliquota IVA non valida`);
    }
    natura = r.natura;
    if (r.advance) {
      vatRate = 0n;
      natura = "N1";
    } else if (forfettario) {
      vatRate = 0n;
      natura = forfNatura;
    }
    let unitPrice: bigint;
    let quantity: bigint | null;
    let discounts: RowResult["discounts"] = [];
    try {
      unitPrice = kind === "hidden" ? 0n : parseDecimal(r.unitPrice, PRICE_SCALE);
      quantity = kind === "hidden" || r.quantity === undefined || r.quantity === "" ? null : parseDecimal(r.quantity, QTY_SCALE);
      if (kind !== "hidden" && r.discounts) {
        discounts = r.discounts.map((d) => ({
          type: d.type,
          ...(d.percent !== undefined ? { percent: parsePercent(d.percent) } : {}),
          ...(d.amount !== undefined && d.percent === undefined ? { amount: parseDecimal(d.amount, PRICE_SCALE) } : {}),
        }));
      }
    } catch {
      throw new CalculationError(`Riga ${i + 1}: quantità o prezzo non validi`);
    }
    if (quantity !== null && quantity < 0n) throw new CalculationError(`Riga ${i + 1}: la quantità non può essere negativa`);
    const amount = kind === "hidden" ? 0 : computeRowAmount(unitPrice, quantity, discounts);
    const inFeeBase = kind === "normal" && !!r.subjectToWithholding;
    const steps: Step[] =
      kind === "hidden"
        ? [{ label: "Riga senza importo (Nascondi importo)", amount: 0 }]
        : [
            {
              label:
                `Prezzo ${formatScaled(unitPrice, PRICE_SCALE, 2).replace(".", ",")}` +
                (discounts.length ? ` con ${discounts.length} sconto/maggiorazione` : "") +
                ` × quantità ${formatScaled(quantity ?? ONE_QTY, QTY_SCALE, 0).replace(".", ",")}`,
              amount,
            },
          ];
    if (kind === "advance") steps.push({ label: "Non imponibile per anticipazione (art. 15, N1): fuori da ogni base", amount });
    rows.push({
      index: i,
      kind,
      description: r.description,
      quantity,
      unitPrice,
      discounts,
      amount,
      vatRate,
      natura,
      inFeeBase,
      withholding: false,
      steps,
    });
  }

  // 2. Compenso, grouped by VAT treatment (each group gets its own cassa block)
  const feeGroups = new Map<string, { vatRate: bigint; natura?: Natura; base: Cents }>();
  let compenso = 0;
  for (const row of rows) {
    if (!row.inFeeBase) continue;
    compenso += row.amount;
    const k = groupKey(row.vatRate, row.natura);
    const g = feeGroups.get(k);
    if (g) g.base += row.amount;
    else feeGroups.set(k, { vatRate: row.vatRate, natura: row.natura, base: row.amount });
  }
  const compensoFigure: Figure = {
    amount: compenso,
    steps: [{ label: "Compenso: somma delle righe soggette a ritenuta e contributi", amount: compenso }],
  };

  // 6 (decided early). Does a ritenuta apply?
  let withholdingApplies = !!settings.withholding && compenso !== 0;
  let noWithholding: string | null = null;
  if (settings.withholding && forfettario) {
    noWithholding = "Regime forfettario/minimi: compenso non soggetto a ritenuta d'acconto (art. 1 c. 67 L. 190/2014)";
  } else if (settings.withholding && cannotWithhold) {
    noWithholding = NO_WITHHOLDING_NOTES[cannotWithhold];
  }
  if (noWithholding) {
    withholdingApplies = false;
    notes.push(noWithholding);
  }
  if (withholdingApplies) for (const row of rows) row.withholding = row.inFeeBase;

  // 3-4. Rivalsa INPS (TC22) and professional fund, one block per VAT treatment of the fee
  const cassa: CassaResult[] = [];
  const addCassa = (type: TipoCassa, rateInput: NonNullable<FiscalSettings["rivalsaInps"]>, withholding: boolean, label: string) => {
    const rate = parsePercent(rateInput);
    if (rate === 0n) return;
    for (const g of feeGroups.values()) {
      const amount = toCents(roundDiv(BigInt(g.base) * rate, PCT_DEN));
      cassa.push({
        type,
        rate,
        base: g.base,
        amount,
        vatRate: g.vatRate,
        natura: g.natura,
        withholding,
        steps: [{ label: `${label} ${rateToString(rate)}% su ${moneyLabel(g.base)}`, base: g.base, rate: rateToString(rate), amount }],
      });
    }
  };
  if (settings.rivalsaInps !== undefined && settings.rivalsaInps !== null) {
    addCassa("TC22", settings.rivalsaInps, withholdingApplies, "Rivalsa INPS");
  }
  if (settings.cassa) addCassa(settings.cassa.type, settings.cassa.rate, false, "Contributo cassa previdenziale");

  // 7a. Stamp duty: decided on the amounts not subject to VAT, before the recharge row. It is the law's, never
  // switched off: the document only says who bears it; an amount of 0 or none (documents saved before the rule)
  // is the law's 2.00
  const stampAmount = settings.stamp?.amount && settings.stamp.amount > 0 ? settings.stamp.amount : STAMP_AMOUNT;
  let exemptBase = 0;
  for (const row of rows) if (row.natura && row.vatRate === 0n && NATURE_CON_BOLLO.includes(row.natura)) exemptBase += row.amount;
  for (const c of cassa) if (c.natura && c.vatRate === 0n && NATURE_CON_BOLLO.includes(c.natura)) exemptBase += c.amount;
  const stampDue = exemptBase > STAMP_THRESHOLD;
  const chargedToCustomer = stampDue && !input.stampBorneByIssuer;
  const stampSteps: Step[] = [
    {
      label: `Importi esenti/esclusi/non soggetti a IVA: ${moneyLabel(exemptBase)} ${stampDue ? ">" : "≤"} 77,47`,
      base: exemptBase,
      amount: stampDue ? stampAmount : 0,
    },
  ];
  if (stampDue) {
    stampSteps.push({
      label: chargedToCustomer
        ? "Bollo virtuale addebitato al cliente (riga 'Imposta di bollo', N1)"
        : "Marca da bollo a proprio carico: non addebitata al cliente",
      amount: chargedToCustomer ? stampAmount : 0,
    });
    if (chargedToCustomer) {
      rows.push({
        index: -1,
        kind: "stamp",
        description: STAMP_ROW_DESCRIPTION,
        quantity: null,
        unitPrice: BigInt(stampAmount) * pow10(PRICE_SCALE - 2),
        discounts: [],
        amount: stampAmount,
        vatRate: 0n,
        natura: "N1",
        inFeeBase: false,
        withholding: false,
        steps: [{ label: "Rivalsa imposta di bollo (esclusa art. 15, N1)", amount: stampAmount }],
      });
    }
  }
  const stamp: StampResult = { due: stampDue, amount: stampDue ? stampAmount : 0, chargedToCustomer, exemptBase, steps: stampSteps };

  // Split payment: never on fees subject to ritenuta (DL 87/2018)
  let split = !!input.buyer?.splitPayment;
  if (split && withholdingApplies) {
    split = false;
    notes.push("Scissione dei pagamenti non applicata: compensi soggetti a ritenuta (art. 17-ter c.2 DPR 633/72, DL 87/2018)");
  }

  // 5. Riepilogo per (rate, natura), VAT computed once per group
  const groups = new Map<string, SummaryResult & { rowsTotal: Cents; cassaTotal: Cents }>();
  const touch = (rate: bigint, natura: Natura | undefined) => {
    const k = groupKey(rate, natura);
    let g = groups.get(k);
    if (!g) {
      g = {
        vatRate: rate,
        natura,
        taxable: 0,
        vat: 0,
        esigibilita: "I",
        ...(natura ? { legalReference: RIFERIMENTI_NORMATIVI[natura] } : {}),
        steps: [],
        rowsTotal: 0,
        cassaTotal: 0,
      };
      groups.set(k, g);
    }
    return g;
  };
  for (const row of rows) touch(row.vatRate, row.natura).rowsTotal += row.amount;
  for (const c of cassa) touch(c.vatRate, c.natura).cassaTotal += c.amount;
  const summary: SummaryResult[] = [];
  let taxableTotal = 0;
  let vatTotal = 0;
  let splitVat = 0;
  for (const g of groups.values()) {
    g.taxable = g.rowsTotal + g.cassaTotal;
    g.vat = toCents(roundDiv(BigInt(g.taxable) * g.vatRate, PCT_DEN));
    const rateLabel = g.natura ? `${rateToString(g.vatRate)}% ${g.natura}` : `${rateToString(g.vatRate)}%`;
    g.steps.push({ label: `Imponibile ${rateLabel}: righe ${moneyLabel(g.rowsTotal)} + contributi ${moneyLabel(g.cassaTotal)}`, amount: g.taxable });
    g.steps.push({ label: `IVA ${rateLabel} su ${moneyLabel(g.taxable)}`, base: g.taxable, rate: rateToString(g.vatRate), amount: g.vat });
    if (split && g.vatRate !== 0n) {
      g.esigibilita = "S";
      splitVat += g.vat;
      g.steps.push({ label: "Scissione dei pagamenti: IVA versata dall'ente (art. 17-ter DPR 633/72)", amount: g.vat });
    }
    taxableTotal += g.taxable;
    vatTotal += g.vat;
    const { rowsTotal: _r, cassaTotal: _c, ...clean } = g;
    summary.push(clean);
  }

  // 6. Ritenuta on compenso + rivalsa INPS (not on the contributo integrativo, not on VAT)
  let withholding: WithholdingResult | null = null;
  if (withholdingApplies && settings.withholding) {
    const rivalsa = cassa.filter((c) => c.type === "TC22").reduce((a, c) => a + c.amount, 0);
    const fullBase = compenso + rivalsa;
    const share = parsePercent(settings.withholding.baseShare ?? "100");
    const base = share === PCT_DEN ? fullBase : percentOf(fullBase, share);
    const rate = parsePercent(settings.withholding.rate);
    const amount = percentOf(base, rate);
    const steps: Step[] = [{ label: `Base ritenuta: compenso ${moneyLabel(compenso)} + rivalsa INPS ${moneyLabel(rivalsa)}`, amount: fullBase }];
    if (share !== PCT_DEN) steps.push({ label: `Quota soggetta a ritenuta ${rateToString(share)}%`, base: fullBase, rate: rateToString(share), amount: base });
    steps.push({ label: `Ritenuta d'acconto ${rateToString(rate)}%`, base, rate: rateToString(rate), amount });
    withholding = { type: settings.issuerIsPerson ? "RT01" : "RT02", rate, base, amount, causale: settings.withholding.causale, steps };
  }

  // 7. Totals
  const total = taxableTotal + vatTotal;
  const withheld = withholding?.amount ?? 0;
  const net = total - withheld - splitVat;
  const netSteps: Step[] = [{ label: "Totale documento", amount: total }];
  if (withheld) netSteps.push({ label: "− ritenuta d'acconto", amount: -withheld });
  if (splitVat) netSteps.push({ label: "− IVA in scissione dei pagamenti", amount: -splitVat });
  netSteps.push({ label: "Netto a pagare", amount: net });

  return {
    rows,
    compenso: compensoFigure,
    cassa,
    summary,
    withholding,
    stamp,
    taxableAmount: { amount: taxableTotal, steps: summary.map((s) => ({ label: `Imponibile ${rateToString(s.vatRate)}%${s.natura ? " " + s.natura : ""}`, amount: s.taxable })) },
    vatAmount: { amount: vatTotal, steps: summary.map((s) => ({ label: `IVA ${rateToString(s.vatRate)}%${s.natura ? " " + s.natura : ""}`, base: s.taxable, rate: rateToString(s.vatRate), amount: s.vat })) },
    totalAmount: {
      amount: total,
      steps: [
        { label: "Totale imponibile", amount: taxableTotal },
        { label: "+ IVA", amount: vatTotal },
        { label: "Totale documento (ImportoTotaleDocumento)", amount: total },
      ],
    },
    splitPaymentVat: { amount: splitVat, steps: split ? [{ label: "IVA in scissione dei pagamenti", amount: splitVat }] : [] },
    netToPay: { amount: net, steps: netSteps },
    notes,
    noWithholding,
    isForfettario: forfettario,
  };
}
