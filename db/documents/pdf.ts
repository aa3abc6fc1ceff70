/**
 * What the PDF of a sales document shows (lib/pdf/invoice-pdf.tsx renders it): the document as the API
 * answers it, the seller and buyer as snapshotted when it was issued (the live tenant and customer while it is
 * a Bozza), the tenant's logo and footer, the bank accounts of its deadlines, and the calculation's VAT summary
 * and wordings (calculateDocument again on the stored rows, with the regime and buyer).
 */
import "server-only";
import { inArray } from "drizzle-orm";
import { bankAccounts, contacts, documents, vatRates, type Contact, type Document, type Tenant } from "@/db/schema";
import type { TenantScope } from "@/db/scope";
import { correctedInvoiceOf, policyOf } from "@/lib/documents/policy";
import { NATURE, type Natura } from "@/lib/fiscal/codes";
import { formatPercent, parseStoredDecimal } from "@/lib/format";
import { PERCENT_SCALE } from "@/lib/money";
import { INVOICE_MESSAGES, type InvoiceJson } from "@/lib/schemas/invoice";
import type { InvoicePdfInput, PdfBankAccount, PdfParty, PdfRow } from "@/lib/pdf/invoice-pdf";
import { buyerOf, calculate, fiscalRowsOf, fiscalSettingsOf } from "@/lib/invoice-calculation";
import { invoiceEntity } from "./entity";

type Snapshot = Record<string, unknown>;

const text = (o: Snapshot, key: string): string => (typeof o[key] === "string" ? (o[key] as string) : "");

function sellerOf(tenant: Tenant, snapshot: Snapshot | null): PdfParty & { taxRegime: string } {
  const o: Snapshot = snapshot ?? tenant;
  return {
    name: text(o, "denomination"),
    vatNumber: text(o, "vat"),
    fiscalCode: text(o, "fiscalCode"),
    address: text(o, "address"),
    postalCode: text(o, "postalCode"),
    city: text(o, "city"),
    province: text(o, "province"),
    phone: text(o, "phone"),
    email: text(o, "email"),
    taxRegime: text(o, "taxRegime") || tenant.taxRegime,
  };
}

type BuyerFlags = Pick<Contact, "kind" | "vatNumber" | "publicAdministration" | "splitPayment" | "withholdingAgent">;

function buyerPartyOf(o: Snapshot): PdfParty & BuyerFlags {
  return {
    name: text(o, "name"),
    vatCountry: text(o, "vatCountry"),
    vatNumber: text(o, "vatNumber"),
    fiscalCode: text(o, "fiscalCode"),
    address: text(o, "address"),
    postalCode: text(o, "postalCode"),
    city: text(o, "city"),
    province: text(o, "province"),
    country: text(o, "country"),
    pec: text(o, "pec"),
    sdiCode: text(o, "sdiCode"),
    kind: text(o, "kind") as Contact["kind"],
    publicAdministration: o.publicAdministration === true,
    splitPayment: o.splitPayment === true,
    // read as the XML reads the snapshot (a snapshot without the flag withholds); whether this buyer can withhold at
    // all (a consumer, a buyer abroad: no) is the calculation's one rule, on the kind and the countries above
    withholdingAgent: o.withholdingAgent !== false,
  };
}

/** react-pdf draws PNG and JPEG: the logo as uploaded when it is one of them, else its JPEG thumbnail. */
function logoOf(tenant: Tenant): InvoicePdfInput["logo"] {
  const type = tenant.logoContentType ?? "";
  if (tenant.logo && type === "image/png") return { data: Buffer.from(tenant.logo), format: "png" };
  if (tenant.logo && (type === "image/jpeg" || type === "image/jpg")) return { data: Buffer.from(tenant.logo), format: "jpg" };
  if (tenant.logoThumb) return { data: Buffer.from(tenant.logoThumb), format: "jpg" };
  return null;
}

/** "22%" for a rate scaled by 10^PERCENT_SCALE (the calculation's) or as the database stores it ("22.00"); with a natura "0% N2.2". */
function vatLabel(rate: bigint | string, natura: string | null | undefined): string {
  const scaled = typeof rate === "bigint" ? rate : parseStoredDecimal(rate, PERCENT_SCALE);
  const pct = scaled === null ? String(rate) : formatPercent(scaled, PERCENT_SCALE);
  return natura ? `${pct} ${natura}` : pct;
}

/** The invoice a credit note corrects (made from it, or typed in), as the XML names it too (policy.ts correctedInvoiceOf). */
async function correctsOf(scope: TenantScope, doc: Document): Promise<{ number: string; date: string | null } | null> {
  const source = policyOf(doc.kind).correctsInvoice && doc.sourceDocumentId !== null ? await scope.find(documents, doc.sourceDocumentId) : undefined;
  return correctedInvoiceOf(doc, source);
}

/** Everything the PDF of document `id` shows (404 for another tenant's). */
export async function getInvoicePdfData(scope: TenantScope, id: number): Promise<InvoicePdfInput> {
  const doc = await scope.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
  const json: InvoiceJson = await invoiceEntity.toJson(scope, doc);
  const tenant = await scope.getTenant();
  const seller = sellerOf(tenant, doc.sellerSnapshot ?? null);
  const buyer = buyerPartyOf(doc.buyerSnapshot ?? ((await scope.getOrThrow(contacts, doc.contactId, INVOICE_MESSAGES.contactUnknown)) as unknown as Snapshot));

  const vatIds = [...new Set(json.rows.flatMap((r) => (r.vat ? [r.vat.id] : [])))];
  const rates = vatIds.length ? await scope.select({ id: vatRates.id, rate: vatRates.rate, natura: vatRates.natura }).from(vatRates).where(inArray(vatRates.id, vatIds)) : [];
  const vats = new Map(rates.map((v) => [v.id, { rate: v.rate, natura: v.natura }]));

  const rowValues = json.rows.map((r) => ({ ...r, tempId: undefined, activity: r.activity, item: r.item, service: r.service }));
  const calc = calculate(fiscalRowsOf(rowValues, vats), fiscalSettingsOf({ taxRegime: seller.taxRegime, fiscalCode: seller.fiscalCode }, json), buyerOf(buyer, json.publicAdministration), json.stampBorneByIssuer);

  // the calculation's rows follow the document's, less the headings and the hidden rows without a rate (by index:
  // a search per row cost 1,500 × 1,500 comparisons on the request loop for a 1,500-row document)
  const calcRows = new Map<number, (typeof calc.rows)[number]>();
  for (const c of calc.rows) if (!calcRows.has(c.index)) calcRows.set(c.index, c);
  let k = 0;
  const rows: PdfRow[] = json.rows.map((r) => {
    const vat = r.vat ? vats.get(r.vat.id) : undefined;
    const inCalc = r.rowType !== "SEZIONE" && vat !== undefined;
    // the index is taken once per row (it advanced once per comparison inside find: every row after the first
    // printed 0,00)
    const index = inCalc ? k++ : -1;
    const result = inCalc ? calcRows.get(index) : undefined;
    return {
      rowType: r.rowType,
      description: r.description,
      hideAmount: r.hideAmount,
      quantity: r.quantity,
      unitPrice: r.amount,
      amount: result?.amount ?? 0,
      // the rate applied (the calculation's: a forfettario's 22% product row is 0% N2.2), else the row's own
      vatLabel: result ? vatLabel(result.vatRate, result.natura) : vat ? vatLabel(vat.rate, vat.natura) : "",
    };
  });

  const bankIds = [...new Set([...json.deadlines.flatMap((d) => (d.bankAccount ? [d.bankAccount.id] : [])), ...(json.bankAccount ? [json.bankAccount.id] : [])])];
  const banks = new Map(
    (bankIds.length ? await scope.list(bankAccounts, { where: inArray(bankAccounts.id, bankIds) }) : []).map((b): [number, PdfBankAccount] => [
      b.id,
      { type: b.bankAccountType, name: b.bankName, iban: b.iban, url: b.url },
    ]),
  );
  const documentBank = json.bankAccount ? (banks.get(json.bankAccount.id) ?? null) : null;

  return {
    kind: json.kind,
    documentType: json.documentType,
    number: json.number,
    date: json.date,
    seller,
    buyer,
    logo: logoOf(tenant),
    address: json.address,
    details: json.details,
    rows,
    vatSummary: calc.summary.map((v) => ({
      label: vatLabel(v.vatRate, v.natura),
      // the natura named with its law reference, as the XML's RiferimentoNormativo says it
      // (once when the two say the same: N1)
      description: v.natura ? [...new Set([NATURE[v.natura as Natura], v.legalReference].filter(Boolean))].join(": ") || undefined : undefined,
      taxable: v.taxable,
      vat: v.vat,
      splitPayment: v.esigibilita === "S",
    })),
    totals: json.totals,
    inpsRevengeName: tenant.inpsRevengeName,
    inpsRevenge: json.inpsRevenge,
    professionistFundName: tenant.professionistFundName,
    professionistFund: json.professionistFund,
    withholdingTaxPercentage: json.withholdingTaxPercentage,
    stampDue: calc.stamp.due,
    stampCharged: calc.stamp.chargedToCustomer,
    stampValue: calc.stamp.amount,
    isForfettario: calc.isForfettario,
    splitPayment: calc.summary.some((v) => v.esigibilita === "S"),
    splitPaymentVat: calc.splitPaymentVat.amount,
    // a 'Stornato' deadline asks for nothing (a credit note netted it): the customer's copy lists what is to be paid
    deadlines: !policyOf(json.kind).pdf.deadlines ? [] : json.deadlines.filter((d) => d.deadlineState !== "Stornato").map((d) => ({ date: d.deadlineDate, amount: d.amount, state: d.deadlineState, bankAccount: d.bankAccount ? (banks.get(d.bankAccount.id) ?? null) : documentBank })),
    footer: tenant.footer,
    paDocument: json.publicAdministration ? json.paDocument : null,
    corrects: await correctsOf(scope, doc),
  };
}
